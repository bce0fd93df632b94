import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { inViewScopes, visibleTasks, visibleTasksInShownList } from "../privacy/privacy.filters.js";
import type { PrivacyView, ViewScope } from "../privacy/privacy.rules.js";
import { containsIgnoringCase, inChunks } from "../../db/sql-helpers.js";
import type { TaskRecord } from "./tasks.repository.js";

/** Which half of a list's tasks: complete (status 1) or incomplete (0 and pending 2). */
export type TaskHalf = "incomplete" | "complete";

/** One page of tasks from each of several lists. */
export interface ListPagesRequest {
  listIds: readonly number[];
  half: TaskHalf;
  /** The reader's view; the lists are ones already shown to them. */
  view: PrivacyView;
  offset: number;
  limit: number;
}

/** Visible tasks per list and half. */
export interface ListTaskCount {
  task_list_id: number;
  complete: number;
  incomplete: number;
}

/** A comparison on a calendar-date column. */
export interface DateCondition {
  op: "=" | "<" | ">" | "<=" | ">=" | "null" | "not_null";
  date?: string;
}

/** Projects searched with the same privacy view. */
export type ProjectScope = ViewScope;

/** What `GET pm/v2/tasks` searches; every field narrows. */
export interface TaskSearch {
  /** Null: every project, private records included (site managers). */
  scopes: readonly ProjectScope[] | null;
  assigneeIds?: readonly number[];
  /** Any of these statuses (`incomplete` is 0 and 2). */
  statuses?: readonly number[];
  startAt?: DateCondition;
  dueDate?: DateCondition;
  dueFrom?: string;
  /** Inclusive UTC bounds of `completed_at`, as stored. */
  completedFrom?: string;
  completedTo?: string;
  milestoneId?: number;
  taskListId?: number;
  title?: string;
}

const INCOMPLETE_STATUSES = [0, 2];

/** Listing queries of tasks: per-list pages with a window function, counts, and the filtered search. */
export function taskPagesRepository(db: Kysely<Database>) {
  function halfCondition(eb: ExpressionBuilder<Database, "tasks">, half: TaskHalf) {
    return half === "complete" ? eb("tasks.status", "=", 1) : eb("tasks.status", "in", INCOMPLETE_STATUSES);
  }

  function dateCondition(eb: ExpressionBuilder<Database, "tasks">, column: "tasks.start_at" | "tasks.due_date", condition: DateCondition) {
    if (condition.op === "null") return eb(column, "is", null);
    if (condition.op === "not_null") return eb(column, "is not", null);
    return eb(column, condition.op, condition.date ?? "");
  }

  function searched(search: TaskSearch) {
    return db
      .selectFrom("tasks")
      .where("tasks.parent_id", "=", 0)
      .where((eb) => {
        const conditions = [];
        if (search.scopes) conditions.push(inViewScopes(eb, "tasks.project_id", search.scopes, visibleTasks));
        if (search.assigneeIds && search.assigneeIds.length > 0) {
          // Assignee rows carry the project, so the (user, project, task) index answers both halves at once.
          const projectIds = search.scopes?.flatMap((scope) => scope.projectIds);
          conditions.push(
            eb(
              "tasks.id",
              "in",
              eb
                .selectFrom("task_assignees")
                .select("task_assignees.task_id")
                .where("task_assignees.user_id", "in", [...search.assigneeIds])
                .$if(projectIds !== undefined, (qb) => qb.where("task_assignees.project_id", "in", projectIds ?? [])),
            ),
          );
        }
        if (search.statuses !== undefined) {
          conditions.push(search.statuses.length === 1 ? eb("tasks.status", "=", search.statuses[0] ?? 0) : eb("tasks.status", "in", [...search.statuses]));
        }
        if (search.startAt) conditions.push(dateCondition(eb, "tasks.start_at", search.startAt));
        if (search.dueDate) conditions.push(dateCondition(eb, "tasks.due_date", search.dueDate));
        if (search.dueFrom) conditions.push(eb("tasks.due_date", ">=", search.dueFrom));
        if (search.completedFrom) conditions.push(eb("tasks.completed_at", ">=", search.completedFrom));
        if (search.completedTo) conditions.push(eb("tasks.completed_at", "<=", search.completedTo));
        if (search.milestoneId !== undefined) {
          conditions.push(eb("tasks.task_list_id", "in", eb.selectFrom("task_lists").select("task_lists.id").where("task_lists.milestone_id", "=", search.milestoneId)));
        }
        if (search.taskListId !== undefined) conditions.push(eb("tasks.task_list_id", "=", search.taskListId));
        if (search.title) conditions.push(containsIgnoringCase("tasks.title", search.title));
        return eb.and(conditions);
      });
  }

  /** One windowed page query for lists few enough to bind at once. */
  function pageOfLists(request: ListPagesRequest): Promise<Array<TaskRecord & { rn: number }>> {
    // Numbering reads only the index (list, status, privacy, parent, position); whole rows are fetched for
    // the kept page alone.
    const numbered = db
      .selectFrom("tasks")
      .select(["tasks.id as ranked_id", sql<number>`row_number() over (partition by ${sql.ref("tasks.task_list_id")} order by ${sql.ref("tasks.sort_order")}, ${sql.ref("tasks.id")})`.as("rn")])
      .where("tasks.task_list_id", "in", [...request.listIds])
      .where((eb) => halfCondition(eb, request.half))
      .where((eb) => visibleTasksInShownList(eb, request.view))
      .where("tasks.parent_id", "=", 0);
    // The LIMIT is the true upper bound (one page per list); it tells PostgreSQL's planner that only a few
    // rows come back, so it fetches them by primary key instead of scanning the whole table to join them.
    const kept = db
      .selectFrom(numbered.as("n"))
      .select(["n.ranked_id", "n.rn"])
      .where("n.rn", ">", request.offset)
      .where("n.rn", "<=", request.offset + request.limit)
      .limit(request.listIds.length * request.limit);
    return db
      .selectFrom(kept.as("r"))
      .innerJoin("tasks", "tasks.id", "r.ranked_id")
      .leftJoin("task_types", "task_types.id", "tasks.type_id")
      .selectAll("tasks")
      .select(["r.rn", "task_types.title as type_title", "task_types.description as type_description"])
      .orderBy("tasks.task_list_id")
      .orderBy("r.rn")
      .execute();
  }

  return {
    /**
     * The first `limit` tasks after `offset` of each list, ordered by position, in one statement per 500
     * lists whatever their tasks: ROW_NUMBER() numbers each list's tasks and the outer query keeps one page
     * of each.
     */
    pageTasksByList(request: ListPagesRequest): Promise<Array<TaskRecord & { rn: number }>> {
      return inChunks(request.listIds, (listIds) => pageOfLists({ ...request, listIds }));
    },

    /** Visible top-level tasks of each list, complete and not, in one grouped query per 500 lists. */
    async countTasksByList(listIds: readonly number[], view: PrivacyView): Promise<Map<number, ListTaskCount>> {
      const counts = new Map<number, ListTaskCount>();
      const rows = await inChunks(listIds, (chunk) =>
        db
          .selectFrom("tasks")
          .select(["tasks.task_list_id", "tasks.status", (eb) => eb.fn.countAll<number>().as("count")])
          .where("tasks.task_list_id", "in", chunk)
          .where("tasks.parent_id", "=", 0)
          .where((eb) => visibleTasksInShownList(eb, view))
          .groupBy(["tasks.task_list_id", "tasks.status"])
          .execute());
      for (const row of rows) {
        const entry = counts.get(row.task_list_id) ?? { task_list_id: row.task_list_id, complete: 0, incomplete: 0 };
        if (Number(row.status) === 1) entry.complete += Number(row.count);
        else entry.incomplete += Number(row.count);
        counts.set(row.task_list_id, entry);
      }
      return counts;
    },

    /**
     * One page of the search, newest first, with the total. The page's ids are chosen first and whole
     * rows read for them alone: SQLite otherwise tends to fetch and sort every matching row when an index
     * narrows the filter, while picking ids costs at most what the count costs.
     */
    async searchTasks(search: TaskSearch, limit: number | null, offset: number): Promise<{ rows: TaskRecord[]; total: number }> {
      const pageIds = searched(search)
        .select("tasks.id")
        .orderBy("tasks.id", "desc")
        .$if(limit !== null, (qb) => qb.limit(limit ?? 0).offset(offset));
      const [rows, total] = await Promise.all([
        db
          .selectFrom("tasks")
          .leftJoin("task_types", "task_types.id", "tasks.type_id")
          .selectAll("tasks")
          .select(["task_types.title as type_title", "task_types.description as type_description"])
          .where("tasks.id", "in", pageIds)
          .orderBy("tasks.id", "desc")
          .execute(),
        searched(search).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
    },
  };
}

export type TaskPagesRepository = ReturnType<typeof taskPagesRepository>;

import type { CustomFieldFilter } from "@plotline/contracts";
import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { inViewScopes, visibleTaskCounts, visibleTasks, visibleTasksInShownList } from "../privacy/privacy.filters.js";
import { holds, type PrivacyView, type ViewScope } from "../privacy/privacy.rules.js";
import { chunkIds, containsIgnoringCase, inChunks } from "../../db/sql-helpers.js";
import type { TaskRecord } from "./tasks.repository.js";
import { customFieldConditions } from "../custom-fields/custom-fields.filters.js";

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
  /** Tasks nobody is assigned to; with `assigneeIds`, those and the tasks of these assignees. */
  unassigned?: boolean;
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
  /** That task alone. */
  taskId?: number;
  title?: string;
  /** Any of these priorities (0 none to 4 urgent). */
  priorities?: readonly number[];
  /** `priority`: most pressing first, then newest first; by default newest first. */
  order?: "priority";
  /** Custom field filters (`cf[<id>]`), all of which a task must match. */
  customFields?: readonly CustomFieldFilter[];
}

const INCOMPLETE_STATUSES = [0, 2];

/** The search filters `task_counts` can answer (its columns), and the order, which changes no total. */
const KEPT_COUNT_FILTERS: ReadonlySet<string> = new Set<keyof TaskSearch>(["scopes", "statuses", "milestoneId", "taskListId", "order"]);

/** Whether the kept counts answer this search's total: no filter but those (a new filter is counted from the tasks). */
function answeredByKeptCounts(search: TaskSearch): boolean {
  return Object.entries(search).every(([filter, value]) => value === undefined || KEPT_COUNT_FILTERS.has(filter));
}

/** Lists paged by one statement: one SELECT each in a UNION ALL, and SQLite allows 500 of them. */
const LISTS_PER_STATEMENT = 200;

/** Listing queries of tasks: a page of each list, counts per list, and the filtered search. */
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
        const byAssignee = [];
        if (search.assigneeIds && search.assigneeIds.length > 0) {
          // Assignee rows carry the project, so the (user, project, task) index answers both halves at once.
          const projectIds = search.scopes?.flatMap((scope) => scope.projectIds);
          byAssignee.push(
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
        if (search.unassigned) {
          byAssignee.push(eb.not(eb.exists(eb.selectFrom("task_assignees").select("task_assignees.task_id").whereRef("task_assignees.task_id", "=", "tasks.id"))));
        }
        if (byAssignee.length > 0) conditions.push(eb.or(byAssignee));
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
        if (search.taskId !== undefined) conditions.push(eb("tasks.id", "=", search.taskId));
        if (search.title) conditions.push(containsIgnoringCase("tasks.title", search.title));
        if (search.priorities !== undefined) {
          conditions.push(search.priorities.length === 1 ? eb("tasks.priority", "=", search.priorities[0] ?? 0) : eb("tasks.priority", "in", [...search.priorities]));
        }
        if (search.customFields) conditions.push(...customFieldConditions(eb, search.customFields));
        return eb.and(conditions);
      });
  }

  /**
   * How many tasks `searched` finds, from the counts the triggers keep per list, privacy flag and status
   * (tasks.counters.migration.ts), when every filter given is one of those columns: a few rows per list
   * instead of every matching task.
   */
  function countKept(search: TaskSearch) {
    return db
      .selectFrom("task_counts")
      .select((eb) => eb.fn.sum<number>("task_counts.count").as("count"))
      .where((eb) => {
        const conditions = [];
        if (search.scopes) conditions.push(inViewScopes(eb, "task_counts.project_id", search.scopes, visibleTaskCounts));
        if (search.statuses !== undefined) conditions.push(eb("task_counts.status", "in", [...search.statuses]));
        if (search.milestoneId !== undefined) {
          conditions.push(eb("task_counts.task_list_id", "in", eb.selectFrom("task_lists").select("task_lists.id").where("task_lists.milestone_id", "=", search.milestoneId)));
        }
        if (search.taskListId !== undefined) conditions.push(eb("task_counts.task_list_id", "=", search.taskListId));
        return eb.and(conditions);
      })
      .executeTakeFirst();
  }

  /**
   * One page of each list, in one statement: a UNION ALL of one small query per list, each reading its
   * list's tasks in position order through the (list, position) index and stopping at the page's end. A
   * window function numbering every task of the lists did the same in one pass, but that pass read every
   * open task of every list: a list that grew to thousands of tasks made its page slower each time.
   */
  async function pageOfLists(request: ListPagesRequest): Promise<Array<TaskRecord & { rn: number }>> {
    const perList = request.listIds.map((listId) =>
      db
        .selectFrom(
          db
            .selectFrom("tasks")
            .select("tasks.id as page_id")
            .where("tasks.task_list_id", "=", listId)
            .where((eb) => halfCondition(eb, request.half))
            .where((eb) => visibleTasksInShownList(eb, request.view))
            .where("tasks.parent_id", "=", 0)
            .orderBy("tasks.sort_order")
            .orderBy("tasks.id")
            .limit(request.limit)
            .offset(request.offset)
            .as("one_list"),
        )
        .select("one_list.page_id"),
    );
    const [first, ...others] = perList;
    if (!first) return [];
    const pageIds = others.reduce((union, next) => union.unionAll(next), first);
    const rows = await db
      .selectFrom(pageIds.as("p"))
      .innerJoin("tasks", "tasks.id", "p.page_id")
      .leftJoin("task_types", "task_types.id", "tasks.type_id")
      .selectAll("tasks")
      .select(["task_types.title as type_title", "task_types.description as type_description"])
      .orderBy("tasks.task_list_id")
      .orderBy("tasks.sort_order")
      .orderBy("tasks.id")
      .execute();
    // Each list's position on its page, counted from the page's first task.
    let listId = -1;
    let position = request.offset;
    return rows.map((row) => {
      if (row.task_list_id !== listId) {
        listId = row.task_list_id;
        position = request.offset;
      }
      position += 1;
      return { ...row, rn: position };
    });
  }

  return {
    /**
     * The first `limit` tasks after `offset` of each list, ordered by list and position, in one statement per
     * LISTS_PER_STATEMENT lists whatever their tasks.
     */
    async pageTasksByList(request: ListPagesRequest): Promise<Array<TaskRecord & { rn: number }>> {
      const rows: Array<TaskRecord & { rn: number }> = [];
      for (const listIds of chunkIds(request.listIds, LISTS_PER_STATEMENT)) rows.push(...(await pageOfLists({ ...request, listIds })));
      return rows;
    },

    /** Visible top-level tasks of each list, complete and not, from the counts the triggers keep (tasks.counters.migration.ts). */
    async countTasksByList(listIds: readonly number[], view: PrivacyView): Promise<Map<number, ListTaskCount>> {
      const counts = new Map<number, ListTaskCount>();
      // The rule of visibleTasksInShownList: private tasks count only for a reader with view_private_task.
      const publicOnly = !holds(view, "view_private_task");
      const rows = await inChunks(listIds, (chunk) =>
        db
          .selectFrom("task_counts")
          .select(["task_list_id", "status", (eb) => eb.fn.sum<number>("count").as("count")])
          .where("task_list_id", "in", chunk)
          .where("count", "<>", 0)
          .$if(publicOnly, (qb) => qb.where("privacy", "=", 0))
          .groupBy(["task_list_id", "status"])
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
     * One page of the search, newest first (or most pressing first), with the total. The page's ids are chosen first and whole
     * rows read for them alone: SQLite otherwise tends to fetch and sort every matching row when an index
     * narrows the filter, while picking ids costs at most what the count costs.
     */
    async searchTasks(search: TaskSearch, limit: number | null, offset: number): Promise<{ rows: TaskRecord[]; total: number }> {
      const byPriority = search.order === "priority";
      const pageIds = searched(search)
        .select("tasks.id")
        .$if(byPriority, (qb) => qb.orderBy("tasks.priority", "desc"))
        .orderBy("tasks.id", "desc")
        .$if(limit !== null, (qb) => qb.limit(limit ?? 0).offset(offset));
      const [rows, total] = await Promise.all([
        db
          .selectFrom("tasks")
          .leftJoin("task_types", "task_types.id", "tasks.type_id")
          .selectAll("tasks")
          .select(["task_types.title as type_title", "task_types.description as type_description"])
          .where("tasks.id", "in", pageIds)
          .$if(byPriority, (qb) => qb.orderBy("tasks.priority", "desc"))
          .orderBy("tasks.id", "desc")
          .execute(),
        answeredByKeptCounts(search) ? countKept(search) : searched(search).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total?.count ?? 0) };
    },
  };
}

export type TaskPagesRepository = ReturnType<typeof taskPagesRepository>;

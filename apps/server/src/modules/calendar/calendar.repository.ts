import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";
import type { Database } from "../../db/schema.js";
import { inChunks } from "../../db/sql-helpers.js";
import { inViewScopes, visibleMilestones, visibleTasks } from "../privacy/privacy.filters.js";
import type { ViewScope } from "../privacy/privacy.rules.js";

/** Projects read with the same privacy view: which private records the reader may see in them. */
export type CalendarScope = ViewScope;

/** What a calendar call searches. The range is `[start, end)` in whole days. */
export interface CalendarSearch {
  /** Null: every project, private records included (a site manager without a project filter). */
  scopes: readonly CalendarScope[] | null;
  start: string;
  end: string;
  /** Tasks assigned to any of these users... */
  assigneeIds?: readonly number[];
  /** ...or (when set) tasks nobody is assigned to. Neither: every task. */
  unassigned?: boolean;
}

/** A task as the calendar shows it, with its list's title. */
export interface CalendarTaskRow {
  id: number;
  project_id: number;
  task_list_id: number;
  title: string;
  start_at: string | null;
  due_date: string | null;
  status: number;
  privacy: number;
  created_by: number;
  list_title: string;
}

/** A milestone as the calendar shows it. */
export interface CalendarMilestoneRow {
  id: number;
  project_id: number;
  title: string;
  achieve_date: string;
  status: number;
  privacy: number;
  created_by: number;
}

/** An assignee of a task, with what an event shows of them. */
export interface CalendarAssigneeRow {
  task_id: number;
  user_id: number;
  display_name: string;
  avatar_url: string | null;
}

/** A person with what a row or a select shows of them. */
export interface CalendarPersonRow {
  id: number;
  display_name: string;
  avatar_url: string | null;
}

/** A project member, for the calendar's selects and the user view's rows. */
export interface CalendarMemberRow extends CalendarPersonRow {
  project_id: number;
}

/** A current task list, for the New Task form. */
export interface CalendarListRow {
  id: number;
  project_id: number;
  title: string;
  is_inbox: number;
  privacy: number;
}

type TaskScope = ExpressionBuilder<Database, "tasks" | "task_lists">;

/**
 * The calendar's queries. Every privacy and membership rule is a SQL condition, so that a month of a
 * 10,000-task project is a handful of statements (see README.md for the plans).
 */
export function calendarRepository(db: Kysely<Database>) {
  /**
   * A task is shown from its start to its due date; with only one of them, on that day. It is in the
   * range when it starts before the range ends and finishes on or after the range's first day. Written
   * without `coalesce` so that `tasks_calendar_idx` (project, due date, start) answers both branches.
   */
  function overlaps(eb: TaskScope, start: string, end: string) {
    return eb.or([
      eb.and([
        eb("tasks.due_date", ">=", start),
        eb.or([eb("tasks.start_at", "<", end), eb.and([eb("tasks.start_at", "is", null), eb("tasks.due_date", "<", end)])]),
      ]),
      eb.and([eb("tasks.due_date", "is", null), eb("tasks.start_at", ">=", start), eb("tasks.start_at", "<", end)]),
    ]);
  }

  function tasksSearched(search: CalendarSearch) {
    return db
      .selectFrom("tasks")
      .innerJoin("task_lists", "task_lists.id", "tasks.task_list_id")
      .where("tasks.parent_id", "=", 0)
      .where((eb) => {
        const conditions: Array<Expression<SqlBool>> = [overlaps(eb, search.start, search.end)];
        if (search.scopes) conditions.push(inViewScopes(eb, "tasks.project_id", search.scopes, visibleTasks));
        const people = [];
        if (search.assigneeIds && search.assigneeIds.length > 0) {
          // Assignee rows carry the project, so the (user, project, task) index answers this alone.
          people.push(eb("tasks.id", "in", eb.selectFrom("task_assignees").select("task_assignees.task_id").where("task_assignees.user_id", "in", [...search.assigneeIds])));
        }
        if (search.unassigned) {
          people.push(eb.not(eb.exists(eb.selectFrom("task_assignees").select("task_assignees.task_id").whereRef("task_assignees.task_id", "=", "tasks.id"))));
        }
        if (people.length > 0) conditions.push(eb.or(people));
        return eb.and(conditions);
      });
  }

  /** The people with these ids (a month names a few, however many tasks), in one statement per 500. */
  function findPeople(ids: readonly number[]): Promise<CalendarPersonRow[]> {
    return inChunks([...new Set(ids)], (chunk) => db.selectFrom("users").select(["id", "display_name", "avatar_url"]).where("id", "in", chunk).execute());
  }

  /** The page of tasks: by first day shown, then id, at most `limit`. */
  function taskPage(search: CalendarSearch, limit: number) {
    return tasksSearched(search)
      .orderBy((eb) => eb.fn.coalesce("tasks.start_at", "tasks.due_date"))
      .orderBy("tasks.id")
      .limit(limit);
  }

  return {
    /**
     * Tasks shown in the range, in the order the calendar lays them out (at most `limit`), with their
     * assignees (by name): one statement for the tasks, each carrying its assignees' ids as a list
     * (`string_agg`, which both engines have), and one for the few people they name. Joining the assignee
     * rows instead made the database sort a row per task and person, twice the time of a month of 2,500 tasks.
     */
    async findTasks(search: CalendarSearch, limit: number): Promise<{ tasks: CalendarTaskRow[]; assignees: CalendarAssigneeRow[] }> {
      const rows = await taskPage(search, limit)
        .select([
          "tasks.id",
          "tasks.project_id",
          "tasks.task_list_id",
          "tasks.title",
          "tasks.start_at",
          "tasks.due_date",
          "tasks.status",
          "tasks.privacy",
          "tasks.created_by",
          "task_lists.title as list_title",
          (eb) =>
            eb
              .selectFrom("task_assignees")
              .select(sql<string | null>`string_agg(cast(${sql.ref("task_assignees.user_id")} as text), ',')`.as("ids"))
              .whereRef("task_assignees.task_id", "=", "tasks.id")
              .as("assignee_ids"),
        ])
        .execute();
      const idsOf = (list: string | null) => (list ? list.split(",").map(Number) : []);
      const people = new Map((await findPeople(rows.flatMap((row) => idsOf(row.assignee_ids)))).map((person) => [person.id, person]));
      const tasks: CalendarTaskRow[] = [];
      const assignees: CalendarAssigneeRow[] = [];
      for (const { assignee_ids: ids, ...task } of rows) {
        tasks.push(task);
        const named = idsOf(ids).flatMap((id) => people.get(id) ?? []);
        named.sort((a, b) => a.display_name.localeCompare(b.display_name) || a.id - b.id);
        for (const person of named) assignees.push({ task_id: task.id, user_id: person.id, display_name: person.display_name, avatar_url: person.avatar_url });
      }
      return { tasks, assignees };
    },

    /** Milestones whose achieve date is in `[start, end)`, at most `limit`. */
    findMilestones(search: Omit<CalendarSearch, "assigneeIds" | "unassigned">, limit: number): Promise<CalendarMilestoneRow[]> {
      return db
        .selectFrom("milestones")
        .select(["id", "project_id", "title", "achieve_date", "status", "privacy", "created_by"])
        .where("achieve_date", ">=", search.start)
        .where("achieve_date", "<", search.end)
        .$if(search.scopes !== null, (qb) => qb.where((eb) => inViewScopes(eb, "milestones.project_id", search.scopes ?? [], visibleMilestones)))
        .orderBy("achieve_date")
        .orderBy("id")
        .limit(limit)
        .execute()
        .then((rows) => rows.flatMap((row) => (row.achieve_date === null ? [] : [{ ...row, achieve_date: row.achieve_date }])));
    },

    /** Ids of every project (for a site manager, who may open them all). */
    async findAllProjectIds(): Promise<number[]> {
      return (await db.selectFrom("projects").select("id").orderBy("id").execute()).map((row) => row.id);
    },

    /** Titles and statuses of the given projects, by title. */
    findProjects(projectIds: readonly number[]): Promise<Array<{ id: number; title: string; status: string }>> {
      return inChunks(projectIds, (chunk) => db.selectFrom("projects").select(["id", "title", "status"]).where("id", "in", chunk).execute());
    },

    /** Current task lists of the given projects, Inbox first, then by position. */
    findCurrentLists(projectIds: readonly number[]): Promise<CalendarListRow[]> {
      return inChunks(projectIds, (chunk) =>
        db
          .selectFrom("task_lists")
          .select(["id", "project_id", "title", "is_inbox", "privacy"])
          .where("project_id", "in", chunk)
          .where("status", "=", 1)
          .orderBy("is_inbox", "desc")
          .orderBy("sort_order")
          .orderBy("id")
          .execute(),
      );
    },

    /** Members of the given projects (null: of every project), by name. */
    findMembers(projectIds: readonly number[] | null): Promise<CalendarMemberRow[]> {
      const query = (chunk: readonly number[] | null) =>
        db
          .selectFrom("project_members")
          .innerJoin("users", "users.id", "project_members.user_id")
          .select(["project_members.project_id", "users.id", "users.display_name", "users.avatar_url"])
          .$if(chunk !== null, (qb) => qb.where("project_members.project_id", "in", [...(chunk ?? [])]))
          .orderBy("users.display_name")
          .orderBy("users.id")
          .execute();
      return projectIds === null ? query(null) : inChunks(projectIds, query);
    },
  };
}

export type CalendarRepository = ReturnType<typeof calendarRepository>;

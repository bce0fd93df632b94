import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { containsIgnoringCase, inChunks } from "../../db/sql-helpers.js";
import { inViewScopes, visibleTasks } from "../privacy/privacy.filters.js";
import type { ViewScope } from "../privacy/privacy.rules.js";

/** A backlog task as read: the task's own columns and the page's total beside each row. */
export interface BacklogRow {
  id: number;
  title: string;
  project_id: number;
  task_list_id: number;
  status: number;
  estimation: number;
  due_date: string | null;
}

/** What the backlog searches: the projects (grouped by the reader's privacy view) and a title. */
export interface BacklogSearch {
  scopes: readonly ViewScope[];
  title: string;
}

/** Incomplete (0) and pending (2): every status but complete. */
const OPEN_STATUSES = [0, 2];

/**
 * The backlog's queries. Its rule in SQL: top-level, open tasks of the searched projects that the reader
 * may see, with no open row in `sprint_tasks` (NOT EXISTS, answered by the partial unique index
 * `sprint_tasks_one_open_idx (task_id) where is_open = 1`). Tasks are found through
 * `tasks_project_counts_idx (project_id, parent_id, task_list_id, privacy, status)`.
 */
export function sprintBacklogRepository(db: Kysely<Database>) {
  function searched(search: BacklogSearch) {
    return db
      .selectFrom("tasks")
      .where((eb) =>
        eb.and([
          inViewScopes(eb, "tasks.project_id", search.scopes, visibleTasks),
          eb("tasks.parent_id", "=", 0),
          eb("tasks.status", "in", OPEN_STATUSES),
          eb.not(
            eb.exists(
              eb.selectFrom("sprint_tasks").select(sql`1`.as("one")).whereRef("sprint_tasks.task_id", "=", "tasks.id").where("sprint_tasks.is_open", "=", 1),
            ),
          ),
          ...(search.title === "" ? [] : [containsIgnoringCase("tasks.title", search.title)]),
        ]),
      );
  }

  return {
    /**
     * A page of the backlog, newest first, and how many tasks it holds in all: one statement (the total
     * rides on each row as a window count). A page past the end has no row to carry it, so only then is
     * the total counted apart.
     */
    async page(search: BacklogSearch, limit: number, offset: number): Promise<{ rows: BacklogRow[]; total: number }> {
      if (search.scopes.length === 0) return { rows: [], total: 0 };
      const found = await searched(search)
        .select(["tasks.id", "tasks.title", "tasks.project_id", "tasks.task_list_id", "tasks.status", "tasks.estimation", "tasks.due_date"])
        .select(sql<number>`count(*) over ()`.as("total"))
        .orderBy("tasks.id", "desc")
        .limit(limit)
        .offset(offset)
        .execute();
      const first = found[0];
      if (first) return { rows: found.map(({ total: _total, ...row }) => row), total: Number(first.total) };
      if (offset === 0) return { rows: [], total: 0 };
      const counted = await searched(search).select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirst();
      return { rows: [], total: Number(counted?.total ?? 0) };
    },

    /** The assignees of these tasks, in one statement through the (task, user) primary key. */
    assigneesOf(taskIds: readonly number[]): Promise<Array<{ task_id: number; user_id: number }>> {
      return inChunks(taskIds, (chunk) =>
        db.selectFrom("task_assignees").select(["task_id", "user_id"]).where("task_id", "in", chunk).orderBy("task_id").orderBy("user_id").execute(),
      );
    },

    /** Every project's id, in id order: the projects a site manager may plan a sprint over. */
    async allProjectIds(): Promise<number[]> {
      const rows = await db.selectFrom("projects").select("id").orderBy("id").execute();
      return rows.map((row) => row.id);
    },
  };
}

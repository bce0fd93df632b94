import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { inChunks, setSortOrders } from "../../db/sql-helpers.js";
import { visibleTasksInShownList } from "../privacy/privacy.filters.js";
import type { PrivacyView } from "../privacy/privacy.rules.js";
import type { TaskRecord } from "../tasks/tasks.repository.js";

/** A task as the sub-task rules read it: who made it, its privacy and its list's state. */
export interface TaskWithListState {
  id: number;
  project_id: number;
  parent_id: number;
  task_list_id: number;
  title: string;
  privacy: number;
  created_by: number;
  list_title: string;
  list_privacy: number;
  /** 1 current, 0 archived. */
  list_status: number;
}

/** A sub-task as presented: a task record with its list's title. */
export type SubTaskRecord = TaskRecord & { list_title: string };

/**
 * The queries of the sub-tasks module: sub-tasks are rows of `tasks` with a `parent_id`, so every query says
 * `parent_id <> 0` too, for SQLite to take the partial index of sub-tasks (tasks/README.md).
 */
export function subTasksRepository(db: Kysely<Database>) {
  /** The sub-tasks of one parent that the reader may see. */
  function visibleSubTasks(parentId: number, view: PrivacyView) {
    return db
      .selectFrom("tasks")
      .where("tasks.parent_id", "=", parentId)
      .where("tasks.parent_id", "<>", 0)
      .where((eb) => visibleTasksInShownList(eb, view));
  }

  return {
    /** A task with its list's title, privacy and status, or undefined. */
    findTask(id: number): Promise<TaskWithListState | undefined> {
      return db
        .selectFrom("tasks")
        .innerJoin("task_lists", "task_lists.id", "tasks.task_list_id")
        .select([
          "tasks.id", "tasks.project_id", "tasks.parent_id", "tasks.task_list_id", "tasks.title", "tasks.privacy", "tasks.created_by",
          "task_lists.title as list_title", "task_lists.privacy as list_privacy", "task_lists.status as list_status",
        ])
        .where("tasks.id", "=", id)
        .executeTakeFirst();
    },

    /** Who is assigned to a task. */
    async findAssigneeIds(taskId: number): Promise<number[]> {
      const rows = await db.selectFrom("task_assignees").select("user_id").where("task_id", "=", taskId).execute();
      return rows.map((row) => row.user_id);
    },

    /** One page of a parent's sub-tasks the reader may see, in their order (position, then id). */
    listSubTasks(parentId: number, view: PrivacyView, limit: number, offset: number): Promise<SubTaskRecord[]> {
      return visibleSubTasks(parentId, view)
        .innerJoin("task_lists", "task_lists.id", "tasks.task_list_id")
        .leftJoin("task_types", "task_types.id", "tasks.type_id")
        .selectAll("tasks")
        .select(["task_types.title as type_title", "task_types.description as type_description", "task_lists.title as list_title"])
        .orderBy("tasks.sort_order")
        .orderBy("tasks.id")
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /** How many sub-tasks of the parent the reader may see. */
    async countSubTasks(parentId: number, view: PrivacyView): Promise<number> {
      const row = await visibleSubTasks(parentId, view).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Which of the given ids are sub-tasks of the parent that the reader may see. */
    async findSubTaskIds(parentId: number, ids: readonly number[], view: PrivacyView): Promise<Set<number>> {
      const rows = await inChunks(ids, (chunk) => visibleSubTasks(parentId, view).select("tasks.id").where("tasks.id", "in", chunk).execute());
      return new Set(rows.map((row) => row.id));
    },

    /** Sets the positions of sub-tasks (among their siblings). */
    setSortOrders(orders: ReadonlyArray<{ id: number; index: number }>): Promise<void> {
      return setSortOrders(db, "tasks", orders);
    },
  };
}

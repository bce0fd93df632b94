import type { Kysely } from "kysely";
import type { Database, TaskRow } from "../../db/schema.js";
import { inChunks, setSortOrders } from "../../db/sql-helpers.js";

/** A task with its type's name, as every read returns it (the type is joined, never fetched apart). */
export type TaskRecord = TaskRow & { type_title: string | null; type_description: string | null };

/** A task with the privacy and status of its list, for access checks. */
export type TaskWithList = TaskRecord & { list_privacy: number; list_status: number };

/** New task values. */
export type NewTask = Omit<TaskRow, "id">;

/** Writes and single-record reads of tasks and their assignees. Listings live in task-pages.repository.ts. */
export function tasksRepository(db: Kysely<Database>) {
  return {
    findTask(id: number): Promise<TaskWithList | undefined> {
      return db
        .selectFrom("tasks")
        .innerJoin("task_lists", "task_lists.id", "tasks.task_list_id")
        .leftJoin("task_types", "task_types.id", "tasks.type_id")
        .selectAll("tasks")
        .select([
          "task_types.title as type_title",
          "task_types.description as type_description",
          "task_lists.privacy as list_privacy",
          "task_lists.status as list_status",
        ])
        .where("tasks.id", "=", id)
        .executeTakeFirst();
    },

    async insertTask(task: NewTask): Promise<TaskRow> {
      return db.insertInto("tasks").values(task).returningAll().executeTakeFirstOrThrow();
    },

    async updateTask(id: number, changes: Partial<NewTask>): Promise<void> {
      await db.updateTable("tasks").set(changes).where("id", "=", id).execute();
    },

    /** Moves a task and its sub-tasks to another list of the same project. */
    async moveTask(id: number, listId: number, sortOrder: number, at: string): Promise<void> {
      await db.updateTable("tasks").set({ task_list_id: listId, sort_order: sortOrder, updated_at: at }).where("id", "=", id).execute();
      await db.updateTable("tasks").set({ task_list_id: listId, updated_at: at }).where("parent_id", "=", id).where("parent_id", "<>", 0).execute();
    },

    /** Deletes a task with its sub-tasks and the comments on them; assignees go with the rows. */
    async deleteTask(id: number): Promise<void> {
      // `parent_id <> 0` lets SQLite use the partial sub-task index (see migration 0003).
      const subTasks = db.selectFrom("tasks").select("id").where("parent_id", "=", id).where("parent_id", "<>", 0);
      await db.deleteFrom("comments").where("commentable_type", "=", "task").where((eb) => eb.or([eb("commentable_id", "=", id), eb("commentable_id", "in", subTasks)])).execute();
      await db.deleteFrom("tasks").where("parent_id", "=", id).where("parent_id", "<>", 0).execute();
      await db.deleteFrom("tasks").where("id", "=", id).execute();
    },

    /** The next free position at the end of a list. */
    async nextSortOrder(listId: number): Promise<number> {
      const row = await db
        .selectFrom("tasks")
        .select((eb) => eb.fn.max("sort_order").as("max"))
        .where("task_list_id", "=", listId)
        .executeTakeFirst();
      return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
    },

    /** Sets `sort_order` of many tasks. */
    setSortOrders(orders: ReadonlyArray<{ id: number; index: number }>): Promise<void> {
      return setSortOrders(db, "tasks", orders);
    },

    /**
     * Which of the given ids are top-level tasks of the list that the reader may see: private tasks only
     * with `view.privateTasks` (the list itself is checked by the caller), so that a hidden task reads
     * exactly like one that does not exist.
     */
    async findTaskIdsInList(listId: number, ids: readonly number[], view: { privateTasks: boolean }): Promise<Set<number>> {
      const rows = await inChunks(ids, (chunk) =>
        db
          .selectFrom("tasks")
          .select("id")
          .where("task_list_id", "=", listId)
          .where("parent_id", "=", 0)
          .where("id", "in", chunk)
          .$if(!view.privateTasks, (qb) => qb.where("privacy", "=", 0))
          .execute());
      return new Set(rows.map((row) => row.id));
    },

    /** Replaces a task's assignees. */
    async replaceAssignees(taskId: number, projectId: number, userIds: readonly number[], at: string): Promise<void> {
      await db.deleteFrom("task_assignees").where("task_id", "=", taskId).execute();
      const unique = [...new Set(userIds)];
      if (unique.length === 0) return;
      await db
        .insertInto("task_assignees")
        .values(unique.map((userId) => ({ task_id: taskId, user_id: userId, project_id: projectId, assigned_at: at })))
        .execute();
    },

    /** Assignee ids of the given tasks, one query per 500 tasks; each task's assignees in the order they were added. */
    findAssignees(taskIds: readonly number[]): Promise<Array<{ task_id: number; user_id: number }>> {
      return inChunks(taskIds, (chunk) =>
        db
          .selectFrom("task_assignees")
          .select(["task_id", "user_id"])
          .where("task_id", "in", chunk)
          .orderBy("assigned_at")
          .orderBy("user_id")
          .execute());
    },

    /** Which of the given users are members of the project. */
    async findMemberIds(projectId: number, userIds: readonly number[]): Promise<Set<number>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .selectFrom("project_members")
        .select("user_id")
        .where("project_id", "=", projectId)
        .where("user_id", "in", [...new Set(userIds)])
        .execute();
      return new Set(rows.map((row) => row.user_id));
    },

    async taskTypeExists(id: number): Promise<boolean> {
      return (await db.selectFrom("task_types").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
    },
  };
}

export type TasksRepository = ReturnType<typeof tasksRepository>;

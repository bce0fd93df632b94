import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { TaskRow } from "./tasks.tables.js";
import { chunkIds, IN_LIST_CHUNK, inChunks, setSortOrders } from "../../db/sql-helpers.js";
import { visibleTasksInShownList } from "../privacy/privacy.filters.js";
import type { PrivacyView } from "../privacy/privacy.rules.js";

/** A task with its type's name, as every read returns it (the type is joined, never fetched apart). */
export type TaskRecord = TaskRow & { type_title: string | null; type_description: string | null };

/** A task with the privacy and status of its list, for access checks. */
export type TaskWithList = TaskRecord & { list_privacy: number; list_status: number };

/** A task's sub-tasks in sum. */
export interface SubTaskCounts {
  total: number;
  complete: number;
  /** Minutes. */
  estimation: number;
}

/** New task values; the board placement is written apart (`setBoardPlacement`, or `insertTaskAtEnd`'s placement). */
export type NewTask = Omit<TaskRow, "id" | "kan_board_id" | "kan_board_order">;

/** A card's place on the Kanban board: its column and its fractional order key there. */
export interface BoardPlacement {
  kan_board_id: number;
  kan_board_order: string;
}

/** How many top-level tasks a project has with one privacy flag, list privacy flag and status. */
export interface TaskCountRow {
  project_id: number;
  privacy: number;
  /** The privacy flag of the tasks' list (a private list hides its tasks). */
  list_privacy: number;
  /** 1 complete, 0 incomplete. */
  status: number;
  count: number;
}

/** Writes and single-record reads of tasks and their assignees. Listings live in task-pages.repository.ts. */
export function tasksRepository(db: Kysely<Database>) {
  /** Tasks with their type's name and their list's privacy and status. */
  function withList() {
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
      ]);
  }

  async function addAssignees(taskId: number, projectId: number, userIds: readonly number[], at: string): Promise<void> {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return;
    await db
      .insertInto("task_assignees")
      .values(unique.map((userId) => ({ task_id: taskId, user_id: userId, project_id: projectId, assigned_at: at })))
      .execute();
  }
  return {
    /** The raw rows of the projects' task counts (sub-tasks are not counted), grouped so each reader's privacy applies. */
    async countForProjects(projectIds: readonly number[]): Promise<TaskCountRow[]> {
      // Read from the counts the triggers keep per list (tasks.counters.migration.ts), joined to the lists' privacy.
      const rows = await inChunks(projectIds, (chunk) =>
        db.selectFrom("task_counts").innerJoin("task_lists", "task_lists.id", "task_counts.task_list_id")
          .select(["task_counts.project_id", "task_counts.privacy", "task_lists.privacy as list_privacy", "task_counts.status",
            (eb) => eb.fn.sum<number>("task_counts.count").as("count")])
          .where("task_counts.project_id", "in", chunk).where("task_counts.count", "<>", 0)
          .groupBy(["task_counts.project_id", "task_counts.privacy", "task_lists.privacy", "task_counts.status"]).execute());
      return rows.map((row) => ({
        project_id: Number(row.project_id), privacy: Number(row.privacy), list_privacy: Number(row.list_privacy), status: Number(row.status), count: Number(row.count),
      }));
    },

    findTask(id: number): Promise<TaskWithList | undefined> {
      return withList().where("tasks.id", "=", id).executeTakeFirst();
    },

    /** The given tasks that exist (of any project), with their lists' privacy and status, one query per 500. */
    findTasks(ids: readonly number[]): Promise<TaskWithList[]> {
      return inChunks(ids, (chunk) => withList().where("tasks.id", "in", chunk).execute());
    },

    /** A task's sub-tasks that are not complete, in their order. */
    findOpenSubTasks(parentId: number): Promise<Array<Pick<TaskRow, "id" | "title" | "privacy">>> {
      return db.selectFrom("tasks").select(["id", "title", "privacy"])
        .where("parent_id", "=", parentId).where("parent_id", "<>", 0).where("status", "<>", 1)
        .orderBy("sort_order").orderBy("id")
        .execute();
    },

    /**
     * Gives many tasks each its own start and due date (the Gantt's rescheduling): one statement per 500
     * tasks, the dates picked by id in two CASE expressions.
     */
    async setDates(dates: ReadonlyArray<{ id: number; start_at: string; due_date: string }>, at: string): Promise<void> {
      for (let start = 0; start < dates.length; start += IN_LIST_CHUNK) {
        const chunk = dates.slice(start, start + IN_LIST_CHUNK);
        const starts = sql.join(chunk.map((row) => sql`when ${row.id} then ${row.start_at}`), sql` `);
        const dues = sql.join(chunk.map((row) => sql`when ${row.id} then ${row.due_date}`), sql` `);
        await db.updateTable("tasks")
          .set({ start_at: sql<string>`case id ${starts} else start_at end`, due_date: sql<string>`case id ${dues} else due_date end`, updated_at: at })
          .where("id", "in", chunk.map((row) => row.id))
          .execute();
      }
    },

    /** Writes the same changes to many tasks, one statement per 500. */
    async updateTasks(ids: readonly number[], changes: Partial<NewTask>): Promise<void> {
      for (const chunk of chunkIds(ids)) await db.updateTable("tasks").set(changes).where("id", "in", chunk).execute();
    },

    /**
     * Moves tasks and their sub-tasks to another list of the same project: the tasks take the given
     * positions (`orders`, at the end of the list), their sub-tasks follow them without changing position.
     */
    async moveTasks(orders: ReadonlyArray<{ id: number; index: number }>, listId: number, at: string): Promise<void> {
      const ids = orders.map((order) => order.id);
      await setSortOrders(db, "tasks", orders);
      for (const chunk of chunkIds(ids)) {
        await db.updateTable("tasks").set({ task_list_id: listId, updated_at: at }).where("id", "in", chunk).execute();
        await db.updateTable("tasks").set({ task_list_id: listId, updated_at: at }).where("parent_id", "in", chunk).where("parent_id", "<>", 0).execute();
      }
    },

    /** Which of the given tasks have sub-tasks. */
    async findParentIds(ids: readonly number[]): Promise<Set<number>> {
      const rows = await inChunks(ids, (chunk) =>
        db.selectFrom("tasks").select("parent_id").distinct().where("parent_id", "in", chunk).where("parent_id", "<>", 0).execute());
      return new Set(rows.map((row) => row.parent_id));
    },

    /** Adds assignee rows (task, user) that are not there yet; the caller leaves out those already assigned. */
    async insertAssignees(rows: ReadonlyArray<{ taskId: number; userId: number }>, projectId: number, at: string): Promise<void> {
      // Four values a row: 200 rows a statement stays far below every engine's parameter limit.
      for (let start = 0; start < rows.length; start += 200) {
        const chunk = rows.slice(start, start + 200);
        await db.insertInto("task_assignees").values(chunk.map((row) => ({ task_id: row.taskId, user_id: row.userId, project_id: projectId, assigned_at: at }))).execute();
      }
    },

    /** Removes every assignee of the given tasks. */
    async deleteAssignees(taskIds: readonly number[]): Promise<void> {
      for (const chunk of chunkIds(taskIds)) await db.deleteFrom("task_assignees").where("task_id", "in", chunk).execute();
    },

    /**
     * Inserts a task at the end of its list: the position is worked out by the insert itself, in one round
     * trip. With a placement, the task is a card of that Kanban column from the start.
     */
    async insertTaskAtEnd(task: Omit<NewTask, "sort_order">, placement?: BoardPlacement): Promise<TaskRow> {
      return db
        .insertInto("tasks")
        .values((eb) => ({
          ...task,
          ...placement,
          sort_order: eb
            .selectFrom("tasks")
            .select(sql<number>`coalesce(max(sort_order) + 1, 0)`.as("next"))
            .where("task_list_id", "=", task.task_list_id),
        }))
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async updateTask(id: number, changes: Partial<NewTask>): Promise<void> {
      await db.updateTable("tasks").set(changes).where("id", "=", id).execute();
    },

    /**
     * Puts a task on the Kanban board at a place, or takes it off (null): one row, one statement, whatever
     * the column holds. A move is not an edit, so `updated_at` stays (as with reordering a list).
     */
    async setBoardPlacement(id: number, placement: BoardPlacement | null): Promise<number> {
      const result = await db.updateTable("tasks")
        .set({ kan_board_id: placement?.kan_board_id ?? null, kan_board_order: placement?.kan_board_order ?? null })
        .where("id", "=", id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Takes every card of a Kanban column off the board (before the column is deleted); answers how many. */
    async clearBoardColumn(boardId: number): Promise<number> {
      const result = await db.updateTable("tasks").set({ kan_board_id: null, kan_board_order: null }).where("kan_board_id", "=", boardId).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Moves a task and its sub-tasks to another list of the same project. */
    async moveTask(id: number, listId: number, sortOrder: number, at: string): Promise<void> {
      await db.updateTable("tasks").set({ task_list_id: listId, sort_order: sortOrder, updated_at: at }).where("id", "=", id).execute();
      await db.updateTable("tasks").set({ task_list_id: listId, updated_at: at }).where("parent_id", "=", id).where("parent_id", "<>", 0).execute();
    },

    /** Gives every sub-task of a task the privacy flag (a sub-task's privacy is its parent's). */
    async setSubTasksPrivacy(parentId: number, privacy: number, at: string): Promise<void> {
      await db.updateTable("tasks").set({ privacy, updated_at: at }).where("parent_id", "=", parentId).where("parent_id", "<>", 0).where("privacy", "<>", privacy).execute();
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
     * Which of the given ids are top-level tasks of the list that the reader may see (the list itself is
     * checked by the caller), so that a hidden task reads exactly like one that does not exist.
     */
    async findTaskIdsInList(listId: number, ids: readonly number[], view: PrivacyView): Promise<Set<number>> {
      const rows = await inChunks(ids, (chunk) =>
        db
          .selectFrom("tasks")
          .select("id")
          .where("task_list_id", "=", listId)
          .where("parent_id", "=", 0)
          .where("id", "in", chunk)
          .where((eb) => visibleTasksInShownList(eb, view))
          .execute());
      return new Set(rows.map((row) => row.id));
    },

    /** Gives a task that has none yet its assignees (a new task): no statement when there are none. */
    addAssignees,

    /** Replaces a task's assignees. */
    async replaceAssignees(taskId: number, projectId: number, userIds: readonly number[], at: string): Promise<void> {
      await db.deleteFrom("task_assignees").where("task_id", "=", taskId).execute();
      await addAssignees(taskId, projectId, userIds, at);
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

    /** Display names of the given users, by id; for the assignees an event names. */
    async findUserNames(userIds: readonly number[]): Promise<Map<number, string>> {
      const rows = await inChunks([...new Set(userIds)], (chunk) => db.selectFrom("users").select(["id", "display_name"]).where("id", "in", chunk).execute());
      return new Map(rows.map((row) => [row.id, row.display_name]));
    },

    /** Which of the given users are members of the project. */
    /**
     * The sub-tasks of each of these tasks, by parent: how many, how many complete, their estimation (minutes).
     * One statement per 500 parents, through the partial index of sub-tasks.
     */
    async subTaskCounts(parentIds: readonly number[]): Promise<Map<number, SubTaskCounts>> {
      const rows = await inChunks(parentIds, (chunk) =>
        db.selectFrom("tasks")
          .select([
            "parent_id",
            (eb) => eb.fn.countAll<number>().as("total"),
            (eb) => eb.fn.sum<number>(eb.case().when("status", "=", 1).then(1).else(0).end()).as("complete"),
            (eb) => eb.fn.sum<number>("estimation").as("estimation"),
          ])
          .where("parent_id", "in", chunk)
          .where("parent_id", "<>", 0)
          .groupBy("parent_id")
          .execute());
      return new Map(rows.map((row) => [row.parent_id, { total: Number(row.total), complete: Number(row.complete), estimation: Number(row.estimation) }]));
    },

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

    /** The task type's title and description, or undefined when there is no such type. */
    findTaskType(id: number): Promise<{ title: string; description: string } | undefined> {
      return db.selectFrom("task_types").select(["title", "description"]).where("id", "=", id).executeTakeFirst();
    },
  };
}

export type TasksRepository = ReturnType<typeof tasksRepository>;

import { KANBOARD_DEFAULT_COLUMNS } from "@plotline/contracts";
import { sql, type Insertable, type Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { visibleTasks } from "../privacy/privacy.filters.js";
import type { PrivacyView } from "../privacy/privacy.rules.js";
import type { TaskRecord } from "../tasks/tasks.repository.js";
import type { KanbanBoardRow, KanbanBoardsTable } from "./kanboard.tables.js";

/** A task as the board's rules read it: where it is, who made it, its privacy and its list's. */
export interface CardRow {
  id: number;
  project_id: number;
  parent_id: number;
  title: string;
  status: number;
  privacy: number;
  created_by: number;
  task_list_id: number;
  kan_board_id: number | null;
  kan_board_order: string | null;
  list_privacy: number;
}

/** A card's key and id: what places it among its column's cards (key first, then id). */
export interface CardKey {
  id: number;
  key: string;
}

/** The cards of one column the reader sees, in all and open. */
export interface ColumnCount {
  total: number;
  incomplete: number;
}

/** Whether a write failed on a foreign key: a column deleted between a move's checks and its write. */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === "23503" || code === "SQLITE_CONSTRAINT_FOREIGNKEY";
}

/** Every query of the Kanban board. Cards are tasks: their place is written by the tasks module. */
export function kanboardRepository(db: Kysely<Database>) {
  /** Cards of a column the reader sees. */
  function cardsOf(boardId: number, view: PrivacyView) {
    return db.selectFrom("tasks").where("tasks.kan_board_id", "=", boardId).where((eb) => visibleTasks(eb, view));
  }

  /** The first card of a column by key (ascending) or the last (descending), leaving one task out. */
  async function endCard(boardId: number, direction: "asc" | "desc", exceptId: number): Promise<CardKey | undefined> {
    const row = await db.selectFrom("tasks")
      .select(["id", "kan_board_order"])
      .where("kan_board_id", "=", boardId)
      .where("id", "<>", exceptId)
      .orderBy("kan_board_order", direction).orderBy("id", direction)
      .limit(1)
      .executeTakeFirst();
    return row && row.kan_board_order !== null ? { id: row.id, key: row.kan_board_order } : undefined;
  }

  return {
    /** A project's columns in board order. */
    listColumns(projectId: number): Promise<KanbanBoardRow[]> {
      return db.selectFrom("kanban_boards").selectAll().where("project_id", "=", projectId).orderBy("sort_order").orderBy("id").execute();
    },

    findColumn(id: number): Promise<KanbanBoardRow | undefined> {
      return db.selectFrom("kanban_boards").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** A new column after the project's last one: its position is worked out by the insert itself. */
    insertColumn(column: Omit<Insertable<KanbanBoardsTable>, "sort_order">): Promise<KanbanBoardRow> {
      return db.insertInto("kanban_boards")
        .values((eb) => ({
          ...column,
          sort_order: eb.selectFrom("kanban_boards").select(sql<number>`coalesce(max(sort_order) + 1, 0)`.as("next")).where("project_id", "=", column.project_id),
        }))
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async updateColumn(id: number, changes: Partial<Omit<KanbanBoardRow, "id" | "project_id">>): Promise<void> {
      await db.updateTable("kanban_boards").set(changes).where("id", "=", id).execute();
    },

    async deleteColumn(id: number): Promise<void> {
      await db.deleteFrom("kanban_boards").where("id", "=", id).execute();
    },

    /** Sets the positions of a project's columns, one statement per column named (a board has few). */
    async setColumnOrders(projectId: number, orders: ReadonlyArray<{ id: number; order: number }>, at: string): Promise<void> {
      for (const { id, order } of orders) {
        await db.updateTable("kanban_boards").set({ sort_order: order, updated_at: at }).where("id", "=", id).where("project_id", "=", projectId).execute();
      }
    },

    /**
     * Gives a project the default columns unless it has columns already: running twice (an event handed out
     * again) adds nothing.
     */
    async insertDefaultColumns(projectId: number, createdBy: number | null, at: string): Promise<void> {
      const existing = await db.selectFrom("kanban_boards").select("id").where("project_id", "=", projectId).limit(1).executeTakeFirst();
      if (existing) return;
      await db.insertInto("kanban_boards").values(KANBOARD_DEFAULT_COLUMNS.map((column, position) => ({
        project_id: projectId, title: column.title, color: column.color, wip_limit: null, is_done: column.is_done ? 1 : 0,
        sort_order: position, created_by: createdBy, created_at: at, updated_at: at,
      }))).execute();
    },

    /**
     * Copies a project's columns (titles, colours, limits, done flags, order; no cards) to a project that has
     * none yet; answers how many were copied.
     */
    async copyColumns(sourceProjectId: number, targetProjectId: number, createdBy: number | null, at: string): Promise<number> {
      const existing = await db.selectFrom("kanban_boards").select("id").where("project_id", "=", targetProjectId).limit(1).executeTakeFirst();
      if (existing) return 0;
      const columns = await db.selectFrom("kanban_boards").selectAll().where("project_id", "=", sourceProjectId).orderBy("sort_order").orderBy("id").execute();
      if (columns.length === 0) return 0;
      await db.insertInto("kanban_boards").values(columns.map((column, position) => ({
        project_id: targetProjectId, title: column.title, color: column.color, wip_limit: column.wip_limit, is_done: column.is_done,
        sort_order: position, created_by: createdBy, created_at: at, updated_at: at,
      }))).execute();
      return columns.length;
    },

    /** A task with where it is on the board and its list's privacy, for the board's rules. */
    findCard(taskId: number): Promise<CardRow | undefined> {
      return db.selectFrom("tasks")
        .innerJoin("task_lists", "task_lists.id", "tasks.task_list_id")
        .select([
          "tasks.id", "tasks.project_id", "tasks.parent_id", "tasks.title", "tasks.status", "tasks.privacy", "tasks.created_by",
          "tasks.task_list_id", "tasks.kan_board_id", "tasks.kan_board_order", "task_lists.privacy as list_privacy",
        ])
        .where("tasks.id", "=", taskId)
        .executeTakeFirst();
    },

    /** Who is assigned to a task (the board lets them move its card, as they may change its status). */
    async assigneeIds(taskId: number): Promise<number[]> {
      const rows = await db.selectFrom("task_assignees").select("user_id").where("task_id", "=", taskId).execute();
      return rows.map((row) => row.user_id);
    },

    /** The column's first card, leaving `exceptId` out (the card being moved). */
    firstCard: (boardId: number, exceptId: number) => endCard(boardId, "asc", exceptId),

    /** The column's last card, leaving `exceptId` out. */
    lastCard: (boardId: number, exceptId: number) => endCard(boardId, "desc", exceptId),

    /** The card right after `after` in its column (key, then id), leaving `exceptId` out: one index seek. */
    async cardAfter(boardId: number, after: CardKey, exceptId: number): Promise<CardKey | undefined> {
      const row = await db.selectFrom("tasks")
        .select(["id", "kan_board_order"])
        .where("kan_board_id", "=", boardId)
        .where("id", "<>", exceptId)
        // The plain bound lets both engines seek the index; the pair of conditions then breaks ties by id.
        .where("kan_board_order", ">=", after.key)
        .where((eb) => eb.or([eb("kan_board_order", ">", after.key), eb.and([eb("kan_board_order", "=", after.key), eb("id", ">", after.id)])]))
        .orderBy("kan_board_order").orderBy("id")
        .limit(1)
        .executeTakeFirst();
      return row && row.kan_board_order !== null ? { id: row.id, key: row.kan_board_order } : undefined;
    },

    /** The card right before `before` in its column, leaving `exceptId` out: one index seek. */
    async cardBefore(boardId: number, before: CardKey, exceptId: number): Promise<CardKey | undefined> {
      const row = await db.selectFrom("tasks")
        .select(["id", "kan_board_order"])
        .where("kan_board_id", "=", boardId)
        .where("id", "<>", exceptId)
        .where("kan_board_order", "<=", before.key)
        .where((eb) => eb.or([eb("kan_board_order", "<", before.key), eb.and([eb("kan_board_order", "=", before.key), eb("id", "<", before.id)])]))
        .orderBy("kan_board_order", "desc").orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst();
      return row && row.kan_board_order !== null ? { id: row.id, key: row.kan_board_order } : undefined;
    },

    /**
     * Where a card stands among the cards of its column the reader sees (how many come before it), and how
     * many those are in all: one statement over the column.
     */
    async standing(boardId: number, card: CardKey, view: PrivacyView): Promise<{ position: number; total: number }> {
      const row = await cardsOf(boardId, view)
        .select([
          (eb) => eb.fn.countAll<number>().as("total"),
          (eb) => eb.fn.sum<number>(
            eb.case()
              .when(eb.or([eb("tasks.kan_board_order", "<", card.key), eb.and([eb("tasks.kan_board_order", "=", card.key), eb("tasks.id", "<", card.id)])]))
              .then(1).else(0).end(),
          ).as("ahead"),
        ])
        .executeTakeFirst();
      return { position: Number(row?.ahead ?? 0), total: Number(row?.total ?? 0) };
    },

    /** How many cards of each of these columns the reader sees, and how many of them are open. */
    async countColumns(boardIds: readonly number[], view: PrivacyView): Promise<Map<number, ColumnCount>> {
      if (boardIds.length === 0) return new Map();
      const rows = await db.selectFrom("tasks")
        .select([
          "tasks.kan_board_id",
          (eb) => eb.fn.countAll<number>().as("total"),
          (eb) => eb.fn.sum<number>(eb.case().when("tasks.status", "=", 1).then(0).else(1).end()).as("incomplete"),
        ])
        .where("tasks.kan_board_id", "in", [...boardIds])
        .where((eb) => visibleTasks(eb, view))
        .groupBy("tasks.kan_board_id")
        .execute();
      const counts = new Map<number, ColumnCount>();
      for (const row of rows) if (row.kan_board_id !== null) counts.set(row.kan_board_id, { total: Number(row.total), incomplete: Number(row.incomplete) });
      return counts;
    },

    /** A page of a column's cards the reader sees, in board order, as task records. */
    pageOfColumn(boardId: number, view: PrivacyView, limit: number, offset: number): Promise<TaskRecord[]> {
      return cardsOf(boardId, view)
        .leftJoin("task_types", "task_types.id", "tasks.type_id")
        .selectAll("tasks")
        .select(["task_types.title as type_title", "task_types.description as type_description"])
        .orderBy("tasks.kan_board_order").orderBy("tasks.id")
        .limit(limit).offset(offset)
        .execute();
    },

    /** The caller's remembered view of a project, if any. */
    async viewType(userId: number, projectId: number): Promise<string | undefined> {
      const row = await db.selectFrom("kanban_view_types").select("view_type").where("user_id", "=", userId).where("project_id", "=", projectId).executeTakeFirst();
      return row?.view_type;
    },

    /** Every view the user has remembered, by project. */
    viewTypes(userId: number): Promise<Array<{ project_id: number; view_type: string }>> {
      return db.selectFrom("kanban_view_types").select(["project_id", "view_type"]).where("user_id", "=", userId).orderBy("project_id").execute();
    },

    /** Remembers how the user looks at a project's tasks (one row per user and project). */
    async saveViewType(userId: number, projectId: number, viewType: string, at: string): Promise<void> {
      await db.insertInto("kanban_view_types")
        .values({ user_id: userId, project_id: projectId, view_type: viewType, updated_at: at })
        .onConflict((oc) => oc.columns(["user_id", "project_id"]).doUpdateSet({ view_type: viewType, updated_at: at }))
        .execute();
    },
  };
}

export type KanboardRepository = ReturnType<typeof kanboardRepository>;

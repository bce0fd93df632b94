import type { Generated, Selectable } from "kysely";

declare module "../../db/schema.js" {
  interface Database {
    kanban_boards: KanbanBoardsTable;
    kanban_view_types: KanbanViewTypesTable;
  }
}

/**
 * The columns of a project's Kanban board (the documents call each one a "board"). Which column a task is
 * in, and where, is on the task itself (`tasks.kan_board_id`, `tasks.kan_board_order`), so a task answer
 * carries its column without a join and a move writes the task's row alone.
 */
export interface KanbanBoardsTable {
  id: Generated<number>;
  project_id: number;
  title: string;
  /** `#rrggbb`, or null for the theme's default. */
  color: string | null;
  /** The most cards the column should hold; null for no limit. */
  wip_limit: number | null;
  /** 1: a task dropped into the column is completed, one dragged out is reopened. */
  is_done: number;
  /** Position on the board, lower first (ties by id). */
  sort_order: number;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}
export type KanbanBoardRow = Selectable<KanbanBoardsTable>;

/** How each user last looked at a project's tasks: `kanboard` or `list` (absent: `list`). */
export interface KanbanViewTypesTable {
  user_id: number;
  project_id: number;
  view_type: string;
  updated_at: string;
}

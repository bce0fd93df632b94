import { KANBOARD_DEFAULT_COLUMNS } from "@plotline/contracts";
import { sql, type Kysely } from "kysely";
import type { DatabaseKind } from "../../db/kysely.js";
import { TIMESTAMP, withId } from "../../db/migrations/helpers.js";
import { nowUtc } from "../../lib/dates.js";

/**
 * The Kanban board: its columns, each user's remembered view of a project, and each task's place on the
 * board, kept on the task row.
 *
 * - `tasks.kan_board_id` goes null when its column is deleted (the task stays in its list); the column
 *   goes with its project.
 * - `tasks.kan_board_order` is a fractional order key compared byte by byte: on PostgreSQL the column
 *   has the "C" collation, so a database created with a language's collation still sorts `Zz` before `a0`
 *   as the keys need; SQLite compares text bytewise already.
 * - `tasks_kan_board_order_idx` (column, key, id) reads a column's page in order and finds a card's
 *   neighbours; `tasks_kan_board_count_idx` (column, status, privacy, list) counts a column's cards, and
 *   its open ones, for any reader from the index alone. Both hold only the tasks on a board.
 * - Every project that exists gets the three default columns here; later projects get them when created
 *   (the module's `project.created` subscriber).
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await withId(db.schema.createTable("kanban_boards"), kind)
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("title", "varchar(100)", (col) => col.notNull())
    .addColumn("color", "varchar(7)")
    .addColumn("wip_limit", "integer")
    .addColumn("is_done", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("sort_order", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_by", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .addColumn("updated_at", TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("kanban_boards_project_idx").on("kanban_boards").columns(["project_id", "sort_order"]).execute();

  await db.schema.createTable("kanban_view_types")
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("view_type", "varchar(20)", (col) => col.notNull())
    .addColumn("updated_at", TIMESTAMP, (col) => col.notNull())
    .addPrimaryKeyConstraint("kanban_view_types_pk", ["user_id", "project_id"])
    .execute();
  await db.schema.createIndex("kanban_view_types_project_idx").on("kanban_view_types").column("project_id").execute();

  await db.schema.alterTable("tasks")
    .addColumn("kan_board_id", "integer", (col) => col.references("kanban_boards.id").onDelete("set null"))
    .execute();
  await db.schema.alterTable("tasks")
    .addColumn("kan_board_order", kind === "postgres" ? sql`text collate "C"` : "text")
    .execute();
  await sql`create index tasks_kan_board_order_idx on tasks (kan_board_id, kan_board_order, id) where kan_board_id is not null`.execute(db);
  await sql`create index tasks_kan_board_count_idx on tasks (kan_board_id, status, privacy, task_list_id) where kan_board_id is not null`.execute(db);

  const at = nowUtc();
  for (const [position, column] of KANBOARD_DEFAULT_COLUMNS.entries()) {
    await sql`insert into kanban_boards (project_id, title, color, wip_limit, is_done, sort_order, created_by, created_at, updated_at)
      select id, ${column.title}, ${column.color}, null, ${column.is_done ? 1 : 0}, ${position}, null, ${at}, ${at} from projects`.execute(db);
  }
}

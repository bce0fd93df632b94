import { sql } from "kysely";
import { keysInOrder } from "../../apps/server/src/modules/kanboard/kanboard.placement.js";
import { defineScenario, type BenchContext } from "../lib/scenario.js";
import { assignEveryOther, insertTasks } from "../lib/seed-tasks.js";

/** The board: 10,000 cards over five columns, 2,000 in the one measured. */
const COLUMNS = [
  { title: "Open", cards: 2000, status: 0 },
  { title: "In progress", cards: 2000, status: 0 },
  { title: "Review", cards: 2000, status: 0 },
  { title: "Blocked", cards: 1000, status: 0 },
  { title: "Done", cards: 3000, status: 1 },
] as const;
/** Task lists the cards are spread over, as a real project's would be. */
const LISTS = 20;

interface Board {
  projectId: number;
  /** The 2,000-card column. */
  columnId: number;
  /** Its cards in board order. */
  cards: number[];
}

const stampOf = (date: Date) => date.toISOString().slice(0, 19).replace("T", " ");

/**
 * A project made through the API (so it gets its board's default columns), then 20 lists and 10,000 tasks
 * written straight to the tables, each a card of one of five columns, every other one assigned and every
 * seventh one private; the keys are spread as a column's keys are after bulk writes.
 */
async function seedBoard(ctx: BenchContext): Promise<Board> {
  const { db, kind } = ctx.plotline.database;
  const manager = await db.selectFrom("users").select("id").where("manage_pm", "=", 1).orderBy("id").executeTakeFirstOrThrow();
  const project = (await ctx.plotline.api("POST", "/api/pm/v2/projects", { title: "Kanban bench" })) as { data: { id: number } };
  const projectId = project.data.id;
  const at = stampOf(new Date());

  const existing = await db.selectFrom("kanban_boards").select(["id", "title"]).where("project_id", "=", projectId).orderBy("sort_order").execute();
  const columnIds: number[] = [];
  for (const [position, column] of COLUMNS.entries()) {
    const found = existing.find((row) => row.title === column.title);
    if (found) {
      await db.updateTable("kanban_boards").set({ sort_order: position, is_done: column.status }).where("id", "=", found.id).execute();
      columnIds.push(found.id);
      continue;
    }
    const inserted = await db.insertInto("kanban_boards").values({
      project_id: projectId, title: column.title, color: null, wip_limit: null, is_done: column.status, sort_order: position,
      created_by: manager.id, created_at: at, updated_at: at,
    }).returning("id").executeTakeFirstOrThrow();
    columnIds.push(inserted.id);
  }

  const lists = await db.insertInto("task_lists").values(Array.from({ length: LISTS }, (_, index) => ({
    project_id: projectId, title: `Stream ${index + 1}`, description: "", sort_order: index + 1, status: 1, privacy: 0, is_inbox: 0,
    milestone_id: null, created_by: manager.id, created_at: at, updated_at: at,
  }))).returning("id").execute();

  let serial = 0;
  const rows = COLUMNS.flatMap((column, columnIndex) => keysInOrder(column.cards).map((key) => {
    serial += 1;
    return {
      project_id: projectId, task_list_id: lists[serial % LISTS]?.id ?? 0, parent_id: 0, title: `${column.title} card ${serial}`, description: "",
      estimation: 0, start_at: null, due_date: null, priority: serial % 5, complexity: 0, payable: 0, recurrent: 0, status: column.status,
      privacy: serial % 7 === 0 ? 1 : 0, sort_order: serial, type_id: null, created_by: manager.id,
      completed_by: column.status === 1 ? manager.id : null, completed_at: column.status === 1 ? at : null, created_at: at, updated_at: at,
      kan_board_id: columnIds[columnIndex] ?? 0, kan_board_order: key,
    };
  }));
  const ids = await insertTasks(db, rows);
  await assignEveryOther(db, ids, manager.id, projectId, at);
  await sql.raw(kind === "postgres" ? "vacuum analyze" : "analyze").execute(db);
  return { projectId, columnId: columnIds[0] ?? 0, cards: ids.slice(0, COLUMNS[0].cards) };
}

let board: Promise<Board> | null = null;
const ensureBoard = (ctx: BenchContext) => (board ??= seedBoard(ctx));

/** The first page (50 cards) of the 2,000-card column of a 10,000-card board, as the board opens it. */
export const kanboardColumnPage = defineScenario({
  name: "GET kanboard column page, 10k-card board",
  target: "plotline",
  seed: ensureBoard,
  request: (ctx, seeded) => ({ method: "GET", path: `/api/pm-pro/v2/projects/${seeded.projectId}/kanboard/${seeded.columnId}?page=1`, headers: ctx.plotline.authHeaders }),
});

/**
 * One card of the 2,000-card column moved to the top, below the card at 1,000 and to the bottom, in turn
 * (each move is valid whatever came before: the neighbour never moves), each writing the card's row alone.
 * One connection, as one person drags: ten connections moving the same card at once measure PostgreSQL's
 * queue for that row's lock and the dead versions it leaves behind (p95 grew past 20 ms there, then
 * lingered into the solo figures), not what a move costs.
 */
export const kanboardMove = defineScenario({
  name: "POST kanboard task-order, 2k-card column",
  connections: 1,
  target: "plotline",
  seed: ensureBoard,
  request: (ctx, seeded) => {
    const path = `/api/pm-pro/v2/projects/${seeded.projectId}/kanboard/task-order`;
    const card = seeded.cards[1500] ?? 0;
    const neighbour = seeded.cards[1000] ?? 0;
    const headers = ctx.plotline.authHeaders;
    return [
      { method: "POST", path, headers, body: { task_id: card, board_id: seeded.columnId, to: "top" } },
      { method: "POST", path, headers, body: { task_id: card, board_id: seeded.columnId, before_task_id: neighbour } },
      { method: "POST", path, headers, body: { task_id: card, board_id: seeded.columnId, to: "bottom" } },
    ];
  },
});

/**
 * A move, then the column's first page read again, in turn (one connection): every page is read after a
 * change, so none is served from what the server keeps. What a board costs while people drag cards.
 */
export const kanboardPageAfterMove = defineScenario({
  name: "kanboard move + column page read after it (1 connection)",
  target: "plotline",
  connections: 1,
  seed: ensureBoard,
  request: (ctx, seeded) => {
    const headers = ctx.plotline.authHeaders;
    const move = `/api/pm-pro/v2/projects/${seeded.projectId}/kanboard/task-order`;
    const page = `/api/pm-pro/v2/projects/${seeded.projectId}/kanboard/${seeded.columnId}?page=1`;
    const card = seeded.cards[10] ?? 0;
    return [
      { method: "POST", path: move, headers, body: { task_id: card, board_id: seeded.columnId, to: "top" } },
      { method: "GET", path: page, headers },
      { method: "POST", path: move, headers, body: { task_id: card, board_id: seeded.columnId, to: "bottom" } },
      { method: "GET", path: page, headers },
    ];
  },
});

import { KANBOARD_OPENING_PAGE_SIZE, type KanboardColumn, type KanboardList, type KanboardPlacement, type Task } from "@plotline/contracts";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { createList, createTask } from "../tasks/tasks.fixtures.js";

let t: TestApp;
let cast: Cast;
let projectId: number;
let otherProjectId: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Board project" })).id;
  otherProjectId = (await createProjectWithCast(cast, { title: "Another project" })).id;
});
afterAll(() => t.close());

const base = (project = projectId) => `/api/pm-pro/v2/projects/${project}/kanboard`;

async function ok<T>(response: LightMyRequestResponse): Promise<T> {
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

function get(session: Session, url: string): Promise<LightMyRequestResponse> {
  return session.inject({ method: "GET", url });
}

function post(session: Session, url: string, payload: Record<string, unknown> = {}): Promise<LightMyRequestResponse> {
  return session.inject({ method: "POST", url, payload });
}

async function board(session: Session = cast.manager, project = projectId): Promise<KanboardList> {
  return ok<KanboardList>(await get(session, base(project)));
}

async function column(session: Session, boardId: number, query = "", project = projectId): Promise<KanboardColumn> {
  return (await ok<{ data: KanboardColumn }>(await get(session, `${base(project)}/${boardId}${query}`))).data;
}

async function newColumn(payload: Record<string, unknown>, project = projectId): Promise<KanboardColumn> {
  return (await ok<{ data: KanboardColumn }>(await post(cast.manager, base(project), payload))).data;
}

async function readTask(taskId: number, project = projectId): Promise<Task> {
  return (await ok<{ data: Task }>(await get(cast.manager, `/api/pm/v2/projects/${project}/tasks/${taskId}`))).data;
}

function move(session: Session, payload: Record<string, unknown>, project = projectId): Promise<LightMyRequestResponse> {
  return post(session, `${base(project)}/task-order`, payload);
}

function add(session: Session, boardId: number, taskId: number, project = projectId): Promise<LightMyRequestResponse> {
  return post(session, `${base(project)}/${boardId}/task/${taskId}`);
}

/** The ids of a column's cards in board order, as the manager sees them. */
async function cardIds(boardId: number, session: Session = cast.manager): Promise<number[]> {
  return (await column(session, boardId, "?per_page=200")).task?.data.map((task) => task.id) ?? [];
}

/** Every task's place on the board, to show that a refused call wrote nothing. */
async function placements(): Promise<string> {
  const rows = await t.database.db.selectFrom("tasks").select(["id", "status", "kan_board_id", "kan_board_order"]).orderBy("id").execute();
  const columns = await t.database.db.selectFrom("kanban_boards").selectAll().orderBy("id").execute();
  return JSON.stringify([rows, columns]);
}

describe("the columns of a board", () => {
  it("gives a new project the columns Open, In progress and Done, the last one completing tasks", async () => {
    const listing = await board();
    expect(listing.data.map((entry) => [entry.title, entry.is_done, entry.order, entry.wip_limit])).toEqual([
      ["Open", false, 0, null],
      ["In progress", false, 1, null],
      ["Done", true, 2, null],
    ]);
    expect(listing.data.every((entry) => entry.project_id === projectId && entry.meta.total_tasks === 0 && entry.task === undefined)).toBe(true);
    expect(listing.meta).toEqual({ total_tasks: 0, abilities: { can_create: true, can_order: true } });
  });

  it("gives a duplicated project a copy of the source's columns, empty", async () => {
    await newColumn({ title: "Review", color: "#aabbcc", wip_limit: 4 }, otherProjectId);
    const response = await post(cast.siteManager, `/api/pm-pro/v2/duplicate/project/${otherProjectId}`);
    const copyId = (await ok<{ data: { id: number } }>(response)).data.id;
    const copy = await board(cast.siteManager, copyId);
    expect(copy.data.map((entry) => [entry.title, entry.color, entry.wip_limit, entry.is_done])).toEqual([
      ["Open", "#228be6", null, false],
      ["In progress", "#fab005", null, false],
      ["Done", "#40c057", null, true],
      ["Review", "#aabbcc", 4, false],
    ]);
  });

  it("lets site managers and the project's managers add, change and reorder columns, and nobody else", async () => {
    const created = await ok<{ data: KanboardColumn; message: string }>(await post(cast.siteManager, base(), { title: "  QA  ", color: "#FF8800", wip_limit: "3", is_done: 0 }));
    expect(created.data).toMatchObject({ title: "QA", color: "#ff8800", wip_limit: 3, is_done: false, order: 3, abilities: { can_edit: true, can_delete: true, can_create_task: true } });
    for (const session of [cast.coWorker, cast.client, cast.outsider]) {
      const before = await placements();
      expect((await post(session, base(), { title: "Mine" })).statusCode).toBe(403);
      expect((await post(session, `${base()}/${created.data.id}/update`, { title: "Mine" })).statusCode).toBe(403);
      expect((await post(session, `${base()}/${created.data.id}/delete`)).statusCode).toBe(403);
      expect((await post(session, `${base()}/board-order`, { board_orders: [{ id: created.data.id, order: 0 }] })).statusCode).toBe(403);
      expect(await placements()).toBe(before);
    }
    const refused = await post(cast.coWorker, base(), { title: "Mine" });
    expect(refused.json().message).toBe("Only site managers and the project's managers can change the board's columns.");
    const coWorkerView = await board(cast.coWorker);
    expect(coWorkerView.meta.abilities).toEqual({ can_create: false, can_order: false });
    expect(coWorkerView.data[0]?.abilities).toEqual({ can_edit: false, can_delete: false, can_create_task: true });
    expect((await board(cast.client)).data[0]?.abilities).toEqual({ can_edit: false, can_delete: false, can_create_task: true });
    expect((await get(cast.outsider, base())).statusCode).toBe(403);

    const updated = await ok<{ data: KanboardColumn }>(await post(cast.manager, `${base()}/${created.data.id}/update`, { title: "Quality", wip_limit: null, color: null, is_done: true }));
    expect(updated.data).toMatchObject({ id: created.data.id, title: "Quality", wip_limit: null, color: null, is_done: true });
    const renamedOnly = await ok<{ data: KanboardColumn }>(await post(cast.manager, `${base()}/${created.data.id}/update`, { title: "QA again" }));
    expect(renamedOnly.data).toMatchObject({ title: "QA again", is_done: true, wip_limit: null });

    const ids = (await board()).data.map((entry) => entry.id);
    const reversed = [...ids].reverse();
    const ordered = await ok<KanboardList>(await post(cast.manager, `${base()}/board-order`, { board_orders: reversed.map((id, order) => ({ id, order })) }));
    expect(ordered.data.map((entry) => entry.id)).toEqual(reversed);
    await ok(await post(cast.manager, `${base()}/board-order`, { board_orders: ids.map((id, order) => ({ id, order })) }));
    expect((await board()).data.map((entry) => entry.id)).toEqual(ids);
    expect((await post(cast.manager, `${base()}/${created.data.id}/delete`)).statusCode).toBe(200);
  });

  it("refuses bad column input with a 400 on the field, and unknown columns with 404, writing nothing", async () => {
    const before = await placements();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: "" }, "title"],
      [{ title: "Line\nbreak" }, "title"],
      [{ title: "x".repeat(101) }, "title"],
      [{ title: "Ok", color: "red" }, "color"],
      [{ title: "Ok", wip_limit: -2 }, "wip_limit"],
      [{ title: "Ok", wip_limit: 1.5 }, "wip_limit"],
      [{ title: "Ok", is_done: "maybe" }, "is_done"],
    ];
    for (const [payload, field] of cases) {
      const response = await post(cast.manager, base(), payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().data.params)).toContain(field);
    }
    const theirs = (await board(cast.manager, otherProjectId)).data[0]?.id ?? 0;
    for (const url of [`${base()}/999999/update`, `${base()}/${theirs}/update`]) {
      const response = await post(cast.manager, url, { title: "Renamed" });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe("Column not found");
    }
    expect((await post(cast.manager, `${base()}/${theirs}/delete`)).statusCode).toBe(404);
    expect((await get(cast.manager, `${base()}/${theirs}`)).statusCode).toBe(404);
    const strangers = await post(cast.manager, `${base()}/board-order`, { board_orders: [{ id: theirs, order: 0 }, { id: 999999, order: 1 }] });
    expect(strangers.statusCode).toBe(400);
    expect(strangers.json().data.params.board_orders).toEqual([`These columns are not on the project's board: ${theirs}, 999999.`]);
    const twice = await post(cast.manager, `${base()}/board-order`, { board_orders: [{ id: theirs, order: 0 }, { id: theirs, order: 1 }] });
    expect(twice.statusCode).toBe(400);
    expect(await placements()).toBe(before);
  });

  it("deletes a column: its tasks stay in their lists, off the board", async () => {
    const doomed = await newColumn({ title: "Doomed" });
    const list = await createList(cast.manager, projectId, { title: "Kept list" });
    const first = await createTask(cast.manager, projectId, { title: "Stays", board_id: list.id, kan_board_id: doomed.id });
    const second = await createTask(cast.coWorker, projectId, { title: "Stays too", board_id: list.id, kan_board_id: doomed.id });
    expect(await cardIds(doomed.id)).toEqual([second.id, first.id]);
    const response = await post(cast.manager, `${base()}/${doomed.id}/delete`);
    expect(await ok<{ message: string }>(response)).toEqual({ message: "Column deleted successfully" });
    for (const id of [first.id, second.id]) {
      const task = await readTask(id);
      expect(task).toMatchObject({ kan_board_id: null, task_list_id: list.id, status: 0 });
    }
    const rows = await t.database.db.selectFrom("tasks").select(["kan_board_id", "kan_board_order"]).where("id", "in", [first.id, second.id]).execute();
    expect(rows).toEqual([{ kan_board_id: null, kan_board_order: null }, { kan_board_id: null, kan_board_order: null }]);
    expect((await board()).data.map((entry) => entry.title)).not.toContain("Doomed");
  });

  it("says no more than 50 columns", async () => {
    const project = (await createProjectWithCast(cast, { title: "Many columns" })).id;
    for (let index = 3; index < 50; index += 1) await newColumn({ title: `Column ${index}` }, project);
    const response = await post(cast.manager, base(project), { title: "One too many" });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe("A board has at most 50 columns.");
  });
});

describe("cards", () => {
  let open: KanboardColumn;
  let doing: KanboardColumn;
  let done: KanboardColumn;

  beforeAll(async () => {
    const columns = (await board()).data;
    [open, doing, done] = [columns[0], columns[1], columns[2]] as [KanboardColumn, KanboardColumn, KanboardColumn];
  });

  it("puts a task created with kan_board_id at the top of its column, and answers kan_board_id on tasks", async () => {
    const first = await createTask(cast.manager, projectId, { title: "First", kan_board_id: open.id });
    const second = await createTask(cast.coWorker, projectId, { title: "Second", kan_board_id: open.id });
    expect(second.kan_board_id).toBe(open.id);
    expect((await readTask(first.id)).kan_board_id).toBe(open.id);
    expect((await cardIds(open.id)).slice(0, 2)).toEqual([second.id, first.id]);
    const plain = await createTask(cast.manager, projectId, { title: "Not on the board" });
    expect(plain.kan_board_id).toBeNull();
    const lists = await ok<{ data: Array<{ incomplete_tasks: { data: Task[] } }> }>(await get(cast.manager, `/api/pm/v2/projects/${projectId}/task-lists?with=incomplete_tasks&per_page=2000`));
    const listed = lists.data.flatMap((list) => list.incomplete_tasks.data);
    expect(listed.find((task) => task.id === first.id)?.kan_board_id).toBe(open.id);
    expect(listed.find((task) => task.id === plain.id)?.kan_board_id).toBeNull();
  });

  it("creates a task into a done column complete, with its activity", async () => {
    const task = await createTask(cast.manager, projectId, { title: "Born done", kan_board_id: done.id });
    expect(task).toMatchObject({ status: 1, kan_board_id: done.id, completed_by: cast.manager.userId });
    const actions = await t.database.db.selectFrom("activities").select("action").where("resource_type", "=", "task").where("resource_id", "=", task.id).orderBy("id").execute();
    expect(actions.map((row) => row.action)).toEqual(["create_task", "complete_task"]);
  });

  it("refuses kan_board_id of another project, an unknown column or a sub-task with a 400, creating nothing", async () => {
    const theirs = (await board(cast.manager, otherProjectId)).data[0]?.id ?? 0;
    const parent = await createTask(cast.manager, projectId, { title: "Parent" });
    const before = await placements();
    for (const payload of [{ kan_board_id: theirs }, { kan_board_id: 999999 }, { kan_board_id: open.id, parent_id: parent.id }, { kan_board_id: "x" }]) {
      const response = await post(cast.manager, `/api/pm/v2/projects/${projectId}/tasks`, { title: "Nope", ...payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().data.params)).toEqual(["kan_board_id"]);
    }
    const response = await post(cast.manager, `/api/pm/v2/projects/${projectId}/tasks`, { title: "Nope", kan_board_id: theirs });
    expect(response.json().message).toBe("Choose a column of this project's board.");
    expect(await placements()).toBe(before);
  });

  it("adds an existing task at the top, and answers 409 when it is in another column", async () => {
    const task = await createTask(cast.manager, projectId, { title: "Existing" });
    const placed = await ok<KanboardPlacement>(await add(cast.manager, doing.id, task.id));
    expect(placed.data).toMatchObject({ task_id: task.id, board_id: doing.id, from_board_id: null, position: 0, status: 0, status_changed: false });
    expect(placed.meta).toEqual({ wip: { limit: null, total: 1, at_limit: false, exceeded: false }, warnings: [] });
    expect((await readTask(task.id)).kan_board_id).toBe(doing.id);
    // Again into the same column: it stays where it is.
    const again = await ok<KanboardPlacement>(await add(cast.manager, doing.id, task.id));
    expect(again.data.order).toBe(placed.data.order);
    const before = await placements();
    const conflict = await add(cast.manager, open.id, task.id);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ code: "conflict", message: "This task already included in others column." });
    expect(await placements()).toBe(before);
  });

  it("answers 404 for a task of another project, an unknown task and an unknown column, writing nothing", async () => {
    const foreign = await createTask(cast.manager, otherProjectId, { title: "Elsewhere" });
    const mine = await createTask(cast.manager, projectId, { title: "Mine" });
    const theirColumn = (await board(cast.manager, otherProjectId)).data[0]?.id ?? 0;
    const before = await placements();
    for (const [boardId, taskId] of [[open.id, foreign.id], [open.id, 999999], [999999, mine.id], [theirColumn, mine.id]] as const) {
      expect((await add(cast.manager, boardId, taskId)).statusCode).toBe(404);
    }
    expect(await placements()).toBe(before);
  });

  it("takes a card off the board: the task stays as it was, done or not", async () => {
    const task = await createTask(cast.manager, projectId, { title: "Taken off", kan_board_id: done.id });
    expect((await post(cast.manager, `${base()}/${open.id}/tasks/${task.id}/delete`)).statusCode).toBe(404);
    const response = await post(cast.manager, `${base()}/${done.id}/tasks/${task.id}/delete`);
    expect(await ok<{ message: string }>(response)).toEqual({ message: "Task removed from the board successfully" });
    expect(await readTask(task.id)).toMatchObject({ kan_board_id: null, status: 1 });
    expect((await post(cast.manager, `${base()}/${done.id}/tasks/${task.id}/delete`)).statusCode).toBe(404);
  });

  it("moves a card to the top, between two cards and to the bottom, answering its position", async () => {
    const lane = await newColumn({ title: "Lane" });
    const a = await createTask(cast.manager, projectId, { title: "A", kan_board_id: lane.id });
    const b = await createTask(cast.manager, projectId, { title: "B", kan_board_id: lane.id });
    const c = await createTask(cast.manager, projectId, { title: "C", kan_board_id: lane.id });
    expect(await cardIds(lane.id)).toEqual([c.id, b.id, a.id]);
    const bottom = await ok<KanboardPlacement>(await move(cast.manager, { task_id: c.id, board_id: lane.id, to: "bottom" }));
    expect(bottom.data).toMatchObject({ position: 2, from_board_id: lane.id, board_id: lane.id });
    expect(await cardIds(lane.id)).toEqual([b.id, a.id, c.id]);
    const between = await ok<KanboardPlacement>(await move(cast.manager, { task_id: b.id, board_id: lane.id, before_task_id: a.id, after_task_id: c.id }));
    expect(between.data.position).toBe(1);
    expect(await cardIds(lane.id)).toEqual([a.id, b.id, c.id]);
    const aboveC = await ok<KanboardPlacement>(await move(cast.manager, { task_id: a.id, board_id: lane.id, after_task_id: c.id }));
    expect(aboveC.data.position).toBe(1);
    expect(await cardIds(lane.id)).toEqual([b.id, a.id, c.id]);
    const top = await ok<KanboardPlacement>(await move(cast.manager, { task_id: c.id, board_id: lane.id }));
    expect(top.data.position).toBe(0);
    expect(await cardIds(lane.id)).toEqual([c.id, b.id, a.id]);
    // Into another column, below its first card, and back.
    const other = await newColumn({ title: "Other lane" });
    const x = await createTask(cast.manager, projectId, { title: "X", kan_board_id: other.id });
    const across = await ok<KanboardPlacement>(await move(cast.manager, { task_id: b.id, board_id: other.id, before_task_id: x.id }));
    expect(across.data).toMatchObject({ from_board_id: lane.id, board_id: other.id, position: 1 });
    expect(await cardIds(other.id)).toEqual([x.id, b.id]);
    expect(await cardIds(lane.id)).toEqual([c.id, a.id]);
    expect((await readTask(b.id)).kan_board_id).toBe(other.id);
    await ok(await move(cast.manager, { task_id: b.id, board_id: lane.id, before_task_id: c.id }));
    expect(await cardIds(lane.id)).toEqual([c.id, b.id, a.id]);
    // The column list counts them.
    const counts = new Map((await board()).data.map((entry) => [entry.id, entry.meta.total_tasks]));
    expect([counts.get(lane.id), counts.get(other.id)]).toEqual([3, 1]);
  });

  it("completes a task dropped into a done column and reopens it when dragged out, with the usual activities", async () => {
    const task = await createTask(cast.manager, projectId, { title: "Ship it", kan_board_id: doing.id, assignees: [cast.client.userId] });
    // The client is assigned, so may change its status: they move it.
    const dropped = await ok<KanboardPlacement>(await move(cast.client, { task_id: task.id, board_id: done.id }));
    expect(dropped.data).toMatchObject({ status: 1, status_changed: true, from_board_id: doing.id, board_id: done.id });
    expect(await readTask(task.id)).toMatchObject({ status: 1, completed_by: cast.client.userId, kan_board_id: done.id });
    // The task lists show it complete.
    const lists = await ok<{ data: Array<{ complete_tasks: { data: Task[] } }> }>(await get(cast.manager, `/api/pm/v2/projects/${projectId}/task-lists?with=complete_tasks&per_page=2000&complete_task_per_page=500`));
    expect(lists.data.flatMap((list) => list.complete_tasks.data).some((listed) => listed.id === task.id)).toBe(true);
    // Moving within the done column changes nothing.
    const within = await ok<KanboardPlacement>(await move(cast.client, { task_id: task.id, board_id: done.id, to: "bottom" }));
    expect(within.data).toMatchObject({ status: 1, status_changed: false });
    const back = await ok<KanboardPlacement>(await move(cast.client, { task_id: task.id, board_id: open.id }));
    expect(back.data).toMatchObject({ status: 0, status_changed: true });
    expect(await readTask(task.id)).toMatchObject({ status: 0, completed_by: null, kan_board_id: open.id });
    const actions = await t.database.db.selectFrom("activities").select("action").where("resource_type", "=", "task").where("resource_id", "=", task.id).orderBy("id").execute();
    expect(actions.map((row) => row.action)).toEqual(["create_task", "complete_task", "incomplete_task"]);
    // A task complete elsewhere keeps its status when it moves between columns that are not done.
    await ok(await post(cast.manager, `/api/pm/v2/projects/${projectId}/tasks/${task.id}/change-status`, { status: 1 }));
    expect((await ok<KanboardPlacement>(await move(cast.manager, { task_id: task.id, board_id: doing.id }))).data).toMatchObject({ status: 1, status_changed: false });
    // Adding a task to a done column completes it too.
    const other = await createTask(cast.manager, projectId, { title: "Added done" });
    expect((await ok<KanboardPlacement>(await add(cast.manager, done.id, other.id))).data).toMatchObject({ status: 1, status_changed: true });
  });

  it("refuses bad moves with a 400 on the field and writes nothing", async () => {
    const theirColumn = (await board(cast.manager, otherProjectId)).data[0]?.id ?? 0;
    const foreign = await createTask(cast.manager, otherProjectId, { title: "Foreign" });
    const card = await createTask(cast.manager, projectId, { title: "Mover", kan_board_id: open.id });
    const elsewhere = await createTask(cast.manager, projectId, { title: "In doing", kan_board_id: doing.id });
    const offBoard = await createTask(cast.manager, projectId, { title: "Off the board" });
    const parent = await createTask(cast.manager, projectId, { title: "Parent" });
    const child = await createTask(cast.manager, projectId, { title: "Child", parent_id: parent.id });
    const before = await placements();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ task_id: card.id, board_id: theirColumn }, "board_id"],
      [{ task_id: card.id, board_id: 999999 }, "board_id"],
      [{ task_id: foreign.id, board_id: open.id }, "task_id"],
      [{ task_id: 999999, board_id: open.id }, "task_id"],
      [{ task_id: child.id, board_id: open.id }, "task_id"],
      [{ task_id: card.id, board_id: open.id, before_task_id: elsewhere.id }, "before_task_id"],
      [{ task_id: card.id, board_id: open.id, after_task_id: offBoard.id }, "after_task_id"],
      [{ task_id: card.id, board_id: open.id, before_task_id: card.id }, "before_task_id"],
      [{ task_id: card.id, board_id: open.id, before_task_id: foreign.id }, "before_task_id"],
      [{ task_id: card.id, board_id: open.id, to: "middle" }, "to"],
      [{ board_id: open.id }, "task_id"],
    ];
    for (const [payload, field] of cases) {
      const response = await move(cast.manager, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().data.params), JSON.stringify(payload)).toEqual([field]);
    }
    expect(await placements()).toBe(before);
  });

  it("warns when a card arrives in a column past its WIP limit, and still moves it", async () => {
    const limited = await newColumn({ title: "Limited", wip_limit: 2 });
    const first = await createTask(cast.manager, projectId, { title: "One" });
    const second = await createTask(cast.manager, projectId, { title: "Two" });
    const third = await createTask(cast.manager, projectId, { title: "Three" });
    expect((await ok<KanboardPlacement>(await add(cast.manager, limited.id, first.id))).meta).toEqual({ wip: { limit: 2, total: 1, at_limit: false, exceeded: false }, warnings: [] });
    expect((await ok<KanboardPlacement>(await add(cast.manager, limited.id, second.id))).meta).toEqual({ wip: { limit: 2, total: 2, at_limit: true, exceeded: false }, warnings: [] });
    const past = await ok<KanboardPlacement>(await move(cast.manager, { task_id: third.id, board_id: limited.id, to: "bottom" }));
    expect(past.meta).toEqual({ wip: { limit: 2, total: 3, at_limit: false, exceeded: true }, warnings: ["Limited holds 3 cards, past its WIP limit of 2."] });
    expect(await cardIds(limited.id)).toEqual([second.id, first.id, third.id]);
    // Reordering inside the full column says where it stands, without a new warning.
    const reorder = await ok<KanboardPlacement>(await move(cast.manager, { task_id: third.id, board_id: limited.id }));
    expect(reorder.meta.warnings).toEqual([]);
    expect(reorder.meta.wip.exceeded).toBe(true);
  });
});

describe("deleted tasks", () => {
  it("come back to their column on undo, or off the board when the column went meanwhile", async () => {
    const columns = (await board()).data;
    const kept = columns[0] as KanboardColumn;
    const doomed = await newColumn({ title: "Short-lived" });
    const first = await createTask(cast.manager, projectId, { title: "Undone", kan_board_id: kept.id });
    const second = await createTask(cast.manager, projectId, { title: "Undone too", kan_board_id: doomed.id });
    const tickets: number[] = [];
    for (const task of [first, second]) {
      const deleted = await ok<{ undo: { id: number } }>(await post(cast.manager, `/api/pm/v2/projects/${projectId}/tasks/${task.id}/delete`));
      tickets.push(deleted.undo.id);
    }
    expect(await cardIds(kept.id)).not.toContain(first.id);
    await ok(await post(cast.manager, `${base()}/${doomed.id}/delete`));
    for (const ticket of tickets) await ok(await post(cast.manager, `/api/pm/v2/undo/${ticket}`));
    expect((await readTask(first.id)).kan_board_id).toBe(kept.id);
    expect(await cardIds(kept.id)).toContain(first.id);
    expect((await readTask(second.id)).kan_board_id).toBeNull();
  });
});

describe("who may move cards", () => {
  it("lets whoever may change a task's status move its card, and refuses the others with 403", async () => {
    const columns = (await board()).data;
    const [from, to] = [columns[0], columns[1]] as [KanboardColumn, KanboardColumn];
    const byManager = await createTask(cast.manager, projectId, { title: "Manager's", kan_board_id: from.id });
    const byCoWorker = await createTask(cast.coWorker, projectId, { title: "Co-worker's", kan_board_id: from.id });
    const assignedToClient = await createTask(cast.manager, projectId, { title: "Client's", kan_board_id: from.id, assignees: [cast.client.userId] });
    const byClient = await createTask(cast.client, projectId, { title: "Made by the client", kan_board_id: from.id });
    const cases: Array<[Session, number, number]> = [
      [cast.siteManager, byManager.id, 200],
      [cast.manager, byCoWorker.id, 200],
      [cast.coWorker, byCoWorker.id, 200],
      [cast.coWorker, byManager.id, 403],
      [cast.client, assignedToClient.id, 200],
      [cast.client, byClient.id, 200],
      [cast.client, byManager.id, 403],
      [cast.outsider, byManager.id, 403],
    ];
    for (const [session, taskId, status] of cases) {
      const before = await placements();
      const moved = await move(session, { task_id: taskId, board_id: to.id });
      expect(moved.statusCode, `${session.userId} moving ${taskId}`).toBe(status);
      if (status === 403) {
        // Nor may they take it off the board, or put it back on.
        expect((await post(session, `${base()}/${from.id}/tasks/${taskId}/delete`)).statusCode).toBe(403);
        expect(await placements()).toBe(before);
      } else {
        expect((await post(session, `${base()}/${to.id}/tasks/${taskId}/delete`)).statusCode).toBe(200);
        expect((await add(session, from.id, taskId)).statusCode).toBe(200);
      }
    }
    const refused = await move(cast.coWorker, { task_id: byManager.id, board_id: to.id });
    expect(refused.json().message).toBe("Only managers, the task's creator and its assignees can move its card.");
    // The card says what the reader may do with it: its task's abilities.
    const seen = (await column(cast.client, from.id, "?per_page=200")).task?.data ?? [];
    expect(seen.find((task) => task.id === byManager.id)?.abilities.can_complete).toBe(false);
    expect(seen.find((task) => task.id === assignedToClient.id)?.abilities.can_complete).toBe(true);
  });
});

describe("a column's page", () => {
  it("pages the cards the reader sees, 50 by default, with the page number, and leaves private tasks out", async () => {
    const lane = await newColumn({ title: "Long lane" });
    const created: number[] = [];
    for (let index = 0; index < 55; index += 1) {
      created.push((await createTask(cast.manager, projectId, { title: `Card ${index}`, kan_board_id: lane.id, privacy: index % 11 === 0 })).id);
    }
    const inOrder = [...created].reverse();
    const first = await column(cast.manager, lane.id);
    expect(first.task?.meta.pagination).toMatchObject({ total: 55, count: 50, per_page: 50, current_page: 1, total_pages: 2 });
    expect(first.task?.data.map((task) => task.id)).toEqual(inOrder.slice(0, 50));
    expect(first.meta).toEqual({ total_tasks: 55, total_incomplete_tasks: 55 });
    const second = await column(cast.manager, lane.id, "?page=2");
    expect(second.task?.meta.pagination).toMatchObject({ count: 5, current_page: 2 });
    expect(second.task?.data.map((task) => task.id)).toEqual(inOrder.slice(50));
    // The client may not see private tasks: five of the 55 are, and they are neither listed nor counted.
    const publicOnes = inOrder.filter((_, index) => (54 - index) % 11 !== 0);
    const clientPage = await column(cast.client, lane.id, "?per_page=200");
    expect(clientPage.task?.data.map((task) => task.id)).toEqual(publicOnes);
    expect(clientPage.meta.total_tasks).toBe(50);
    expect((await board(cast.client)).data.find((entry) => entry.id === lane.id)?.meta.total_tasks).toBe(50);
    // Nor act on them: a private task reads as unknown.
    const hidden = created[0] ?? 0;
    expect((await move(cast.client, { task_id: hidden, board_id: lane.id })).statusCode).toBe(400);
    expect((await add(cast.client, lane.id, hidden)).statusCode).toBe(404);
    const small = await column(cast.manager, lane.id, "?per_page=10&page=3");
    expect(small.task?.data.map((task) => task.id)).toEqual(inOrder.slice(20, 30));
    for (const query of ["?per_page=201", "?per_page=0", "?page=0", "?page=x"]) {
      expect((await get(cast.manager, `${base()}/${lane.id}${query}`)).statusCode, query).toBe(400);
    }
  });

  it("comes with every column of the board on with=tasks: the first cards each column's call answers", async () => {
    const lane = await newColumn({ title: "Busy lane" });
    for (let index = 0; index < 52; index += 1) await createTask(cast.manager, projectId, { title: `Busy ${index}`, kan_board_id: lane.id, privacy: index === 51 });
    const plain = await board(cast.manager);
    expect(plain.data.every((entry) => entry.task === undefined)).toBe(true);
    for (const reader of [cast.manager, cast.client]) {
      const listed = (await ok<KanboardList>(await get(reader, `${base()}?with=tasks`))).data;
      expect(listed.map((entry) => entry.id)).toEqual((await board(reader)).data.map((entry) => entry.id));
      for (const entry of listed) {
        const own = await column(reader, entry.id, `?per_page=${KANBOARD_OPENING_PAGE_SIZE}`);
        expect(entry.task?.data.map((task) => task.id), entry.title).toEqual(own.task?.data.map((task) => task.id));
        expect(entry.task?.meta.pagination, entry.title).toEqual(own.task?.meta.pagination);
      }
      // The client does not see the private card, in the page or the count.
      const busy = listed.find((entry) => entry.id === lane.id);
      expect(busy?.task?.data).toHaveLength(KANBOARD_OPENING_PAGE_SIZE);
      expect(busy?.meta.total_tasks).toBe(reader === cast.client ? 51 : 52);
    }
  });
});

describe("the remembered view", () => {
  it("is the lists until the user opens the board, per user and project", async () => {
    expect(await ok(await get(cast.coWorker, `${base()}/view`))).toEqual({ data: { project_id: projectId, view_type: "list" } });
    expect(await ok(await post(cast.coWorker, `${base()}/view`, { view_type: "kanboard" }))).toEqual({ data: { project_id: projectId, view_type: "kanboard" } });
    expect(await ok(await get(cast.coWorker, `${base()}/view`))).toEqual({ data: { project_id: projectId, view_type: "kanboard" } });
    expect(await ok(await get(cast.client, `${base()}/view`))).toEqual({ data: { project_id: projectId, view_type: "list" } });
    await ok(await post(cast.coWorker, `${base(otherProjectId)}/view`, { view_type: "list" }));
    expect(await ok(await get(cast.coWorker, "/api/pm-pro/v2/kanboard/views"))).toEqual({ data: { [projectId]: "kanboard", [otherProjectId]: "list" } });
    await ok(await post(cast.coWorker, `${base()}/view`, { view_type: "list" }));
    expect(await ok(await get(cast.coWorker, "/api/pm-pro/v2/kanboard/views"))).toEqual({ data: { [projectId]: "list", [otherProjectId]: "list" } });
    // The archive of lists is a view too: search results then open over it.
    await ok(await post(cast.coWorker, `${base(otherProjectId)}/view`, { view_type: "archive" }));
    expect(await ok(await get(cast.coWorker, `${base(otherProjectId)}/view`))).toEqual({ data: { project_id: otherProjectId, view_type: "archive" } });
    expect(await ok(await get(cast.coWorker, "/api/pm-pro/v2/kanboard/views"))).toEqual({ data: { [projectId]: "list", [otherProjectId]: "archive" } });
    expect((await post(cast.coWorker, `${base()}/view`, { view_type: "gantt" })).statusCode).toBe(400);
    expect((await post(cast.outsider, `${base()}/view`, { view_type: "kanboard" })).statusCode).toBe(403);
  });
});

describe("the module switch", () => {
  it("answers 404 module_inactive on every board call while Kanboard is off, and refuses kan_board_id", async () => {
    const columnId = (await board()).data[0]?.id ?? 0;
    const task = await createTask(cast.manager, projectId, { title: "While off" });
    expect((await post(cast.siteManager, "/api/pm-pro/v2/module-update", { module: "kanboard", type: "deactivate" })).statusCode).toBe(200);
    try {
      const calls: Array<[string, string]> = [
        ["GET", base()],
        ["POST", base()],
        ["GET", `${base()}/${columnId}`],
        ["POST", `${base()}/${columnId}/update`],
        ["POST", `${base()}/${columnId}/delete`],
        ["POST", `${base()}/${columnId}/task/${task.id}`],
        ["POST", `${base()}/${columnId}/tasks/${task.id}/delete`],
        ["POST", `${base()}/task-order`],
        ["POST", `${base()}/board-order`],
        ["GET", `${base()}/view`],
        ["GET", "/api/pm-pro/v2/kanboard/views"],
      ];
      for (const [method, url] of calls) {
        const response = await cast.manager.inject({ method: method as "GET" | "POST", url, payload: method === "POST" ? { title: "x" } : undefined });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().code).toBe("module_inactive");
      }
      const created = await post(cast.manager, `/api/pm/v2/projects/${projectId}/tasks`, { title: "Onto the board", kan_board_id: columnId });
      expect(created.statusCode).toBe(400);
      expect(created.json().data.params.kan_board_id).toEqual(["This module is switched off in the modules list."]);
      // Tasks still answer their column.
      expect((await readTask(task.id)).kan_board_id).toBeNull();
    } finally {
      expect((await post(cast.siteManager, "/api/pm-pro/v2/module-update", { module: "kanboard", type: "activate" })).statusCode).toBe(200);
    }
    expect((await get(cast.manager, base())).statusCode).toBe(200);
  });
});

import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { createList, createTask, type Created } from "./tasks.fixtures.js";

/**
 * The counts the triggers keep (`task_counts`, `activity_counts`, `comment_counts`) against a recount of the
 * rows, after each way a task, an activity entry or a comment can be written, moved or removed; and what the
 * API reads from them.
 */
let t: TestApp;
let cast: Cast;
let projectId: number;
let otherProjectId: number;
let listId: number;
let secondListId: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Counted" })).id;
  otherProjectId = (await createProjectWithCast(cast, { title: "Elsewhere" })).id;
  listId = (await createList(cast.manager, projectId, { title: "First" })).id;
  secondListId = (await createList(cast.manager, projectId, { title: "Second" })).id;
});
afterAll(() => t.close());

type Group = Record<string, string | number>;

/** Rows as comparable text, sorted, so that two sets of groups compare whatever their order and number types. */
function normalised(rows: readonly Group[]): string[] {
  const text = new Set(["privacy_scope", "commentable_type"]);
  return rows.map((row) => JSON.stringify(Object.fromEntries(Object.entries(row).map(([key, value]) => [key, text.has(key) ? value : Number(value)])))).sort();
}

/** The kept counts equal a recount of the rows, group for group, and none is below 0. */
async function expectCountsMatch(): Promise<void> {
  const db = t.database.db;
  const keptTasks = await db.selectFrom("task_counts").selectAll().where("count", "<>", 0).execute();
  const countedTasks = await db.selectFrom("tasks").select(["project_id", "task_list_id", "privacy", "status", (eb) => eb.fn.countAll<number>().as("count")])
    .where("parent_id", "=", 0).groupBy(["project_id", "task_list_id", "privacy", "status"]).execute();
  expect(normalised(keptTasks)).toEqual(normalised(countedTasks));

  const keptActivities = await db.selectFrom("activity_counts").selectAll().where("count", "<>", 0).execute();
  const countedActivities = await sql<Group>`select project_id, coalesce(privacy_scope, '') as privacy_scope, count(*) as count
    from activities group by project_id, coalesce(privacy_scope, '')`.execute(db);
  expect(normalised(keptActivities)).toEqual(normalised(countedActivities.rows));

  const keptComments = await db.selectFrom("comment_counts").selectAll().where("count", "<>", 0).execute();
  const countedComments = await db.selectFrom("comments").select(["project_id", "commentable_type", "commentable_id", (eb) => eb.fn.countAll<number>().as("count")])
    .groupBy(["project_id", "commentable_type", "commentable_id"]).execute();
  expect(normalised(keptComments)).toEqual(normalised(countedComments));

  const negative = await sql<Group>`select 1 from task_counts where count < 0 union all select 1 from activity_counts where count < 0
    union all select 1 from comment_counts where count < 0`.execute(db);
  expect(negative.rows).toEqual([]);
}

async function ok(session: Session, method: "GET" | "POST", url: string, payload?: Record<string, unknown>) {
  const response = await session.inject({ method, url, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const tasksUrl = (path = "", project = projectId) => `/api/pm/v2/projects/${project}/tasks${path}`;

async function makeTasks(count: number, payload: Record<string, unknown> = {}): Promise<Created[]> {
  const made: Created[] = [];
  for (let index = 0; index < count; index += 1) made.push(await createTask(cast.manager, projectId, { board_id: listId, ...payload }));
  return made;
}

describe("task, activity and comment counts kept by triggers", () => {
  it("count created tasks, private ones and those in a private list, but not sub-tasks", async () => {
    const [parent] = await makeTasks(2);
    await makeTasks(1, { privacy: true });
    const secret = await createList(cast.manager, projectId, { title: "Secret", privacy: 1 });
    await createTask(cast.manager, projectId, { board_id: secret.id });
    await createTask(cast.manager, projectId, { board_id: listId, parent_id: parent?.id });
    await expectCountsMatch();
  });

  it("follow completing and reopening, one at a time and through change-status", async () => {
    const [first, second] = await makeTasks(2);
    await ok(cast.manager, "POST", tasksUrl(`/${first?.id}/update`), { status: 1 });
    await ok(cast.manager, "POST", tasksUrl(`/${second?.id}/change-status`), { status: 1 });
    await expectCountsMatch();
    await ok(cast.manager, "POST", tasksUrl(`/${first?.id}/update`), { status: 0 });
    await ok(cast.manager, "POST", tasksUrl(`/${second?.id}/update`), { status: 2 });
    await expectCountsMatch();
  });

  it("follow a privacy change, which also re-scopes the task's earlier activity entries", async () => {
    const [task] = await makeTasks(1);
    await ok(cast.manager, "POST", tasksUrl(`/${task?.id}/update`), { privacy: true });
    await expectCountsMatch();
    await ok(cast.manager, "POST", tasksUrl(`/${task?.id}/update`), { privacy: false });
    await expectCountsMatch();
  });

  it("follow moves to another list: by update, by dragging between lists, and with sub-tasks", async () => {
    const [moved, dragged] = await makeTasks(2);
    await createTask(cast.manager, projectId, { board_id: listId, parent_id: moved?.id });
    await ok(cast.manager, "POST", tasksUrl(`/${moved?.id}/update`), { board_id: secondListId });
    await expectCountsMatch();
    await ok(cast.manager, "POST", tasksUrl("/sorting"), { list_id: secondListId, moved_task_id: dragged?.id, orders: [{ id: dragged?.id, index: 0 }] });
    await expectCountsMatch();
  });

  it("follow bulk complete, reopen, move and delete", async () => {
    const tasks = await makeTasks(4);
    const ids = tasks.map((task) => task.id);
    await ok(cast.manager, "POST", tasksUrl("/bulk"), { action: "complete", task_ids: ids });
    await expectCountsMatch();
    await ok(cast.manager, "POST", tasksUrl("/bulk"), { action: "reopen", task_ids: ids.slice(0, 2) });
    await ok(cast.manager, "POST", tasksUrl("/bulk"), { action: "move", task_ids: ids, task_list_id: secondListId });
    await expectCountsMatch();
    await ok(cast.manager, "POST", tasksUrl("/bulk"), { action: "delete", task_ids: ids.slice(1) });
    await expectCountsMatch();
  });

  it("follow a deleted comment, and a deleted task and its undo, with its sub-tasks and comments", async () => {
    const [task] = await makeTasks(1, { privacy: true });
    await createTask(cast.manager, projectId, { board_id: listId, parent_id: task?.id, privacy: true });
    await ok(cast.manager, "POST", `/api/pm/v2/projects/${projectId}/comments`, { commentable_type: "task", commentable_id: task?.id, content: "<p>Note</p>" });
    const second = await ok(cast.manager, "POST", `/api/pm/v2/projects/${projectId}/comments`, { commentable_type: "task", commentable_id: task?.id, content: "<p>Again</p>" });
    await ok(cast.manager, "POST", `/api/pm/v2/projects/${projectId}/comments/${second.data.id}/delete`);
    await expectCountsMatch();
    const deleted = await ok(cast.manager, "POST", tasksUrl(`/${task?.id}/delete`));
    await expectCountsMatch();
    await ok(cast.manager, "POST", `/api/pm/v2/undo/${deleted.undo.id}`);
    await expectCountsMatch();
  });

  it("follow a deleted list (its tasks go by cascade) and its undo, and a list made private", async () => {
    const list = await createList(cast.manager, projectId, { title: "Doomed" });
    await createTask(cast.manager, projectId, { board_id: list.id });
    await createTask(cast.manager, projectId, { board_id: list.id, status: 1 });
    await ok(cast.manager, "POST", `/api/pm/v2/projects/${projectId}/task-lists/${list.id}/update`, { privacy: true });
    await expectCountsMatch();
    const deleted = await ok(cast.manager, "POST", `/api/pm/v2/projects/${projectId}/task-lists/${list.id}/delete`);
    await expectCountsMatch();
    await ok(cast.manager, "POST", `/api/pm/v2/undo/${deleted.undo.id}`);
    await expectCountsMatch();
  });

  it("count the copies of a duplicated list and of a duplicated project", async () => {
    await ok(cast.manager, "GET", `/api/pm-pro/v2/duplicate/list/${listId}`);
    await expectCountsMatch();
    await ok(cast.siteManager, "POST", `/api/pm-pro/v2/duplicate/project/${projectId}`);
    await expectCountsMatch();
  });

  it("follow any write to the table: a task moved to another project, a sub-task made a task and back, a status set in bulk", async () => {
    const db = t.database.db;
    const otherList = await createList(cast.manager, otherProjectId, { title: "Their list" });
    const [travelling, parent] = await makeTasks(2);
    const subTask = await createTask(cast.manager, projectId, { board_id: listId, parent_id: parent?.id });
    await db.updateTable("tasks").set({ project_id: otherProjectId, task_list_id: otherList.id }).where("id", "=", travelling?.id ?? 0).execute();
    await db.updateTable("tasks").set({ parent_id: 0 }).where("id", "=", subTask.id).execute();
    await expectCountsMatch();
    await db.updateTable("tasks").set({ parent_id: parent?.id ?? 0 }).where("id", "=", subTask.id).execute();
    await db.updateTable("tasks").set({ status: 1 }).where("project_id", "=", projectId).execute();
    await db.updateTable("tasks").set({ title: "Renamed" }).where("project_id", "=", projectId).execute();
    await expectCountsMatch();
  });

  it("count a deleted project's tasks and entries out", async () => {
    const doomed = (await createProjectWithCast(cast, { title: "Doomed project" })).id;
    await createTask(cast.manager, doomed, {});
    await ok(cast.siteManager, "POST", `/api/pm/v2/projects/${doomed}/delete`);
    await expectCountsMatch();
    const left = await t.database.db.selectFrom("task_counts").select("count").where("project_id", "=", doomed).execute();
    expect(left.every((row) => Number(row.count) === 0)).toBe(true);
  });
});

describe("what the API reads from the kept counts", () => {
  it("answers each list's open and done totals and the project's task counts as a recount does, for each privacy view", async () => {
    const db = t.database.db;
    for (const session of [cast.manager, cast.client]) {
      const lists = await ok(session, "GET", `/api/pm/v2/projects/${projectId}/task-lists?per_page=100`);
      const meta = (await ok(session, "GET", `/api/pm/v2/projects/${projectId}`)).data.meta.data;
      let shown = 0;
      for (const list of lists.data as Array<{ id: number; meta: { total_complete_tasks: number; total_incomplete_tasks: number } }>) {
        const tasks = await db.selectFrom("tasks").select(["status"]).where("task_list_id", "=", list.id).where("parent_id", "=", 0)
          .$if(session === cast.client, (qb) => qb.where("privacy", "=", 0)).execute();
        expect([list.meta.total_incomplete_tasks, list.meta.total_complete_tasks], `list ${list.id}`)
          .toEqual([tasks.filter((task) => task.status !== 1).length, tasks.filter((task) => task.status === 1).length]);
        shown += tasks.length;
      }
      expect(meta.total_tasks).toBe(shown);
    }
  });

  it("answers the feed's total from the kept counts as the entries' own count does when a filter narrows it", async () => {
    const feed = (session: Session, query = "") => ok(session, "GET", `/api/pm/v2/projects/${projectId}/activities?per_page=5${query}`);
    // A date range that holds every entry: the total is then counted from the entries themselves.
    const everyDay = "&updated_at_start=2000-01-01&updated_at=2999-12-31";
    const totals: number[] = [];
    for (const session of [cast.manager, cast.client]) {
      const kept = (await feed(session)).meta.pagination.total;
      expect(kept).toBe((await feed(session, everyDay)).meta.pagination.total);
      totals.push(kept);
    }
    const [managerTotal, clientTotal] = totals;
    expect(clientTotal).toBeLessThan(managerTotal ?? 0);
    expect(clientTotal).toBeGreaterThan(0);
  });

  it("answers a task's comment count and its comments page's total as a recount does", async () => {
    const [task] = await makeTasks(1);
    for (let index = 0; index < 3; index += 1) {
      await ok(cast.manager, "POST", `/api/pm/v2/projects/${projectId}/comments`, { commentable_type: "task", commentable_id: task?.id, content: `<p>${index}</p>` });
    }
    const stored = await t.database.db.selectFrom("comments").select((eb) => eb.fn.countAll<number>().as("n"))
      .where("commentable_type", "=", "task").where("commentable_id", "=", task?.id ?? 0).executeTakeFirstOrThrow();
    const page = await ok(cast.manager, "GET", `/api/pm/v2/projects/${projectId}/comments?commentable_type=task&commentable_id=${task?.id}&per_page=2`);
    expect(page.meta.pagination.total).toBe(Number(stored.n));
    const shown = await ok(cast.manager, "GET", tasksUrl(`/${task?.id}`));
    expect(shown.data.meta.total_comment).toBe(Number(stored.n));
  });

  it("answers the task search's total from the kept counts as a recount does, for each privacy view, and counts the tasks when another filter narrows it", async () => {
    const db = t.database.db;
    const privateLists = (await db.selectFrom("task_lists").select("id").where("privacy", "<>", 0).execute()).map((list) => list.id);
    for (const [session, seesPrivate] of [[cast.manager, true], [cast.client, false]] as const) {
      for (const [status, statuses] of [["0", [0, 2]], ["1", [1]]] as const) {
        const answer = await ok(session, "GET", `/api/pm/v2/tasks?project_id=${projectId}&status=${status}&per_page=2`);
        const recount = await db.selectFrom("tasks").select((eb) => eb.fn.countAll<number>().as("n"))
          .where("project_id", "=", projectId).where("parent_id", "=", 0).where("status", "in", [...statuses])
          .$if(!seesPrivate, (qb) => qb.where("privacy", "=", 0).where("task_list_id", "not in", [0, ...privateLists]))
          .executeTakeFirstOrThrow();
        expect(answer.meta.pagination.total, `status ${status}`).toBe(Number(recount.n));
        expect(answer.meta.pagination.total).toBeGreaterThan(0);
      }
    }
    const titled = await ok(cast.manager, "GET", `/api/pm/v2/tasks?project_id=${projectId}&title=Renamed&per_page=2`);
    const renamed = await db.selectFrom("tasks").select((eb) => eb.fn.countAll<number>().as("n"))
      .where("project_id", "=", projectId).where("parent_id", "=", 0).where("title", "like", "%Renamed%").executeTakeFirstOrThrow();
    expect(titled.meta.pagination.total).toBe(Number(renamed.n));
  });
});

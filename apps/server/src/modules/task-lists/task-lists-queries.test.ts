import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { seedLists } from "../tasks/tasks.fixtures.js";

/**
 * No N+1: the list calls run the same number of SQL statements for a small project (3 lists x 2 tasks) as for
 * a bigger one (12 lists x 30 tasks), with every include asked for.
 */
let t: TestApp;
let cast: Cast;
let small: number;
let big: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  small = (await createProjectWithCast(cast, { title: "Small" })).id;
  big = (await createProjectWithCast(cast, { title: "Big" })).id;
  await seedLists(t.database.db, { projectId: small, creatorId: cast.manager.userId, assigneeId: cast.coWorker.userId, lists: 3, tasksPerList: 2 });
  await seedLists(t.database.db, { projectId: big, creatorId: cast.coWorker.userId, assigneeId: cast.client.userId, lists: 12, tasksPerList: 30 });
  // A session, and its access to a project, are read from the database on first use, then from memory:
  // one request each first keeps those reads out of the counts below.
  for (const session of Object.values(cast)) {
    await session.inject({ method: "GET", url: "/api/auth/me" });
    for (const project of [small, big]) await session.inject({ method: "GET", url: `/api/pm/v2/projects/${project}` });
    // So is the task the reader's timer runs on, which every task answer marks.
    await session.inject({ method: "GET", url: `/api/pm/v2/projects/${small}/task-lists` });
  }
});
afterAll(() => t.close());

async function countQueries(session: Session, url: string): Promise<{ count: number; body: { data: unknown[] } }> {
  t.queries.length = 0;
  const response = await session.inject({ method: "GET", url });
  expect(response.statusCode, response.body).toBe(200);
  return { count: t.queries.length, body: response.json() };
}

describe("query counts of the list calls", () => {
  it("GET task-lists with incomplete and complete tasks: the same for 3 x 2 as for 12 x 30", async () => {
    const query = "task-lists?per_page=-1&with=incomplete_tasks,complete_tasks";
    for (const session of [cast.client, cast.manager]) {
      const few = await countQueries(session, `/api/pm/v2/projects/${small}/${query}`);
      const many = await countQueries(session, `/api/pm/v2/projects/${big}/${query}`);
      expect(few.body.data).toHaveLength(4);
      expect(many.body.data).toHaveLength(13);
      expect(many.count).toBe(few.count);
      // One more since tasks count their attached files (migration 0010), two more since they carry their
      // sub-tasks' counts and their logged time.
      expect(many.count).toBeLessThanOrEqual(15);
    }
  });

  it("GET pm/v2/tasks: the same for 6 tasks as for 360", async () => {
    const few = await countQueries(cast.client, `/api/pm/v2/tasks?project_id=${small}&per_page=100`);
    const many = await countQueries(cast.client, `/api/pm/v2/tasks?project_id=${big}&per_page=100`);
    expect(few.body.data).toHaveLength(6);
    expect(many.body.data).toHaveLength(100);
    expect((many.body as unknown as { meta: { pagination: { total: number } } }).meta.pagination.total).toBe(360);
    expect(many.count).toBe(few.count);
    // Including the count of attached files, the sub-tasks' counts and the logged time.
    expect(many.count).toBeLessThanOrEqual(11);
    const siteFew = await countQueries(cast.siteManager, `/api/pm/v2/tasks?project_id=${small}`);
    const siteMany = await countQueries(cast.siteManager, `/api/pm/v2/tasks?project_id=${big}`);
    expect(siteMany.count).toBe(siteFew.count);
  });

  it("GET pm/v2/projects/:project/tasks and one list: the same whatever the size", async () => {
    const few = await countQueries(cast.manager, `/api/pm/v2/projects/${small}/tasks?per_page=100`);
    const many = await countQueries(cast.manager, `/api/pm/v2/projects/${big}/tasks?per_page=100`);
    expect(many.count).toBe(few.count);
    const lists = await t.database.db.selectFrom("task_lists").select(["id", "project_id"]).where("is_inbox", "=", 0).where("project_id", "in", [small, big]).orderBy("id").execute();
    const smallList = lists.find((list) => list.project_id === small)?.id;
    const bigList = lists.find((list) => list.project_id === big)?.id;
    const one = await countQueries(cast.manager, `/api/pm/v2/projects/${small}/task-lists/${smallList}`);
    const other = await countQueries(cast.manager, `/api/pm/v2/projects/${big}/task-lists/${bigList}`);
    expect(other.count).toBe(one.count);
  });
});

describe("many lists at once", () => {
  it("lists 520 lists with their tasks, binding at most 500 list ids per statement", async () => {
    const huge = (await createProjectWithCast(cast, { title: "Huge" })).id;
    await seedLists(t.database.db, { projectId: huge, creatorId: cast.manager.userId, assigneeId: cast.coWorker.userId, lists: 520, tasksPerList: 2 });
    const { body } = await countQueries(cast.manager, `/api/pm/v2/projects/${huge}/task-lists?per_page=-1&with=incomplete_tasks&incomplete_task_per_page=5`);
    const lists = body.data as Array<{ title: string; incomplete_tasks: { data: Array<{ title: string }> }; meta: { total_incomplete_tasks: number } }>;
    expect(lists).toHaveLength(521);
    for (const list of lists.slice(1)) {
      expect(list.incomplete_tasks.data.map((task) => task.title)).toEqual([`${list.title.replace("list", "task")}.1`, `${list.title.replace("list", "task")}.2`]);
      expect(list.meta.total_incomplete_tasks).toBe(2);
    }
    // No statement binds more than 500 ids: the largest IN list is one chunk.
    const largestInList = Math.max(...t.queries.map((query) => Math.max(0, ...[...query.matchAll(/in \(([^)]*)\)/g)].map((match) => (match[1] ?? "").split(",").length))));
    expect(largestInList).toBeLessThanOrEqual(500);
  });
});

describe("sub-tasks and time logs", () => {
  it("add no statement to the task lists page, however many there are, and roll up on each task", async () => {
    const url = `/api/pm/v2/projects/${big}/task-lists?per_page=-1&with=incomplete_tasks,complete_tasks`;
    const before = await countQueries(cast.manager, url);
    const { db } = t.database;
    const parents = await db.selectFrom("tasks").select(["id", "task_list_id", "privacy"]).where("project_id", "=", big).where("parent_id", "=", 0).execute();
    const at = "2026-11-20 10:00:00";
    const subTasks = parents.flatMap((parent) => [0, 1].map((i) => ({
      project_id: big, task_list_id: parent.task_list_id, parent_id: parent.id, title: `Step ${i}`, description: "", estimation: 15,
      start_at: null, due_date: null, priority: 0, complexity: 0, payable: 0, recurrent: 0, status: i, privacy: parent.privacy,
      sort_order: i, type_id: null, created_by: cast.manager.userId, completed_by: null, completed_at: null, created_at: at, updated_at: at,
    })));
    for (let i = 0; i < subTasks.length; i += 200) await db.insertInto("tasks").values(subTasks.slice(i, i + 200)).execute();
    const children = await db.selectFrom("tasks").select(["id", "parent_id"]).where("project_id", "=", big).where("parent_id", "<>", 0).execute();
    const log = (taskId: number, seconds: number) => ({
      task_id: taskId, project_id: big, user_id: cast.coWorker.userId, started_at: at, stopped_at: at, total_seconds: seconds, run_status: 0,
      day: "2026-11-20", note: "", source: "custom", stopped_by_cap: 0, cap_seen_at: null, created_at: at, updated_at: at,
    });
    const logs = [...parents.map((parent) => log(parent.id, 600)), ...children.map((child) => log(child.id, 300))];
    for (let i = 0; i < logs.length; i += 200) await db.insertInto("time_logs").values(logs.slice(i, i + 200)).execute();

    const after = await countQueries(cast.manager, url);
    expect(after.count).toBe(before.count);
    const lists = after.body.data as Array<{ incomplete_tasks: { data: Array<{ id: number; estimation: number; sub_tasks: unknown; rollup: unknown; time: unknown }> } }>;
    const shown = lists.flatMap((list) => list.incomplete_tasks.data);
    expect(shown.length).toBeGreaterThan(0);
    for (const task of shown) {
      expect(task.sub_tasks).toEqual({ total: 2, complete: 1 });
      expect(task.rollup).toEqual({ estimation: task.estimation + 30, logged: 600 + 2 * 300 });
      expect(task.time).toEqual({ meta: { totalTime: 600, running: false } });
    }
  });
});

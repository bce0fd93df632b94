import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { NONCE_HEADER, SESSION_COOKIE } from "@plotline/contracts";
import type { FastifyInstance, InjectOptions } from "fastify";
import { Redis } from "ioredis";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../test/factories.js";
import { createTestApp, createTestSchema, type Session, type TestApp } from "../../test/helpers.js";
import { shouldRunRedisTests, TEST_REDIS_URL } from "../../test/redis.js";
import { buildApp } from "../app.js";
import { readCascades } from "../db/cascades.js";
import { openDatabase, type DatabaseHandle } from "../db/kysely.js";
import { ANY_TABLE, writtenTable, type CommittedWritesListener, type WriteWatch } from "../db/write-watch.js";
import { memorySharedState, redisSharedState, type SharedState } from "./shared-state.js";
import { tableRevisions } from "./read-cache.js";

describe("writtenTable", () => {
  it("reads the table of each kind of write, quoted or not, with a schema or not", () => {
    expect(writtenTable('insert into "tasks" ("title") values (?)')).toBe("tasks");
    expect(writtenTable("INSERT OR REPLACE INTO task_labels (task_id) values (1)")).toBe("task_labels");
    expect(writtenTable('update "t_ab12"."project_members" set "role_id" = $1')).toBe("project_members");
    expect(writtenTable('delete from "comments" where "id" = ?')).toBe("comments");
    expect(writtenTable("  replace into settings values (1)")).toBe("settings");
  });

  it("names no table for reads, and every table for writes that do not say where", () => {
    expect(writtenTable('select * from "tasks" where "title" = \'update "users"\'')).toBeNull();
    expect(writtenTable("set local synchronous_commit to off")).toBeNull();
    expect(writtenTable("pragma foreign_keys = on")).toBeNull();
    expect(writtenTable("with moved as (update tasks set status = 1 returning id) select * from moved")).toBe(ANY_TABLE);
    expect(writtenTable("create index tasks_idx on tasks (title)")).toBe(ANY_TABLE);
  });
});

describe("table revisions in one process", () => {
  it("give the same stamp until a commit writes one of its tables, then a new one", async () => {
    const listeners: CommittedWritesListener[] = [];
    const writes: WriteWatch = {
      onCommit(listener) {
        listeners.push(listener);
        return () => undefined;
      },
    };
    const commit = (...tables: string[]) => Promise.all(listeners.map((listener) => listener(new Set(tables))));
    const { tables } = tableRevisions(memorySharedState().revisions, writes, new Map([["projects", ["tasks"]]]));
    const stamp = tables.stamper(["tasks"]);
    const first = await stamp();
    expect(await stamp()).toBe(first);
    await commit("labels");
    expect(await stamp()).toBe(first);
    await commit("tasks");
    const second = await stamp();
    expect(second).not.toBe(first);
    await commit("projects");
    expect(await stamp()).not.toBe(second);
  });
});

describe("the write watch", () => {
  let database: DatabaseHandle;
  let dropSchema: () => Promise<void>;
  const seen: string[][] = [];

  beforeAll(async () => {
    const schema = await createTestSchema();
    dropSchema = schema.dropSchema;
    database = openDatabase({ databaseUrl: schema.databaseUrl, sqlitePath: ":memory:", pgSchema: schema.pgSchema, poolSize: 2 });
    await sql`create table notes (id integer primary key, body text not null)`.execute(database.db);
    await sql`create table tags (id integer primary key, name text not null)`.execute(database.db);
    database.writes.onCommit((tables) => {
      seen.push([...tables].sort());
    });
  });

  afterAll(async () => {
    await database.destroy();
    await dropSchema();
  });

  it("knows which tables a delete reaches through foreign keys, following deleted rows down", async () => {
    await sql`create table shelves (id integer primary key)`.execute(database.db);
    await sql`create table folders (id integer primary key, shelf_id integer not null references shelves (id) on delete cascade)`.execute(database.db);
    await sql`create table docs (id integer primary key, folder_id integer references folders (id) on delete set null)`.execute(database.db);
    await sql`create table pages (id integer primary key, doc_id integer not null references docs (id) on delete cascade)`.execute(database.db);
    await sql`create table stamps (id integer primary key, page_id integer references pages (id))`.execute(database.db);
    const cascades = await readCascades(database);
    // Deleting a shelf deletes its folders, whose docs are kept with no folder: their pages stay as they are.
    expect(cascades.get("shelves")).toEqual(["docs", "folders"]);
    expect(cascades.get("folders")).toEqual(["docs"]);
    expect(cascades.get("docs")).toEqual(["pages"]);
    // A plain reference (no action) refuses the delete instead of changing the row.
    expect(cascades.get("pages")).toBeUndefined();
  });

  it("reports a statement outside a transaction once it has run", async () => {
    seen.length = 0;
    await database.db.insertInto("notes" as never).values({ id: 1, body: "one" } as never).execute();
    expect(seen).toEqual([["notes"]]);
    await database.db.selectFrom("notes" as never).selectAll().execute();
    expect(seen).toHaveLength(1);
  });

  it("reports a transaction's tables once, after its commit, and a rolled-back one never", async () => {
    seen.length = 0;
    await database.db.transaction().execute(async (trx) => {
      await trx.insertInto("notes" as never).values({ id: 2, body: "two" } as never).execute();
      await trx.insertInto("tags" as never).values({ id: 1, name: "red" } as never).execute();
      await trx.updateTable("notes" as never).set({ body: "deux" } as never).execute();
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([["notes", "tags"]]);

    seen.length = 0;
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx.deleteFrom("notes" as never).execute();
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(seen).toEqual([]);
    const kept = await database.db.selectFrom("notes" as never).select(sql<number>`count(*)`.as("count")).executeTakeFirstOrThrow();
    expect(Number((kept as { count: number }).count)).toBe(2);
  });
});

const runsRedis = await shouldRunRedisTests("read caches across processes sharing Redis");

/** A session of one process used on another: the same cookie and nonce, sent to `app`. */
function on(app: FastifyInstance, session: Session) {
  return (options: InjectOptions) =>
    app.inject({ ...options, cookies: { [SESSION_COOKIE]: session.cookie }, headers: { [NONCE_HEADER]: session.nonce, ...options.headers } });
}

interface ListedTask {
  id: number;
  title: string;
  abilities: { can_edit: boolean; can_delete: boolean; can_complete: boolean };
}

/**
 * Two API processes of one site, each with its own database connection and read caches, sharing table
 * revisions through Redis: what one process commits, the other's caches never serve again.
 */
describe.runIf(runsRedis)("read caches across processes", () => {
  let first: TestApp;
  let second: FastifyInstance;
  let secondDatabase: DatabaseHandle;
  let secondQueries: string[];
  let states: SharedState[];
  let prefix: string;
  let folder: string;
  let cast: Cast;
  let projectId: number;
  let listId: number;

  beforeAll(async () => {
    prefix = `plotline-test-${randomBytes(4).toString("hex")}:`;
    states = [await redisSharedState(TEST_REDIS_URL, prefix), await redisSharedState(TEST_REDIS_URL, prefix)];
    folder = await fs.mkdtemp(path.join(os.tmpdir(), "plotline-read-cache-"));
    const sqlitePath = path.join(folder, "plotline.db");
    first = await createTestApp({ shared: states[0], sqlitePath });
    secondQueries = [];
    secondDatabase = openDatabase({
      databaseUrl: first.database.kind === "postgres" ? first.app.ctx.config.databaseUrl : null,
      pgSchema: first.database.pgSchema ?? undefined,
      sqlitePath,
      poolSize: 2,
      onQuery: (statement) => secondQueries.push(statement),
    });
    second = await buildApp({ config: first.app.ctx.config, database: secondDatabase, shared: states[1] });
    await second.ready();

    cast = await createCast(first.app);
    projectId = (await createProjectWithCast(cast)).id;
    const list = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/task-lists`, payload: { title: "Shared list" } });
    listId = (list.json() as { data: { id: number } }).data.id;
    const task = await cast.coWorker.inject({
      method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks`, payload: { title: "Written by Carl", board_id: listId },
    });
    expect(task.statusCode, task.body).toBe(200);
  });

  afterAll(async () => {
    await second?.close();
    await secondDatabase?.destroy();
    await first?.close();
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await Promise.all(states.map((state) => state.close()));
    await fs.rm(folder, { recursive: true, force: true });
  });

  const listing = (session: Session) =>
    on(second, session)({ method: "GET", url: `/api/pm/v2/projects/${projectId}/task-lists?with=incomplete_tasks` });

  function tasksOf(body: string): ListedTask[] {
    const lists = (JSON.parse(body) as { data: Array<{ id: number; incomplete_tasks: { data: ListedTask[] } }> }).data;
    return lists.find((list) => list.id === listId)?.incomplete_tasks.data ?? [];
  }

  it("answers a repeated listing from memory, with each reader's own abilities", async () => {
    const manager = await listing(cast.manager);
    expect(manager.statusCode, manager.body).toBe(200);
    secondQueries.length = 0;
    const again = await listing(cast.manager);
    expect(again.body).toBe(manager.body);
    expect(secondQueries).toEqual([]);

    // Carl wrote the task and may edit it; Cleo the client shares no more than the listing.
    const [carl] = tasksOf((await listing(cast.coWorker)).body);
    expect(carl?.abilities).toMatchObject({ can_edit: true, can_delete: true, can_complete: true });
    const [managers] = tasksOf(manager.body);
    expect(managers?.abilities).toMatchObject({ can_edit: true, can_delete: true });
    const clientView = await listing(cast.client);
    expect(clientView.statusCode).toBe(200);
    expect(tasksOf(clientView.body)[0]?.abilities).toMatchObject({ can_edit: false, can_delete: false, can_complete: false });
  });

  it("answers a repeated task from memory with each reader's abilities, and its change on the very next read", async () => {
    const [carls] = tasksOf((await listing(cast.manager)).body);
    const url = `/api/pm/v2/projects/${projectId}/tasks/${carls?.id}`;
    const first = await on(second, cast.coWorker)({ method: "GET", url });
    expect(first.statusCode, first.body).toBe(200);
    secondQueries.length = 0;
    expect((await on(second, cast.coWorker)({ method: "GET", url })).body).toBe(first.body);
    expect(secondQueries).toEqual([]);
    expect((JSON.parse(first.body) as { data: ListedTask }).data.abilities).toMatchObject({ can_edit: true });
    const client = await on(second, cast.client)({ method: "GET", url });
    expect((JSON.parse(client.body) as { data: ListedTask }).data.abilities).toMatchObject({ can_edit: false, can_complete: false });

    const renamed = await cast.coWorker.inject({ method: "POST", url: `${url}/update`, payload: { title: "Renamed by Carl" } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((JSON.parse((await on(second, cast.client)({ method: "GET", url })).body) as { data: ListedTask }).data.title).toBe("Renamed by Carl");
    const back = await cast.coWorker.inject({ method: "POST", url: `${url}/update`, payload: { title: "Written by Carl" } });
    expect(back.statusCode, back.body).toBe(200);
  });

  it("answers a repeated tasks search from memory, and a task assigned on the other process on the very next search", async () => {
    const search = (session: Session) => on(second, session)({ method: "GET", url: `/api/pm/v2/tasks?users=${cast.coWorker.userId}&status=0` });
    const titles = (body: string) => (JSON.parse(body) as { data: ListedTask[] }).data.map((task) => task.title);
    const first = await search(cast.coWorker);
    expect(first.statusCode, first.body).toBe(200);
    secondQueries.length = 0;
    expect((await search(cast.coWorker)).body).toBe(first.body);
    expect(secondQueries.filter((statement) => /from "tasks"/.test(statement))).toEqual([]);
    const manager = await search(cast.manager);
    expect(manager.statusCode, manager.body).toBe(200);
    expect(titles(manager.body)).toEqual(titles(first.body));

    const assigned = await cast.manager.inject({
      method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks`, payload: { title: "Given to Carl", board_id: listId, assignees: [cast.coWorker.userId] },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const after = await search(cast.coWorker);
    expect(titles(after.body)).toEqual(["Given to Carl", ...titles(first.body)]);
    expect((JSON.parse(after.body) as { meta: { pagination: { total: number } } }).meta.pagination.total).toBe(titles(first.body).length + 1);
    const removed = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks/${(JSON.parse(after.body) as { data: ListedTask[] }).data[0]?.id}/delete` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(titles((await search(cast.coWorker)).body)).toEqual(titles(first.body));
  });

  it("answers a repeated project from memory with each reader's own fields and counts, and a favourite on the very next read", async () => {
    const project = (session: Session) => on(second, session)({ method: "GET", url: `/api/pm/v2/projects/${projectId}` });
    type Shown = { favourite: boolean; abilities: { can_edit: boolean }; meta: { data: { total_tasks: number } } };
    const shown = (body: string) => (JSON.parse(body) as { data: Shown }).data;
    const manager = await project(cast.manager);
    expect(manager.statusCode, manager.body).toBe(200);
    secondQueries.length = 0;
    expect((await project(cast.manager)).body).toBe(manager.body);
    expect(secondQueries).toEqual([]);
    const client = shown((await project(cast.client)).body);
    expect(shown(manager.body).abilities.can_edit).toBe(true);
    expect(client.abilities.can_edit).toBe(false);
    expect(client.meta.data.total_tasks).toBe(shown(manager.body).meta.data.total_tasks);

    const marked = await cast.client.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/favourite`, payload: { favourite: 1 } });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(shown((await project(cast.client)).body).favourite).toBe(true);
    expect(shown((await project(cast.manager)).body).favourite).toBe(false);
    const created = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks`, payload: { title: "Counted", board_id: listId } });
    expect(created.statusCode, created.body).toBe(200);
    expect(shown((await project(cast.client)).body).meta.data.total_tasks).toBe(client.meta.data.total_tasks + 1);
    const removed = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks/${(created.json() as { data: { id: number } }).data.id}/delete` });
    expect(removed.statusCode, removed.body).toBe(200);
  });

  it("shows a task created on the other process on the very next listing", async () => {
    expect(tasksOf((await listing(cast.manager)).body).map((task) => task.title)).toEqual(["Written by Carl"]);
    const created = await cast.manager.inject({
      method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks`, payload: { title: "Written by Mia", board_id: listId },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(tasksOf((await listing(cast.manager)).body).map((task) => task.title).sort()).toEqual(["Written by Carl", "Written by Mia"]);
  });

  it("shows a changed display name on the very next listing", async () => {
    const renamed = await cast.siteManager.inject({ method: "POST", url: `/api/pm/v2/users/${cast.coWorker.userId}/update`, payload: { display_name: "Carla Coworker" } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const body = (await listing(cast.manager)).body;
    expect(body).toContain("Carla Coworker");
    expect(body).not.toContain("Carl Coworker");
  });

  it("refuses a member removed on the other process on their very next request", async () => {
    expect((await listing(cast.client)).statusCode).toBe(200);
    const update = await cast.siteManager.inject({
      method: "POST",
      url: `/api/pm/v2/projects/${projectId}/update`,
      payload: { assignees: [{ user_id: cast.manager.userId, role_id: 1 }, { user_id: cast.coWorker.userId, role_id: 2 }] },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect((await listing(cast.client)).statusCode).toBe(403);
  });
});

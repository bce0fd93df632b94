import { NONCE_HEADER, SESSION_COOKIE, type DomainEvent } from "@plotline/contracts";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/helpers.js";
import { buildApp } from "../app.js";
import { createEventDispatcher } from "./event-dispatcher.js";
import { createSubscriberRegistry, type DispatchedEvent, type EventSubscribers } from "./event-subscribers.js";
import { toStoredTimestamp } from "../lib/dates.js";
import { eventsRepository } from "./events.repository.js";
import { recordEvent, recordEvents, transact } from "./record-event.js";

let t: TestApp;
let cast: Cast;
let projectId: number;
const actor = { id: 0, displayName: "Sam Site" };

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Outboxed" })).id;
  actor.id = cast.siteManager.userId;
  // The app's own timer would drain the events these tests leave pending on purpose.
  await t.app.ctx.events.stop();
});
afterAll(() => t.close());

function labelCreated(title: string): DomainEvent {
  return { name: "label.created", payload: { projectId, id: 1, title, privacyScope: null, color: "#000000" } };
}

/** A dispatcher of its own on the test database, with one recording subscriber to `label.created`. */
function harness(handle: (event: DispatchedEvent<"label.created">) => Promise<void> = async () => {}) {
  const seen: number[] = [];
  const registry = createSubscriberRegistry();
  registry.subscribe("label.created", async (event) => {
    seen.push(event.id);
    await handle(event);
  });
  const dispatcher = createEventDispatcher({ db: t.database.db, kind: t.database.kind, registry, retryDelayMs: () => 0, maxAttempts: 3 });
  return { seen, dispatcher, ctx: { db: t.database.db, events: dispatcher } };
}

/** Writes events in a committed transaction without handing them out: a process that died right after commit. */
async function commitWithoutDispatch(events: readonly DomainEvent[]): Promise<number[]> {
  return t.database.db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (const event of events) ids.push(await recordEvent(trx, actor, event));
    return ids;
  });
}

async function restartedApp(eventSubscribers: readonly EventSubscribers[] = []): Promise<FastifyInstance> {
  const app = await buildApp({ config: t.app.ctx.config, database: t.database, eventSubscribers });
  await app.ready();
  return app;
}

describe("domain events outbox", () => {
  it("hands a committed event to its subscribers before the change returns", async () => {
    const { seen, ctx } = harness();
    const id = await transact(ctx, (trx) => recordEvent(trx, actor, labelCreated("Committed")));
    expect(seen).toEqual([id]);
    expect((await eventsRepository(t.database.db).findEvent(id))?.dispatched_at).not.toBeNull();
  });

  it("never hands out an event written in a rolled-back transaction", async () => {
    const { seen, ctx, dispatcher } = harness();
    const pendingBefore = await eventsRepository(t.database.db).countPending();
    await expect(
      transact(ctx, async (trx) => {
        await recordEvent(trx, actor, labelCreated("Rolled back"));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await dispatcher.drain();
    expect(seen).toEqual([]);
    expect(await eventsRepository(t.database.db).countPending()).toBe(pendingBefore);
  });

  it("hands out after a restart, once, an event committed but never dispatched", async () => {
    const entries = () =>
      t.database.db.selectFrom("activities").select("id").where("project_id", "=", projectId).where("action", "=", "update_project").execute();
    const [id] = await commitWithoutDispatch([
      { name: "project.updated", payload: { projectId, id: projectId, title: "Outboxed", privacyScope: null, changes: { title: { from: "Old", to: "Outboxed" } } } },
    ]);
    expect(await entries()).toHaveLength(0);

    const first = await restartedApp();
    expect(await entries()).toHaveLength(1);
    expect((await eventsRepository(t.database.db).findEvent(id ?? 0))?.dispatched_at).not.toBeNull();
    await first.close();

    const second = await restartedApp();
    await second.ctx.events.drain();
    expect(await entries()).toHaveLength(1);
    await second.close();
  });

  it("answers the request when a subscriber fails, and retries the event later", async () => {
    let calls = 0;
    const flaky: EventSubscribers = {
      "label.created": async () => {
        calls += 1;
        if (calls === 1) throw new Error("subscriber down");
      },
    };
    const app = await restartedApp([flaky]);
    await app.ctx.events.stop();
    const response = await app.inject({
      method: "POST",
      url: `/api/pm-pro/v2/projects/${projectId}/settings/labels`,
      cookies: { [SESSION_COOKIE]: cast.manager.cookie },
      headers: { [NONCE_HEADER]: cast.manager.nonce },
      payload: { title: "Flaky", description: "", color: "#00FF00" },
    });
    expect(response.statusCode).toBe(200);
    expect(calls).toBe(1);
    const row = await t.database.db.selectFrom("events").selectAll().where("name", "=", "label.created").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 1, dispatched_at: null, failed_at: null });
    expect(row.last_error).toContain("subscriber down");

    // Its back-off over, the next drain hands it out again.
    await t.database.db.updateTable("events").set({ next_attempt_at: "2000-01-01 00:00:00" }).where("id", "=", row.id).execute();
    await app.ctx.events.drain();
    expect(calls).toBe(2);
    expect((await eventsRepository(t.database.db).findEvent(row.id))?.dispatched_at).not.toBeNull();
    await app.close();
  });

  it("marks an event failed, and keeps it, after its last attempt", async () => {
    const { seen, ctx, dispatcher } = harness(async () => {
      throw new Error("always down");
    });
    const id = await transact(ctx, (trx) => recordEvent(trx, actor, labelCreated("Doomed")));
    await dispatcher.drain();
    await dispatcher.drain();
    await dispatcher.drain();
    expect(seen).toEqual([id, id, id]);
    const row = await eventsRepository(t.database.db).findEvent(id);
    expect(row).toMatchObject({ attempts: 3, dispatched_at: null });
    expect(row?.failed_at).not.toBeNull();
  });

  it("hands out the events of one change in one transaction, a batch subscriber getting them at once", async () => {
    const batches: number[][] = [];
    const registry = createSubscriberRegistry();
    registry.subscribe("label.created", {
      batch: async (events) => {
        batches.push(events.map((event) => event.id));
      },
    });
    const dispatcher = createEventDispatcher({ db: t.database.db, kind: t.database.kind, registry });
    await transact({ db: t.database.db, events: dispatcher }, (trx) => recordEvents(trx, actor, [labelCreated("One"), labelCreated("Two"), labelCreated("Three")]));
    expect(batches).toHaveLength(1);
    const [ids = []] = batches;
    expect(ids).toHaveLength(3);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const rows = await t.database.db.selectFrom("events").select(["payload", "dispatched_at"]).where("id", "in", ids).orderBy("id").execute();
    expect(rows.map((row) => (JSON.parse(row.payload) as { title: string }).title)).toEqual(["One", "Two", "Three"]);
    expect(rows.every((row) => row.dispatched_at !== null)).toBe(true);
  });

  it("hands out each event of a batch alone when one fails, so the others are not held back", async () => {
    const { seen, ctx } = harness(async (event) => {
      if (event.payload.title === "Broken") throw new Error("cannot take this one");
    });
    await transact(ctx, (trx) => recordEvents(trx, actor, [labelCreated("Fine"), labelCreated("Broken"), labelCreated("Also fine")]));
    const rows = await t.database.db.selectFrom("events").selectAll().where("id", "in", [...new Set(seen)]).orderBy("id").execute();
    expect(rows.map((row) => [(JSON.parse(row.payload) as { title: string }).title, row.dispatched_at !== null, row.attempts])).toEqual([
      ["Fine", true, 0],
      ["Broken", false, 1],
      ["Also fine", true, 0],
    ]);
  });

  it("hands each event to one of two dispatchers draining the same database at once", async () => {
    const ids = await commitWithoutDispatch(Array.from({ length: 40 }, (_, index) => labelCreated(`Race ${index}`)));
    const slow = async () => new Promise<void>((resolve) => setTimeout(resolve, 2));
    const one = harness(slow);
    const two = harness(slow);
    await Promise.all([one.dispatcher.drain(), two.dispatcher.drain(), one.dispatcher.dispatch(ids), two.dispatcher.dispatch(ids)]);
    const handled = [...one.seen, ...two.seen].filter((id) => ids.includes(id));
    expect(handled.sort((a, b) => a - b)).toEqual(ids);
  });
});


describe("activities written after commit", () => {
  it("take their record's privacy as it is when written, not as it was when the event was recorded", async () => {
    const created = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks`, payload: { title: "Quietly private" } });
    const task = created.json().data as { id: number; board_id: number };
    // An event of the task while it was public, left behind by a process that stopped before handing it out.
    const [eventId] = await commitWithoutDispatch([
      { name: "task.created", payload: { projectId, id: task.id, title: "Quietly private", privacyScope: null, taskListId: task.board_id } },
    ]);
    // Meanwhile the task is made private: the re-scoping of that change cannot see the entry not yet written.
    const update = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks/${task.id}/update`, payload: { privacy: 1 } });
    expect(update.statusCode, update.body).toBe(200);

    const restarted = await restartedApp();
    await restarted.close();
    const entry = await t.database.db.selectFrom("activities").select("privacy_scope").where("event_id", "=", String(eventId)).executeTakeFirst();
    expect(entry?.privacy_scope).toBe("view_private_task");
  });
});

describe("the outbox's nightly clean-up", () => {
  it("deletes events handed out more than a week ago and keeps newer, pending and recently failed ones", async () => {
    const [old, recent, pending, failed, longFailed] = await commitWithoutDispatch(
      ["old", "recent", "pending", "failed", "long failed"].map((title) => labelCreated(title)),
    );
    const day = (daysAgo: number) => toStoredTimestamp(new Date(Date.now() - daysAgo * 86_400_000));
    const db = t.database.db;
    await db.updateTable("events").set({ dispatched_at: day(8) }).where("id", "=", old ?? 0).execute();
    await db.updateTable("events").set({ dispatched_at: day(6) }).where("id", "=", recent ?? 0).execute();
    await db.updateTable("events").set({ failed_at: day(29), attempts: 8 }).where("id", "=", failed ?? 0).execute();
    await db.updateTable("events").set({ failed_at: day(31), attempts: 8 }).where("id", "=", longFailed ?? 0).execute();

    await t.app.services.outbox.pruneDispatched();

    const repository = eventsRepository(db);
    for (const gone of [old, longFailed]) expect(await repository.findEvent(gone ?? 0)).toBeUndefined();
    for (const kept of [recent, pending, failed]) expect(await repository.findEvent(kept ?? 0)).toBeDefined();
  });

  it("runs as a nightly job of the outbox module", () => {
    const outbox = t.app.modules.find((module) => module.name === "outbox");
    expect(outbox?.schedules).toEqual([{ name: "events.prune-outbox", cron: "17 3 * * *" }]);
    expect(Object.keys(outbox?.jobs?.(t.app.services) ?? {})).toEqual(["events.prune-outbox"]);
  });
});

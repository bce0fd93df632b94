import type { Sprint, SprintBurndownAnswer } from "@plotline/contracts";
import { sprintBurndownResponse } from "@plotline/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers.js";
import { sprintsSubscribers } from "./sprints.subscribers.js";
import { addTasks, buildSprintWorld, get, ok, planSprint, post, readSprint, SPRINTS, taskIn, type SprintWorld } from "./sprints.fixtures.js";

// The site is in New York: before the clocks change on 8 March 2026 that is UTC-5, so 03:00 UTC on the 7th
// is 22:00 on the 6th there, and the sprint's last events belong to the 6th.
let t: TestApp;
let w: SprintWorld;

beforeAll(async () => {
  t = await createTestApp({ config: { timezone: "America/New_York" } });
  w = await buildSprintWorld(t);
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Makes `new Date()` answer this instant (timers keep running for real). */
function clockAt(iso: string): void {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(iso));
}

type Burndown = SprintBurndownAnswer["data"];

async function burndown(sprintId: number, session = w.cast.manager): Promise<Burndown> {
  const answer = await ok<SprintBurndownAnswer>(await get(session, `${SPRINTS}/${sprintId}/burndown`));
  expect(sprintBurndownResponse.parse(answer)).toEqual(answer);
  return answer.data;
}

/** Each day as a row: date, remaining count and minutes, scope count and minutes, ideal count and minutes. */
function rows(data: Burndown): Array<[string, number | null, number | null, number | null, number | null, number, number]> {
  return data.days.map((day) => [day.date, day.remaining_count, day.remaining_estimation, day.scope_count, day.scope_estimation, day.ideal_count, day.ideal_estimation]);
}

const tasksUrl = (taskId: number) => `/api/pm/v2/projects/${w.projectA}/tasks/${taskId}`;
const setStatus = async (taskId: number, status: number) => ok(await post(w.cast.manager, `${tasksUrl(taskId)}/change-status`, { status }));

describe("GET /api/pm-pro/v2/sprints/{id}/burndown", () => {
  it("tells a scripted sprint's days number by number: add, remove, complete, reopen, delete and carry-over on known days", async () => {
    clockAt("2026-02-27T15:00:00Z");
    const sprint = await planSprint(w, { title: "Scripted", start_at: "2026-03-02", due_date: "2026-03-06" });
    const next = await planSprint(w, { title: "After it", start_at: "2026-03-09", due_date: "2026-03-13" });
    const estimations = [60, 120, 30, 90, 45, 15];
    const ids: number[] = [];
    // One after the other, so that ids follow the names.
    for (const [index, estimation] of estimations.entries()) ids.push(await taskIn(w.cast.manager, w.projectA, { title: `T${index + 1}`, estimation }));
    const [t1, t2, t3, t4, t5, t6] = ids as [number, number, number, number, number, number];
    await setStatus(t4, 1);
    await addTasks(w.creator, sprint.id, [t1, t2, t3, t4]);
    const planned = await burndown(sprint.id);
    expect(planned.days.every((day) => day.remaining_count === null && day.ideal_count === 0)).toBe(true);

    clockAt("2026-03-02T15:00:00Z");
    await ok(await post(w.creator, `${SPRINTS}/${sprint.id}/start`));
    await setStatus(t1, 1);
    clockAt("2026-03-03T15:00:00Z");
    await addTasks(w.cast.manager, sprint.id, [t5, t6]);
    await ok(await post(w.creator, `${SPRINTS}/${sprint.id}/tasks/${t3}/delete`));
    clockAt("2026-03-04T15:00:00Z");
    await setStatus(t2, 1);
    await setStatus(t1, 0);

    const midway = await burndown(sprint.id);
    expect(midway).toMatchObject({ status: "active", today: "2026-03-04", start_at: "2026-03-02", due_date: "2026-03-06" });
    expect(rows(midway)).toEqual([
      ["2026-03-02", 2, 150, 4, 300, 3, 210],
      ["2026-03-03", 3, 180, 5, 330, 2.25, 157.5],
      ["2026-03-04", 3, 120, 5, 330, 1.5, 105],
      ["2026-03-05", null, null, null, null, 0.75, 52.5],
      ["2026-03-06", null, null, null, null, 0, 0],
    ]);

    clockAt("2026-03-05T15:00:00Z");
    await ok(await post(w.cast.manager, `${tasksUrl(t6)}/delete`));
    clockAt("2026-03-07T03:00:00Z");
    await ok(await post(w.cast.manager, `${tasksUrl(t5)}/update`, { estimation: 50 }));
    await setStatus(t5, 1);
    await ok(await post(w.creator, `${SPRINTS}/${sprint.id}/complete`, { carry_over_to: next.id }));

    const ended = await burndown(sprint.id);
    expect(ended).toMatchObject({ status: "completed", today: "2026-03-06" });
    expect(rows(ended)).toEqual([
      ["2026-03-02", 2, 150, 4, 300, 3, 210],
      ["2026-03-03", 3, 180, 5, 330, 2.25, 157.5],
      ["2026-03-04", 3, 120, 5, 330, 1.5, 105],
      ["2026-03-05", 2, 105, 4, 315, 0.75, 52.5],
      ["2026-03-06", 1, 60, 4, 320, 0, 0],
    ]);
    expect(ended.summary).toEqual({
      original: { count: 4, estimation: 300 },
      open_at_start: { count: 3, estimation: 210 },
      added: { count: 2, estimation: 60 },
      removed: { count: 2, estimation: 45 },
      completed: { count: 3, estimation: 260 },
      carried_over: { count: 1, estimation: 60 },
      remaining: { count: 1, estimation: 60 },
    });
    expect(ended.task_ids).toEqual({ original: [t1, t2, t3, t4], added: [t5, t6], removed: [t3, t6], completed: [t2, t4, t5], carried_over: [t1], remaining: [t1] });
    const read: Sprint = await readSprint(w.cast.manager, sprint.id);
    expect(read.completed_at.date).toBe("2026-03-06");

    // The carried-over task goes on in the next sprint; the ended sprint's history stays as it was.
    clockAt("2026-03-09T15:00:00Z");
    await ok(await post(w.creator, `${SPRINTS}/${next.id}/start`));
    await setStatus(t1, 1);
    expect(await burndown(sprint.id)).toEqual({ ...ended, today: "2026-03-09" });
    const following = await burndown(next.id);
    expect(following.summary).toMatchObject({ original: { count: 1, estimation: 60 }, completed: { count: 1, estimation: 60 }, remaining: { count: 0, estimation: 0 } });
    expect(rows(following)[0]).toEqual(["2026-03-09", 0, 0, 1, 60, 1, 60]);
  });

  it("puts a task an undo brought back into its active sprint again, and takes it out of one that ended meanwhile", async () => {
    const sprint = await planSprint(w, { title: "Undo" });
    const kept = await taskIn(w.cast.manager, w.projectA, { title: "Kept", estimation: 20 });
    const back = await taskIn(w.cast.manager, w.projectA, { title: "Comes back", estimation: 10 });
    await addTasks(w.creator, sprint.id, [kept, back]);
    await ok(await post(w.creator, `${SPRINTS}/${sprint.id}/start`));
    const deleted = await ok<{ undo: { id: string } }>(await post(w.cast.manager, `${tasksUrl(back)}/delete`));
    expect((await burndown(sprint.id)).summary.removed).toEqual({ count: 1, estimation: 10 });
    expect((await readSprint(w.cast.manager, sprint.id)).counters.tasks.total).toBe(1);
    await ok(await post(w.cast.manager, `/api/pm/v2/undo/${deleted.undo.id}`));
    expect((await readSprint(w.cast.manager, sprint.id)).tasks?.data.map((task) => task.title)).toEqual(["Kept", "Comes back"]);
    const restored = await burndown(sprint.id);
    expect(restored.summary).toMatchObject({ added: { count: 1, estimation: 10 }, removed: { count: 1, estimation: 10 }, remaining: { count: 2, estimation: 30 } });

    const gone = await ok<{ undo: { id: string } }>(await post(w.cast.manager, `${tasksUrl(back)}/delete`));
    await ok(await post(w.creator, `${SPRINTS}/${sprint.id}/complete`));
    await ok(await post(w.cast.manager, `/api/pm/v2/undo/${gone.undo.id}`));
    const open = await t.database.db.selectFrom("sprint_tasks").select("sprint_id").where("task_id", "=", back).execute();
    expect(open).toEqual([]);
    expect((await burndown(sprint.id)).summary).toMatchObject({ removed: { count: 2, estimation: 20 }, carried_over: { count: 1, estimation: 20 } });
  });

  it("follows bulk completions, reopenings and deletions, each task on its own", async () => {
    const sprint = await planSprint(w, { title: "Bulk" });
    const ids: number[] = [];
    for (const estimation of [10, 20, 30, 40]) ids.push(await taskIn(w.cast.manager, w.projectA, { title: `Bulk ${estimation}`, estimation }));
    await addTasks(w.creator, sprint.id, ids);
    await ok(await post(w.creator, `${SPRINTS}/${sprint.id}/start`));
    const bulk = (payload: Record<string, unknown>) => post(w.cast.manager, `/api/pm/v2/projects/${w.projectA}/tasks/bulk`, payload);
    await ok(await bulk({ action: "complete", task_ids: ids.slice(0, 3) }));
    await ok(await bulk({ action: "reopen", task_ids: [ids[0]] }));
    await ok(await bulk({ action: "delete", task_ids: [ids[3]] }));
    const { summary, task_ids } = await burndown(sprint.id);
    expect(summary).toMatchObject({
      original: { count: 4, estimation: 100 }, removed: { count: 1, estimation: 40 },
      completed: { count: 2, estimation: 50 }, remaining: { count: 1, estimation: 10 },
    });
    expect(task_ids.completed).toEqual(ids.slice(1, 3));
  });

  it("writes one event per domain event, however often it is handed out", async () => {
    const sprint = await planSprint(w, { title: "Once" });
    const task = await taskIn(w.cast.manager, w.projectA, { title: "Twice told", estimation: 5 });
    await addTasks(w.creator, sprint.id, [task]);
    await ok(await post(w.creator, `${SPRINTS}/${sprint.id}/start`));
    await setStatus(task, 1);
    const outbox = await t.database.db.selectFrom("events").select(["id", "name", "payload", "occurred_at", "actor_id", "actor_name"]).where("name", "=", "task.completed").orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
    const count = async () => (await t.database.db.selectFrom("sprint_events").select("id").where("sprint_id", "=", sprint.id).execute()).length;
    const before = await count();
    const subscription = sprintsSubscribers(t.app.ctx)["task.completed"];
    const again = { id: outbox.id, name: "task.completed" as const, payload: JSON.parse(outbox.payload), actor: { id: outbox.actor_id, displayName: outbox.actor_name }, occurredAt: outbox.occurred_at };
    if (!subscription || typeof subscription !== "object" || !("batch" in subscription)) throw new Error("The sprints module handles task.completed in batches");
    await t.database.db.transaction().execute((trx) => subscription.batch([again], trx));
    expect(await count()).toBe(before);
    // Another event about the same change is written: the key is the event, not the task.
    await t.database.db.transaction().execute((trx) => subscription.batch([{ ...again, id: again.id + 1_000_000 }], trx));
    expect(await count()).toBe(before + 1);
  });
});

import type { GanttCriticalPathResponse, GanttRescheduleResponse } from "@plotline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { createList, saveCapabilities } from "../tasks/tasks.fixtures.js";
import { chart, chartTask, datedTask, fieldMessage, ganttBase, get, link, ok, post, snapshot } from "./gantt.fixtures.js";

let t: TestApp;
let cast: Cast;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Permissions" })).id;
});
afterAll(() => t.close());

/** Sets the project's `assignees_can_edit` through the settings call. */
async function assigneesCanEdit(on: boolean): Promise<void> {
  await ok(await post(cast.manager, `/api/pm/v2/projects/${projectId}/settings`, { key: "assignees_can_edit", value: on }));
}

describe("who may do what on the Gantt chart", () => {
  it("shows the chart to every member, with can_edit where they may change the dates, and to no outsider", async () => {
    const managers = await datedTask(cast.manager, projectId, "Manager's", "2026-03-02", "2026-03-03");
    const own = await datedTask(cast.coWorker, projectId, "Co-worker's", "2026-03-02", "2026-03-03");
    const expected: Array<[Session, boolean, boolean]> = [
      [cast.siteManager, true, true],
      [cast.manager, true, true],
      [cast.coWorker, false, true],
      [cast.client, false, false],
    ];
    for (const [session, onManagers, onOwn] of expected) {
      expect((await chartTask(session, projectId, managers))?.can_edit).toBe(onManagers);
      expect((await chartTask(session, projectId, own))?.can_edit).toBe(onOwn);
    }
    for (const url of [ganttBase(projectId), `${ganttBase(projectId)}/critical-path`, `${ganttBase(projectId)}/export?format=csv`]) {
      expect((await get(cast.outsider, url)).statusCode, url).toBe(403);
    }
    expect((await get(cast.manager, "/api/pm-pro/v2/projects/999999/gantt")).statusCode).toBe(404);
  });

  it("lets those who may change the target's dates link and unlink it, and answers 403 to the others, writing nothing", async () => {
    const source = await datedTask(cast.manager, projectId, "Source", "2026-03-02", "2026-03-03");
    const target = await datedTask(cast.manager, projectId, "Target", "2026-03-04", "2026-03-05");
    const own = await datedTask(cast.coWorker, projectId, "Own target", "2026-03-04", "2026-03-05");
    for (const session of [cast.coWorker, cast.client, cast.outsider]) {
      const before = await snapshot(t);
      const response = await post(session, ganttBase(projectId), { link: { source, target, type: 0 } });
      expect(response.statusCode).toBe(403);
      expect(await snapshot(t)).toBe(before);
    }
    const refused = await post(cast.coWorker, ganttBase(projectId), { link: { source, target, type: 0 } });
    expect(refused.json().message).toBe("Only managers, the task's creator and (where the project allows it) its assignees can link Target to another task.");
    // The co-worker links to their own task, whoever made the source.
    const mine = await link(cast.coWorker, projectId, source, own);
    for (const session of [cast.siteManager, cast.manager]) {
      const made = await link(session, projectId, source, target);
      expect((await post(cast.coWorker, `${ganttBase(projectId)}/${made.id}/delete`)).statusCode).toBe(403);
      expect((await post(cast.client, `${ganttBase(projectId)}/${made.id}/delete`)).statusCode).toBe(403);
      expect((await post(cast.outsider, `${ganttBase(projectId)}/${made.id}/delete`)).statusCode).toBe(403);
      await ok(await post(session, `${ganttBase(projectId)}/${made.id}/delete`));
    }
    await ok(await post(cast.coWorker, `${ganttBase(projectId)}/${mine.id}/delete`));
  });

  it("lets an assigned co-worker link to the task only where the project lets assignees edit, and never a client", async () => {
    const source = await datedTask(cast.manager, projectId, "Assigned source", "2026-03-02", "2026-03-03");
    const target = await datedTask(cast.manager, projectId, "Assigned target", "2026-03-04", "2026-03-05", { assignees: [cast.coWorker.userId, cast.client.userId] });
    await assigneesCanEdit(false);
    expect((await post(cast.coWorker, ganttBase(projectId), { link: { source, target, type: 0 } })).statusCode).toBe(403);
    expect((await chartTask(cast.coWorker, projectId, target))?.can_edit).toBe(false);
    await assigneesCanEdit(true);
    try {
      expect((await chartTask(cast.coWorker, projectId, target))?.can_edit).toBe(true);
      expect((await chartTask(cast.client, projectId, target))?.can_edit).toBe(false);
      expect((await post(cast.client, ganttBase(projectId), { link: { source, target, type: 0 } })).statusCode).toBe(403);
      const made = await link(cast.coWorker, projectId, source, target);
      await ok(await post(cast.coWorker, `${ganttBase(projectId)}/${made.id}/delete`));
    } finally {
      await assigneesCanEdit(false);
    }
  });

  it("previews a reschedule for any member, and applies it only for who may change every moved task's dates", async () => {
    const first = await datedTask(cast.coWorker, projectId, "Co-worker first", "2026-03-02", "2026-03-06");
    const second = await datedTask(cast.manager, projectId, "Manager second", "2026-03-04", "2026-03-05");
    await link(cast.manager, projectId, first, second);
    const url = `${ganttBase(projectId)}/reschedule`;
    for (const session of [cast.siteManager, cast.manager, cast.coWorker, cast.client]) {
      const preview = await ok<GanttRescheduleResponse>(await post(session, url, { task_id: first }));
      expect(preview.data.map((shift) => [shift.task_id, shift.new_start_at, shift.new_due_date])).toEqual([[second, "2026-03-07", "2026-03-08"]]);
      expect(preview.meta.applied).toBe(false);
    }
    expect((await post(cast.outsider, url, { task_id: first })).statusCode).toBe(403);
    for (const session of [cast.coWorker, cast.client]) {
      const before = await snapshot(t);
      const refused = await post(session, url, { task_id: first, apply: true });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("You may not change the dates of these tasks, which the shift would move: Manager second.");
      expect(await snapshot(t)).toBe(before);
    }
    const applied = await ok<GanttRescheduleResponse>(await post(cast.manager, url, { task_id: first, apply: true }));
    expect(applied.meta.applied).toBe(true);
    expect(applied.message).toBe("1 dependent task was moved.");
    expect(await chartTask(cast.client, projectId, second)).toMatchObject({ start_at: "2026-03-07", due_date: "2026-03-08" });
  });
});

describe("privacy on the Gantt chart", () => {
  it("hides a private task and its links from a co-worker who may not see private tasks, everywhere", async () => {
    await saveCapabilities(t.database.db, projectId, { co_worker: { view_private_task: false } });
    try {
      const open = await datedTask(cast.manager, projectId, "Open work", "2026-07-01", "2026-07-03");
      const secret = await datedTask(cast.manager, projectId, "Secret work", "2026-07-04", "2026-07-20", { privacy: true });
      const after = await datedTask(cast.manager, projectId, "After secret", "2026-07-21", "2026-07-22");
      const toSecret = await link(cast.manager, projectId, open, secret);
      const fromSecret = await link(cast.manager, projectId, secret, after);
      const direct = await link(cast.manager, projectId, open, after, 0, 2);

      for (const session of [cast.coWorker, cast.client]) {
        const seen = await chart(session, projectId);
        expect(seen.data.map((task) => task.id)).not.toContain(secret);
        const links = seen.data.flatMap((task) => task.gantt_links.data.map((row) => row.id));
        expect(links).toContain(direct.id);
        expect(links).not.toContain(toSecret.id);
        expect(links).not.toContain(fromSecret.id);
        // Named in a body it reads as unknown; its links as missing.
        expect(fieldMessage(await post(session, ganttBase(projectId), { link: { source: after, target: secret, type: 0 } }), "link.target")).toBe("Choose a task of this project.");
        expect((await post(session, `${ganttBase(projectId)}/${toSecret.id}/delete`)).statusCode).toBe(404);
        expect(fieldMessage(await post(session, `${ganttBase(projectId)}/reschedule`, { task_id: secret }), "task_id")).toBe("Choose a task of this project.");
        const path = (await ok<GanttCriticalPathResponse>(await get(session, `${ganttBase(projectId)}/critical-path`))).data;
        expect(Object.keys(path.slack)).not.toContain(String(secret));
        expect(path.task_ids).not.toContain(secret);
        const csv = (await get(session, `${ganttBase(projectId)}/export?format=csv`)).body;
        expect(csv).toContain("Open work");
        expect(csv).not.toContain("Secret work");
      }
      // The manager sees it all.
      const managers = await chart(cast.manager, projectId);
      expect(managers.data.find((task) => task.id === open)?.gantt_links.data.map((row) => row.id)).toEqual([toSecret.id, direct.id]);
      expect(managers.data.find((task) => task.id === secret)?.gantt_links.data.map((row) => row.id)).toEqual([fromSecret.id]);
    } finally {
      await saveCapabilities(t.database.db, projectId, null);
    }
  });

  it("keeps a private task a reschedule moved out of the shift's entry, which readers of the moved task see", async () => {
    const shiftProject = (await createProjectWithCast(cast, { title: "Private shift" })).id;
    await saveCapabilities(t.database.db, shiftProject, { co_worker: { view_private_task: false } });
    const moved = await datedTask(cast.manager, shiftProject, "Public start", "2026-03-02", "2026-03-06");
    const open = await datedTask(cast.manager, shiftProject, "Open follow-up", "2026-03-04", "2026-03-05");
    const secret = await datedTask(cast.manager, shiftProject, "Secret follow-up", "2026-03-04", "2026-03-05", { privacy: true });
    await link(cast.manager, shiftProject, moved, open);
    await link(cast.manager, shiftProject, moved, secret);
    const applied = await ok<GanttRescheduleResponse>(await post(cast.manager, `${ganttBase(shiftProject)}/reschedule`, { task_id: moved, apply: true }));
    expect(applied.data.map((shift) => shift.task_id).sort()).toEqual([open, secret].sort());
    type Entry = { message: string; resource_id: number; meta: Record<string, unknown> };
    const feed = async (session: Session) => (await ok<{ data: Entry[] }>(await get(session, `/api/pm/v2/projects/${shiftProject}/activities?per_page=100`))).data;
    // The co-worker, who may not see the private task, reads the shift's entry without it: neither counted nor named.
    const coWorkers = await feed(cast.coWorker);
    const shift = coWorkers.find((entry) => entry.message.includes("shifted"));
    expect(shift?.message).toBe("Mia Manager shifted 1 dependent task of Public start");
    expect(shift?.meta.shifted_task_ids).toEqual([open]);
    expect(coWorkers.filter((entry) => entry.resource_id === secret || entry.message.includes("Secret"))).toEqual([]);
    // The private task's move is told on its own, to those who may see it.
    expect((await feed(cast.manager)).some((entry) => entry.resource_id === secret && !entry.message.includes("created"))).toBe(true);
  });

  it("hides the tasks of a private list, and a private milestone, from a client", async () => {
    const list = await createList(cast.manager, projectId, { title: "Hidden list", privacy: true });
    const hidden = await datedTask(cast.manager, projectId, "In hidden list", "2026-08-01", "2026-08-02", { board_id: list.id });
    const milestone = (await ok<{ data: { id: number } }>(await post(cast.manager, `/api/pm/v2/projects/${projectId}/milestones`, { title: "Quiet launch", achieve_date: "2026-08-10", privacy: true }))).data.id;
    const seen = await chart(cast.client, projectId);
    expect(seen.data.map((task) => task.id)).not.toContain(hidden);
    expect(seen.meta.lists.map((row) => row.id)).not.toContain(list.id);
    expect(seen.meta.milestones.map((row) => row.id)).not.toContain(milestone);
    const managers = await chart(cast.manager, projectId);
    expect(managers.meta.lists.map((row) => row.id)).toContain(list.id);
    expect(managers.meta.milestones).toContainEqual({ id: milestone, title: "Quiet launch", achieve_date: "2026-08-10" });
  });
});

import type { GanttLink } from "@plotline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/helpers.js";
import { createList, createTask } from "../tasks/tasks.fixtures.js";
import { chart, chartTask, datedTask, fieldMessage, ganttBase, get, link, ok, post, snapshot } from "./gantt.fixtures.js";

let t: TestApp;
let cast: Cast;
let projectId: number;
let otherProjectId: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Gantt project" })).id;
  otherProjectId = (await createProjectWithCast(cast, { title: "Another project" })).id;
});
afterAll(() => t.close());

describe("POST /api/pm-pro/v2/projects/:project/gantt", () => {
  it("links tasks with each of the four kinds and a lag, and shows the links on their source task", async () => {
    const a = await datedTask(cast.manager, projectId, "Design", "2026-03-02", "2026-03-06");
    const targets = await Promise.all([0, 1, 2, 3].map((type) => datedTask(cast.manager, projectId, `Follow-up ${type}`, "2026-03-09", "2026-03-10")));
    const made: GanttLink[] = [];
    for (const [type, target] of targets.entries()) made.push(await link(cast.manager, projectId, a, target, type, type - 1));
    expect(made.map((row) => [row.source, row.target, row.type, row.lag])).toEqual(targets.map((target, type) => [a, target, type, type - 1]));
    const response = await post(cast.manager, ganttBase(projectId), { link: { source: targets[0], target: targets[1], type: "finish_to_finish" } });
    const named = (await ok<{ data: GanttLink; message: string }>(response));
    expect(named.data).toMatchObject({ type: 2, lag: 0 });
    expect(named.message).toBe("Link created successfully");

    const shown = await chartTask(cast.manager, projectId, a);
    expect(shown?.gantt_links.data).toEqual(made);
    expect(shown).toMatchObject({ title: "Design", start_at: "2026-03-02", due_date: "2026-03-06", status: 0, parent_id: 0, progress: 0, can_edit: true, assignees: [] });
    // Each link is listed once, on its source.
    const all = (await chart(cast.manager, projectId)).data.flatMap((task) => task.gantt_links.data.map((row) => row.id));
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(expect.arrayContaining([...made.map((row) => row.id), named.data.id]));
  });

  it("refuses a self-link, a duplicate and a cycle with a 400 on link.target, writing nothing", async () => {
    const a = await datedTask(cast.manager, projectId, "Alpha", "2026-04-01", "2026-04-02");
    const b = await datedTask(cast.manager, projectId, "Beta", "2026-04-03", "2026-04-04");
    const c = await datedTask(cast.manager, projectId, "Gamma", "2026-04-05", "2026-04-06");
    await link(cast.manager, projectId, a, b);
    await link(cast.manager, projectId, b, c, 1);
    const before = await snapshot(t);
    const refuse = async (source: number, target: number, type = 0) => fieldMessage(await post(cast.manager, ganttBase(projectId), { link: { source, target, type } }), "link.target");
    expect(await refuse(a, a)).toBe("A task cannot be linked to itself.");
    expect(await refuse(a, b, 3)).toBe("These tasks are linked already: Alpha leads to Beta.");
    expect(await refuse(c, a)).toBe("This link would close a cycle: Alpha already leads back to Gamma through its links.");
    expect(await refuse(b, a)).toBe("This link would close a cycle: Alpha already leads back to Beta through its links.");
    expect(await snapshot(t)).toBe(before);
  });

  it("lets only one of two links made at the same moment close a loop", async () => {
    const a = await datedTask(cast.manager, projectId, "Race A", "2026-04-01", "2026-04-02");
    const b = await datedTask(cast.manager, projectId, "Race B", "2026-04-03", "2026-04-04");
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all([
        post(cast.manager, ganttBase(projectId), { link: { source: a, target: b, type: 0 } }),
        post(cast.siteManager, ganttBase(projectId), { link: { source: b, target: a, type: 0 } }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
      const made = answers.find((answer) => answer.statusCode === 200)?.json().data as GanttLink;
      expect(await t.database.db.selectFrom("gantt_links").select("id").where("source", "in", [a, b]).where("target", "in", [a, b]).execute()).toEqual([{ id: made.id }]);
      await ok(await post(cast.manager, `${ganttBase(projectId)}/${made.id}/delete`));
    }
  });

  it("refuses tasks of another project, unknown tasks and bad fields with a 400 on the field, writing nothing", async () => {
    const here = await datedTask(cast.manager, projectId, "Here", "2026-04-01", "2026-04-02");
    const there = await datedTask(cast.manager, otherProjectId, "There", "2026-04-01", "2026-04-02");
    const before = await snapshot(t);
    const send = (linkBody: Record<string, unknown>) => post(cast.manager, ganttBase(projectId), { link: linkBody });
    expect(fieldMessage(await send({ source: here, target: there, type: 0 }), "link.target")).toBe("Choose a task of this project.");
    expect(fieldMessage(await send({ source: there, target: here, type: 0 }), "link.source")).toBe("Choose a task of this project.");
    expect(fieldMessage(await send({ source: here, target: 999_999, type: 0 }), "link.target")).toBe("Choose a task of this project.");
    // Through the other project's own address, the same tasks read the other way round.
    expect(fieldMessage(await post(cast.manager, ganttBase(otherProjectId), { link: { source: there, target: here, type: 0 } }), "link.target")).toBe("Choose a task of this project.");
    expect(fieldMessage(await send({ source: here, target: here + 1, type: 7 }), "link.type")).toBe("link.type must be 0 (finish to start), 1 (start to start), 2 (finish to finish) or 3 (start to finish)");
    expect(fieldMessage(await send({ source: here, target: here + 1, type: 0, lag: 400 }), "link.lag")).toBe("link.lag must be at most 365 days");
    expect(fieldMessage(await send({ source: here, type: 0 }), "link.target")).toBe("link.target is required");
    expect((await post(cast.manager, ganttBase(projectId), {})).statusCode).toBe(400);
    expect(await snapshot(t)).toBe(before);
  });

  it("keeps a link to a task in an archived list off the chart and refuses new ones", async () => {
    const list = await createList(cast.manager, projectId, { title: "Parked" });
    const parked = await datedTask(cast.manager, projectId, "Parked task", "2026-04-01", "2026-04-02", { board_id: list.id });
    const active = await datedTask(cast.manager, projectId, "Active task", "2026-04-01", "2026-04-02");
    const made = await link(cast.manager, projectId, active, parked);
    await ok(await post(cast.manager, `/api/pm/v2/projects/${projectId}/task-lists/${list.id}/update`, { status: 0 }));
    expect(await chartTask(cast.manager, projectId, parked)).toBeUndefined();
    expect((await chartTask(cast.manager, projectId, active))?.gantt_links.data.map((row) => row.id)).not.toContain(made.id);
    expect(fieldMessage(await post(cast.manager, ganttBase(projectId), { link: { source: parked, target: active, type: 0 } }), "link.source")).toBe("Choose a task of this project.");
  });
});

describe("POST /api/pm-pro/v2/projects/:project/gantt/:link/delete", () => {
  it("deletes a link, and answers 404 for an unknown one or one of another project", async () => {
    const a = await datedTask(cast.manager, projectId, "To unlink A", "2026-05-01", "2026-05-02");
    const b = await datedTask(cast.manager, projectId, "To unlink B", "2026-05-03", "2026-05-04");
    const made = await link(cast.manager, projectId, a, b);
    expect((await post(cast.manager, `${ganttBase(otherProjectId)}/${made.id}/delete`)).statusCode).toBe(404);
    const deleted = await ok<{ message: string }>(await post(cast.manager, `${ganttBase(projectId)}/${made.id}/delete`));
    expect(deleted.message).toBe("Link deleted successfully");
    const again = await post(cast.manager, `${ganttBase(projectId)}/${made.id}/delete`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe("Link not found");
    expect((await chartTask(cast.manager, projectId, a))?.gantt_links.data).toEqual([]);
  });

  it("takes a task's links with it when the task is deleted, and brings them back with its undo", async () => {
    const a = await datedTask(cast.manager, projectId, "Doomed A", "2026-05-01", "2026-05-02");
    const b = await datedTask(cast.manager, projectId, "Doomed B", "2026-05-03", "2026-05-04");
    const made = await link(cast.manager, projectId, a, b, 2, 1);
    const deleted = await ok<{ undo: { id: string } }>(await post(cast.manager, `/api/pm/v2/projects/${projectId}/tasks/${b}/delete`));
    expect(await t.database.db.selectFrom("gantt_links").select("id").where("id", "=", made.id).executeTakeFirst()).toBeUndefined();
    expect((await chartTask(cast.manager, projectId, a))?.gantt_links.data).toEqual([]);
    await ok(await post(cast.manager, `/api/pm/v2/undo/${deleted.undo.id}`));
    expect((await chartTask(cast.manager, projectId, a))?.gantt_links.data).toEqual([made]);
  });
});

describe("project duplication", () => {
  it("copies the links between the copied tasks", async () => {
    const source = (await createProjectWithCast(cast, { title: "Linked source" })).id;
    const a = await datedTask(cast.manager, source, "First", "2026-06-01", "2026-06-02");
    const b = await datedTask(cast.manager, source, "Second", "2026-06-03", "2026-06-04");
    const c = await createTask(cast.manager, source, { title: "Third" });
    await link(cast.manager, source, a, b, 1, 2);
    await link(cast.manager, source, b, c.id, 3, -1);
    const copyId = (await ok<{ data: { id: number } }>(await post(cast.siteManager, `/api/pm-pro/v2/duplicate/project/${source}`))).data.id;
    const copied = await chart(cast.manager, copyId);
    const idOf = (title: string) => copied.data.find((task) => task.title === title)?.id;
    const links = copied.data.flatMap((task) => task.gantt_links.data).map((row) => [row.source, row.target, row.type, row.lag]);
    expect(links).toEqual([[idOf("First"), idOf("Second"), 1, 2], [idOf("Second"), idOf("Third"), 3, -1]]);
    expect(idOf("First")).not.toBe(a);
    // The source keeps its own.
    expect((await chart(cast.manager, source)).data.flatMap((task) => task.gantt_links.data)).toHaveLength(2);
  });
});

describe("the module switch", () => {
  it("answers 404 module_inactive on every Gantt call while the module is off", async () => {
    const a = await datedTask(cast.manager, projectId, "Off A", "2026-05-01", "2026-05-02");
    expect((await post(cast.siteManager, "/api/pm-pro/v2/module-update", { module: "gantt", type: "deactivate" })).statusCode).toBe(200);
    try {
      const calls = [
        get(cast.manager, ganttBase(projectId)),
        post(cast.manager, ganttBase(projectId), { link: { source: a, target: a + 1, type: 0 } }),
        post(cast.manager, `${ganttBase(projectId)}/1/delete`),
        post(cast.manager, `${ganttBase(projectId)}/reschedule`, { task_id: a }),
        get(cast.manager, `${ganttBase(projectId)}/critical-path`),
        get(cast.manager, `${ganttBase(projectId)}/export?format=csv`),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json().code).toBe("module_inactive");
      }
    } finally {
      expect((await post(cast.siteManager, "/api/pm-pro/v2/module-update", { module: "gantt", type: "activate" })).statusCode).toBe(200);
    }
    expect((await get(cast.manager, ganttBase(projectId))).statusCode).toBe(200);
  });
});

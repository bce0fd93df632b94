import type { Sprint, SprintList } from "@plotline/contracts";
import { sprintListResponse, sprintRefreshResponse, sprintResponse } from "@plotline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createUserAndSignIn, type Session, type TestApp } from "../../../test/helpers.js";
import { addTasks, buildSprintWorld, get, ok, planSprint, post, readSprint, sprintTables, SPRINTS, taskIn, type SprintWorld } from "./sprints.fixtures.js";

let t: TestApp;
let w: SprintWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildSprintWorld(t);
});
afterAll(() => t.close());

describe("POST /api/pm-pro/v2/sprints", () => {
  it("plans a sprint over several projects and answers it with its projects, creator, counters and abilities", async () => {
    const response = await post(w.creator, SPRINTS, {
      title: "  Sprint 12  ", description: "<p>Ship it<script>alert(1)</script></p>", goal: "Checkout works end to end",
      start_at: "2026-03-02", due_date: "2026-03-13", projects: [w.projectB, w.projectA],
    });
    const body = await ok<{ data: Sprint; message: string }>(response);
    expect(sprintResponse.parse(body)).toEqual(body);
    expect(body.message).toBe("Sprint created successfully");
    expect(body.data).toMatchObject({
      title: "Sprint 12", description: { html: "<p>Ship it</p>" }, goal: "Checkout works end to end", status: "planned",
      start_at: { date: "2026-03-02" }, due_date: { date: "2026-03-13" }, started_at: { date: null }, completed_at: { date: null },
      carried_over_to: null, creator: { data: { id: w.creator.userId, display_name: "Cora Creator" } },
      counters: { tasks: { total: 0, complete: 0 }, estimation: { total: 0, complete: 0 } },
      abilities: { can_edit: true, can_delete: true, can_start: true, can_complete: false, task_project_ids: [w.projectA, w.projectB] },
    });
    expect(body.data.projects.data.map((project) => project.title)).toEqual(["Apollo", "Borealis"]);
  });

  it("lets managers and co-workers plan over their projects, and refuses clients and strangers' projects on projects", async () => {
    await planSprint(w, { projects: [w.projectA] }, w.cast.manager);
    await planSprint(w, { projects: [w.projectA, w.projectB] }, w.cast.coWorker);
    await planSprint(w, { projects: [w.projectA, w.projectB] }, w.cast.siteManager);
    const before = await sprintTables(t);
    const cases: Array<[Session, number[], string]> = [
      [w.cast.client, [w.projectA], `Choose projects you manage or work on as a co-worker: ${w.projectA}.`],
      [w.cast.manager, [w.projectA, w.projectB], `Choose projects you manage or work on as a co-worker: ${w.projectB}.`],
      [w.cast.outsider, [w.projectA], `Choose projects you manage or work on as a co-worker: ${w.projectA}.`],
      [w.cast.siteManager, [w.projectA, 999999], "Choose projects you manage or work on as a co-worker: 999999."],
    ];
    for (const [session, projects, message] of cases) {
      const response = await post(session, SPRINTS, { title: "Mine", start_at: "2026-03-02", due_date: "2026-03-13", projects });
      expect(response.statusCode).toBe(400);
      expect(response.json().data.params.projects).toEqual([message]);
    }
    expect(await sprintTables(t)).toBe(before);
  });

  it("refuses bad input with a 400 naming the field, writing nothing", async () => {
    const before = await sprintTables(t);
    const valid = { title: "Ok", start_at: "2026-03-02", due_date: "2026-03-13", projects: [w.projectA] };
    const cases: Array<[Record<string, unknown>, string, string | undefined]> = [
      [{ ...valid, title: "" }, "title", undefined],
      [{ ...valid, title: "x".repeat(201) }, "title", undefined],
      [{ ...valid, start_at: "03/02/2026" }, "start_at", undefined],
      [{ ...valid, due_date: "2026-03-01" }, "due_date", "The due date cannot be before the start date."],
      [{ ...valid, due_date: "2027-06-01" }, "due_date", "A sprint lasts at most 366 days."],
      [{ ...valid, projects: [] }, "projects", undefined],
      [{ ...valid, projects: [w.projectA, w.projectA] }, "projects", undefined],
      [{ ...valid, projects: ["abc"] }, "projects", undefined],
      [{ ...valid, goal: "g".repeat(2001) }, "goal", undefined],
      [{ title: "No dates", projects: [w.projectA] }, "start_at", undefined],
    ];
    for (const [payload, field, message] of cases) {
      const response = await post(w.creator, SPRINTS, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const params = response.json().data.params as Record<string, string[]>;
      expect(Object.keys(params).some((key) => key.startsWith(field)), JSON.stringify(params)).toBe(true);
      if (message) expect(params[field]).toEqual([message]);
    }
    expect(await sprintTables(t)).toBe(before);
  });
});

describe("reading sprints", () => {
  let planned: Sprint;
  let other: Sprint;

  beforeAll(async () => {
    planned = await planSprint(w, { title: "Read me", start_at: "2026-04-06", due_date: "2026-04-17", projects: [w.projectA, w.projectB] });
    other = await planSprint(w, { title: "Only B", start_at: "2026-04-01", due_date: "2026-04-03", projects: [w.projectB] });
  });

  it("lists the sprints of the caller's projects, filtered by status and project, with found_rows", async () => {
    const all = await ok<SprintList>(await get(w.cast.client, `${SPRINTS}?per_page=100`));
    expect(sprintListResponse.parse(all)).toEqual(all);
    const ids = all.data.map((sprint) => sprint.id);
    expect(ids).toContain(planned.id);
    expect(ids).not.toContain(other.id);
    expect(all.meta.pagination).toMatchObject({ found_rows: all.data.length, total: all.data.length, current_page: 1, per_page: 100, total_pages: 1 });
    // The client sees the A side of a sprint over A and B only.
    expect(all.data.find((sprint) => sprint.id === planned.id)?.projects.data.map((project) => project.title)).toEqual(["Apollo"]);

    const ofB = await ok<SprintList>(await get(w.managerB, `${SPRINTS}?project_id=${w.projectB}&status=planned&per_page=100`));
    expect(ofB.data.map((sprint) => sprint.id)).toEqual(expect.arrayContaining([planned.id, other.id]));
    expect(ofB.data.every((sprint) => sprint.status === "planned")).toBe(true);
    // Planned sprints in start order: "Only B" starts first.
    expect(ofB.data.findIndex((sprint) => sprint.id === other.id)).toBeLessThan(ofB.data.findIndex((sprint) => sprint.id === planned.id));
    expect((await ok<SprintList>(await get(w.cast.client, `${SPRINTS}?project_id=${w.projectB}`))).data).toEqual([]);
    expect((await ok<SprintList>(await get(w.cast.outsider, SPRINTS))).data).toEqual([]);
    expect((await ok<SprintList>(await get(w.cast.siteManager, `${SPRINTS}?status=completed`))).data).toEqual([]);

    const paged = await ok<SprintList>(await get(w.cast.siteManager, `${SPRINTS}?per_page=2&page=2`));
    expect(paged.data).toHaveLength(2);
    expect(paged.meta.pagination).toMatchObject({ per_page: 2, current_page: 2, count: 2, found_rows: all.data.length + 1 });
    expect(paged.meta.pagination.links?.previous).toContain("page=1");
    for (const query of ["status=done", "per_page=0", "per_page=101", "page=0", "project_id=abc"]) {
      const response = await get(w.cast.manager, `${SPRINTS}?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it("refreshes the caller's active and planned sprints", async () => {
    const refreshed = await ok<{ data: Sprint[] }>(await get(w.managerB, `${SPRINTS}/refresh`));
    expect(sprintRefreshResponse.parse(refreshed)).toEqual(refreshed);
    expect(refreshed.data.map((sprint) => sprint.id)).toEqual(expect.arrayContaining([planned.id, other.id]));
    expect(refreshed.data.every((sprint) => sprint.status !== "completed")).toBe(true);
  });

  it("reads one sprint with its tasks, as a 404 to anyone outside its projects", async () => {
    const task = await taskIn(w.cast.manager, w.projectA, { title: "Readable", estimation: 30 });
    await addTasks(w.creator, planned.id, [task]);
    const read = await readSprint(w.cast.client, planned.id);
    expect(read.tasks?.data.map((entry) => [entry.title, entry.estimation])).toEqual([["Readable", 30]]);
    expect(read.tasks?.meta).toEqual({ total: 1, carried_over_ids: [] });
    expect(read.counters).toEqual({ tasks: { total: 1, complete: 0 }, estimation: { total: 30, complete: 0 } });
    const plain = await ok<{ data: Sprint }>(await get(w.cast.client, `${SPRINTS}/${planned.id}?with=projects,creator`));
    expect(plain.data.tasks).toBeUndefined();
    expect((await get(w.cast.client, `${SPRINTS}/${planned.id}?with=secrets`)).statusCode).toBe(400);
    for (const url of [`${SPRINTS}/${planned.id}`, `${SPRINTS}/${planned.id}/burndown`]) {
      const refused = await get(w.cast.outsider, url);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe("Sprint not found");
    }
    expect((await get(w.cast.client, `${SPRINTS}/${other.id}`)).statusCode).toBe(404);
    expect((await get(w.cast.siteManager, `${SPRINTS}/999999`)).statusCode).toBe(404);
    expect((await get(w.cast.siteManager, `${SPRINTS}/abc`)).statusCode).toBe(400);
  });
});

/** A project's members as its update takes them. */
async function membersOf(projectId: number): Promise<Array<{ user_id: number; role_id: number }>> {
  const project = await ok<{ data: { assignees: { data: Array<{ id: number; roles: { data: Array<{ id: number }> } }> } } }>(await get(w.cast.siteManager, `/api/pm/v2/projects/${projectId}`));
  return project.data.assignees.data.map((member) => ({ user_id: member.id, role_id: member.roles.data[0]?.id ?? 2 }));
}

describe("changing and deleting a sprint", () => {
  it("lets site managers and the creator change it, others not, and keeps hidden projects on a projects change", async () => {
    const sprint = await planSprint(w, { title: "Changeable", projects: [w.projectA, w.projectB] });
    const before = await sprintTables(t);
    for (const session of [w.cast.manager, w.managerB, w.cast.coWorker, w.cast.client]) {
      const refused = await post(session, `${SPRINTS}/${sprint.id}/update`, { title: "Mine" });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("Only site managers and the sprint's creator can change this sprint.");
      expect((await post(session, `${SPRINTS}/${sprint.id}/delete`)).statusCode).toBe(403);
      expect((await post(session, `${SPRINTS}/${sprint.id}/start`)).statusCode).toBe(403);
    }
    expect((await post(w.cast.outsider, `${SPRINTS}/${sprint.id}/update`, { title: "Mine" })).statusCode).toBe(404);
    expect(await sprintTables(t)).toBe(before);

    const renamed = await ok<{ data: Sprint; message: string }>(await post(w.creator, `${SPRINTS}/${sprint.id}/update`, { title: "Renamed", goal: "New goal", due_date: "2026-03-20" }));
    expect(renamed.message).toBe("Sprint updated successfully");
    expect(renamed.data).toMatchObject({ title: "Renamed", goal: "New goal", start_at: { date: "2026-03-02" }, due_date: { date: "2026-03-20" } });
    const bySite = await ok<{ data: Sprint }>(await post(w.cast.siteManager, `${SPRINTS}/${sprint.id}/update`, { description: "<b>Bold</b>" }));
    expect(bySite.data.description.html).toBe("<b>Bold</b>");

    const early = await post(w.creator, `${SPRINTS}/${sprint.id}/update`, { start_at: "2026-03-25" });
    expect(early.statusCode).toBe(400);
    expect(early.json().data.params.start_at).toEqual(["The due date cannot be before the start date."]);

    const onlyA = await ok<{ data: Sprint }>(await post(w.creator, `${SPRINTS}/${sprint.id}/update`, { projects: [w.projectA] }));
    expect(onlyA.data.projects.data.map((project) => project.id)).toEqual([w.projectA]);

    // A creator who has left a project cannot see it in the sprint, and an update of the projects keeps it.
    const leaver = await createUserAndSignIn(t.app, w.cast.siteManager, { display_name: "Lee Leaver" });
    const projectC = (await ok<{ data: { id: number } }>(await post(w.cast.siteManager, "/api/pm/v2/projects", { title: "Cassini", assignees: [{ user_id: leaver.userId, role_id: 2 }] }))).data.id;
    await ok(await post(w.cast.siteManager, `/api/pm/v2/projects/${w.projectA}/update`, { assignees: [...(await membersOf(w.projectA)), { user_id: leaver.userId, role_id: 2 }] }));
    const theirs = await planSprint(w, { title: "Leaver's", projects: [w.projectA, projectC] }, leaver);
    await ok(await post(w.cast.siteManager, `/api/pm/v2/projects/${projectC}/update`, { assignees: [{ user_id: w.cast.siteManager.userId, role_id: 1 }] }));
    const narrowed = await ok<{ data: Sprint }>(await post(leaver, `${SPRINTS}/${theirs.id}/update`, { projects: [w.projectA] }));
    expect(narrowed.data.projects.data.map((project) => project.id)).toEqual([w.projectA]);
    const whole = await readSprint(w.cast.siteManager, theirs.id);
    expect(whole.projects.data.map((project) => project.id).sort()).toEqual([w.projectA, projectC].sort());
    const mine = await planSprint(w, { title: "Site's", projects: [w.projectA, w.projectB] }, w.cast.siteManager);
    const taskB = await taskIn(w.managerB, w.projectB);
    await addTasks(w.managerB, mine.id, [taskB]);
    const holding = await post(w.cast.siteManager, `${SPRINTS}/${mine.id}/update`, { projects: [w.projectA] });
    expect(holding.statusCode).toBe(400);
    expect(holding.json().data.params.projects).toEqual(["The sprint still holds tasks of these projects: Borealis. Take them out first."]);
  });

  it("deletes a sprint: its tasks go back to the backlog and its history goes", async () => {
    const sprint = await planSprint(w, { title: "Doomed" });
    const task = await taskIn(w.cast.manager, w.projectA);
    await addTasks(w.creator, sprint.id, [task]);
    await ok(await post(w.creator, `${SPRINTS}/${sprint.id}/start`));
    expect(await ok(await post(w.creator, `${SPRINTS}/${sprint.id}/delete`))).toEqual({ message: "Sprint deleted successfully" });
    expect((await get(w.creator, `${SPRINTS}/${sprint.id}`)).statusCode).toBe(404);
    const leftovers = await t.database.db.selectFrom("sprint_events").select("id").where("sprint_id", "=", sprint.id).execute();
    expect(leftovers).toEqual([]);
    // The task is free for another sprint, and still there.
    const next = await planSprint(w, { title: "Next" });
    await addTasks(w.creator, next.id, [task]);
    expect((await get(w.cast.manager, `/api/pm/v2/projects/${w.projectA}/tasks/${task}`)).statusCode).toBe(200);
  });
});

describe("the module switch", () => {
  it("answers every call with 404 module_inactive while Sprint is off, and leaves the menu", async () => {
    const sprint = await planSprint(w, { title: "Switched" });
    const me = async () => (await ok<{ data: { menu: Array<{ route: string; order: number; area: string }> } }>(await get(w.cast.coWorker, "/api/auth/me"))).data.menu;
    expect(await me()).toContainEqual(expect.objectContaining({ route: "sprints", order: 7, area: "site" }));
    await ok(await post(w.cast.siteManager, "/api/pm-pro/v2/module-update", { module: "sprint", type: "deactivate" }));
    try {
      const calls: Array<[string, string]> = [
        ["GET", SPRINTS], ["GET", `${SPRINTS}/refresh`], ["GET", `${SPRINTS}/backlog?project_id=${w.projectA}`], ["GET", `${SPRINTS}/${sprint.id}`], ["GET", `${SPRINTS}/${sprint.id}/burndown`],
        ["POST", SPRINTS], ["POST", `${SPRINTS}/${sprint.id}/update`], ["POST", `${SPRINTS}/${sprint.id}/delete`], ["POST", `${SPRINTS}/${sprint.id}/tasks`],
        ["POST", `${SPRINTS}/${sprint.id}/tasks/1/delete`], ["POST", `${SPRINTS}/${sprint.id}/start`], ["POST", `${SPRINTS}/${sprint.id}/complete`],
      ];
      for (const [method, url] of calls) {
        const response = method === "GET" ? await get(w.creator, url) : await post(w.creator, url, {});
        expect(response.statusCode, url).toBe(404);
        expect(response.json().code).toBe("module_inactive");
      }
      expect((await me()).map((entry) => entry.route)).not.toContain("sprints");
    } finally {
      await ok(await post(w.cast.siteManager, "/api/pm-pro/v2/module-update", { module: "sprint", type: "activate" }));
    }
  });
});

import type { SprintBacklog, SprintList } from "@plotline/contracts";
import { sprintBacklogResponse, sprintListResponse, sprintRefreshResponse } from "@plotline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { createList } from "../tasks/tasks.fixtures.js";
import { addTasks, buildSprintWorld, get, ok, planSprint, post, projectWith, SPRINTS, taskIn, type SprintWorld } from "./sprints.fixtures.js";

let t: TestApp;
let w: SprintWorld;
/** Project C: the cast's manager manages it, its co-worker may not see private tasks, its client neither. */
let projectC: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildSprintWorld(t);
  projectC = await projectWith(w.cast.siteManager, "Cassini", [[w.cast.manager, 1], [w.cast.coWorker, 2], [w.cast.client, 3]]);
  await ok(await post(w.cast.manager, `/api/pm/v2/projects/${projectC}/settings`, { key: "capabilities", value: { co_worker: { view_private_task: false, view_private_list: false } } }));
});
afterAll(() => t.close());

const BACKLOG = `${SPRINTS}/backlog`;

async function backlog(session: Session, query: string): Promise<SprintBacklog> {
  const answer = await ok<SprintBacklog>(await get(session, `${BACKLOG}?${query}`));
  expect(sprintBacklogResponse.parse(answer)).toEqual(answer);
  return answer;
}

const titles = (answer: SprintBacklog) => answer.data.map((task) => task.title);

describe("who may plan a sprint (meta of the sprint lists)", () => {
  it("names the projects each person may plan over, as the create call decides, on the list and the refresh", async () => {
    const project = await projectWith(w.cast.siteManager, "Fornax", [[w.creator, 2], [w.cast.coWorker, 2]]);
    // Co-workers of Fornax may not create tasks: they may not plan over it either.
    await ok(await post(w.cast.siteManager, `/api/pm/v2/projects/${project}/settings`, { key: "capabilities", value: { co_worker: { create_task: false } } }));
    const all = (await t.database.db.selectFrom("projects").select("id").orderBy("id").execute()).map((row) => row.id);
    const matrix: Array<[string, Session, number[]]> = [
      ["site manager", w.cast.siteManager, all],
      ["project manager", w.cast.manager, [w.projectA, projectC].sort((a, b) => a - b)],
      ["manager of B", w.managerB, [w.projectB]],
      ["co-worker", w.cast.coWorker, [w.projectA, w.projectB, projectC].sort((a, b) => a - b)],
      ["creator", w.creator, [w.projectA, w.projectB]],
      ["client", w.cast.client, []],
      ["outsider", w.cast.outsider, []],
    ];
    for (const [who, session, expected] of matrix) {
      const listed = await ok<SprintList>(await get(session, `${SPRINTS}?per_page=1`));
      expect(sprintListResponse.parse(listed)).toEqual(listed);
      expect(listed.meta.plannable_project_ids, who).toEqual(expected);
      expect(listed.meta.abilities, who).toEqual({ can_create: expected.length > 0 });
      const refreshed = sprintRefreshResponse.parse(await ok(await get(session, `${SPRINTS}/refresh`)));
      expect(refreshed.meta, who).toEqual({ abilities: listed.meta.abilities, plannable_project_ids: expected });
      // The create call agrees: every project named is accepted, any other refused.
      const outside = all.find((id) => !expected.includes(id));
      if (outside !== undefined) {
        const refused = await post(session, SPRINTS, { title: "No", start_at: "2026-03-02", due_date: "2026-03-03", projects: [outside] });
        expect(refused.statusCode, who).toBe(400);
      }
      if (expected.length > 0) {
        await ok(await post(session, SPRINTS, { title: `By ${who}`, start_at: "2026-03-02", due_date: "2026-03-03", projects: expected }));
      }
    }
  });
});

describe("GET /api/pm-pro/v2/sprints/backlog", () => {
  it("lists open top-level tasks in no open sprint, newest first, leaving out those of another open sprint and taking back a completed sprint's", async () => {
    const manager = w.cast.manager;
    const open = await taskIn(manager, projectC, { title: "Open", estimation: 45, due_date: "2026-05-04", assignees: [w.cast.coWorker.userId] });
    const pending = await taskIn(manager, projectC, { title: "Pending" });
    await ok(await post(manager, `/api/pm/v2/projects/${projectC}/tasks/${pending}/change-status`, { status: 2 }));
    const done = await taskIn(manager, projectC, { title: "Done" });
    await ok(await post(manager, `/api/pm/v2/projects/${projectC}/tasks/${done}/change-status`, { status: 1 }));
    await taskIn(manager, projectC, { title: "Sub", parent_id: open });
    const planned = await taskIn(manager, projectC, { title: "In planned" });
    const active = await taskIn(manager, projectC, { title: "In active" });
    const carried = await taskIn(manager, projectC, { title: "Carried back" });

    const plannedSprint = await planSprint(w, { title: "Holds one", projects: [projectC] }, manager);
    await addTasks(manager, plannedSprint.id, [planned]);
    const activeSprint = await planSprint(w, { title: "Runs", projects: [projectC] }, manager);
    await addTasks(manager, activeSprint.id, [active]);
    await ok(await post(manager, `${SPRINTS}/${activeSprint.id}/start`));
    const ended = await planSprint(w, { title: "Ended", projects: [projectC] }, manager);
    await addTasks(manager, ended.id, [carried]);
    await ok(await post(manager, `${SPRINTS}/${ended.id}/start`));
    await ok(await post(manager, `${SPRINTS}/${ended.id}/complete`, { carry_over_to: null }));

    const answer = await backlog(manager, `project_id=${projectC}`);
    expect(titles(answer)).toEqual(["Carried back", "Pending", "Open"]);
    expect(answer.data.find((task) => task.id === open)).toEqual({
      id: open, title: "Open", project_id: projectC, task_list_id: expect.any(Number) as number, status: 0, estimation: 45,
      assignee_ids: [w.cast.coWorker.userId], due_date: "2026-05-04",
    });
    expect(answer.meta.pagination).toMatchObject({ total: 3, count: 3, current_page: 1, per_page: 50, found_rows: 3 });

    // Taken out of the planned sprint, the task is back in the backlog.
    await ok(await post(manager, `${SPRINTS}/${plannedSprint.id}/tasks/${planned}/delete`));
    expect(titles(await backlog(manager, `project_id=${projectC}`))).toContain("In planned");
  });

  it("hides private tasks and tasks of private lists from a client and a co-worker who may not see them", async () => {
    const project = await projectWith(w.cast.siteManager, "Dione", [[w.cast.manager, 1], [w.cast.coWorker, 2], [w.cast.client, 3]]);
    await ok(await post(w.cast.manager, `/api/pm/v2/projects/${project}/settings`, { key: "capabilities", value: { co_worker: { view_private_task: false, view_private_list: false } } }));
    const hiddenList = await createList(w.cast.manager, project, { title: "Secret list", privacy: true });
    await taskIn(w.cast.manager, project, { title: "Public" });
    await taskIn(w.cast.manager, project, { title: "Private", privacy: true });
    await taskIn(w.cast.manager, project, { title: "In private list", board_id: hiddenList.id });
    expect(titles(await backlog(w.cast.manager, `project_id=${project}`)).sort()).toEqual(["In private list", "Private", "Public"]);
    expect(titles(await backlog(w.cast.siteManager, `project_id=${project}`)).sort()).toEqual(["In private list", "Private", "Public"]);
    for (const reader of [w.cast.client, w.cast.coWorker]) {
      const answer = await backlog(reader, `project_id=${project}`);
      expect(titles(answer)).toEqual(["Public"]);
      expect(answer.meta.pagination.total).toBe(1);
    }
  });

  it("searches titles whatever their case, over several projects, and pages", async () => {
    const project = await projectWith(w.cast.siteManager, "Europa", [[w.cast.manager, 1]]);
    const ids: number[] = [];
    for (const title of ["Fix login", "LOGIN page", "Logout", "Fix 50%_off"]) ids.push(await taskIn(w.cast.manager, project, { title }));
    const other = await taskIn(w.cast.manager, w.projectA, { title: "Login of A" });
    expect(titles(await backlog(w.cast.manager, `project_id=${project}&title=login`))).toEqual(["LOGIN page", "Fix login"]);
    // LIKE's wildcards are plain characters in a search.
    expect(titles(await backlog(w.cast.manager, `project_id=${project}&title=${encodeURIComponent("50%_")}`))).toEqual(["Fix 50%_off"]);
    const both = await backlog(w.cast.manager, `project_id[]=${project}&project_id[]=${w.projectA}&title=login`);
    expect(both.data.map((task) => task.id)).toEqual([other, ids[1], ids[0]]);

    const second = await backlog(w.cast.manager, `project_id=${project}&per_page=3&page=2`);
    expect(second.data.map((task) => task.id)).toEqual([ids[0]]);
    expect(second.meta.pagination).toMatchObject({ total: 4, count: 1, per_page: 3, current_page: 2, total_pages: 2, found_rows: 4 });
    const beyond = await backlog(w.cast.manager, `project_id=${project}&per_page=3&page=5`);
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.pagination).toMatchObject({ total: 4, count: 0, found_rows: 4 });
  });

  it("answers 400 naming the field for a project the caller is not a member of and for bad input", async () => {
    const refusals: Array<[Session, string, string]> = [
      [w.cast.client, `project_id=${w.projectB}`, "project_id"],
      [w.cast.outsider, `project_id=${w.projectA}`, "project_id"],
      [w.cast.manager, `project_id[]=${w.projectA}&project_id[]=${w.projectB}`, "project_id"],
      [w.cast.siteManager, "project_id=999999", "project_id"],
      [w.cast.manager, "", "project_id"],
      [w.cast.manager, "project_id=abc", "project_id"],
      [w.cast.manager, `project_id=${w.projectA}&per_page=0`, "per_page"],
      [w.cast.manager, `project_id=${w.projectA}&per_page=101`, "per_page"],
      [w.cast.manager, `project_id=${w.projectA}&page=0`, "page"],
      [w.cast.manager, `project_id=${w.projectA}&title=${"x".repeat(201)}`, "title"],
    ];
    for (const [session, query, field] of refusals) {
      const response = await get(session, `${BACKLOG}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().data.params as object), query).toContain(field);
    }
    const stranger = await get(w.cast.manager, `${BACKLOG}?project_id=${w.projectA}&project_id=${w.projectB}`);
    expect(stranger.statusCode).toBe(400);
    const strangerB = await get(w.cast.manager, `${BACKLOG}?project_id[]=${w.projectA}&project_id[]=${w.projectB}`);
    expect(strangerB.json().data.params.project_id).toEqual([`Choose projects you are a member of: ${w.projectB}.`]);
  });
});

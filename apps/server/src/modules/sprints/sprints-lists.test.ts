import type { SprintBurndownAnswer } from "@plotline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers.js";
import { createList } from "../tasks/tasks.fixtures.js";
import { addTasks, buildSprintWorld, get, ok, planSprint, post, SPRINTS, taskIn, type SprintWorld } from "./sprints.fixtures.js";

// A list deleted with its tasks (and brought back by an undo) records one `task_list.deleted` event, not a
// `task.deleted` per task: the sprint's history and rows must follow it all the same.
let t: TestApp;
let w: SprintWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildSprintWorld(t);
});
afterAll(() => t.close());

const listUrl = (listId: number) => `/api/pm/v2/projects/${w.projectA}/task-lists/${listId}`;

async function summary(sprintId: number): Promise<SprintBurndownAnswer["data"]["summary"]> {
  return (await ok<SprintBurndownAnswer>(await get(w.cast.manager, `${SPRINTS}/${sprintId}/burndown`))).data.summary;
}

describe("a deleted list's tasks in sprints", () => {
  it("takes them out of an active sprint's scope, and puts them back with an undo", async () => {
    const sprint = await planSprint(w, { title: "List goes" });
    const list = await createList(w.cast.manager, w.projectA, { title: "Doomed" });
    const kept = await taskIn(w.cast.manager, w.projectA, { title: "Stays", estimation: 20 });
    const doomed = await taskIn(w.cast.manager, w.projectA, { title: "Goes", estimation: 10, board_id: list.id });
    await addTasks(w.creator, sprint.id, [kept, doomed]);
    await ok(await post(w.creator, `${SPRINTS}/${sprint.id}/start`));
    const deleted = await ok<{ undo: { id: string } }>(await post(w.cast.manager, `${listUrl(list.id)}/delete`));
    expect(await summary(sprint.id)).toMatchObject({ removed: { count: 1, estimation: 10 }, remaining: { count: 1, estimation: 20 } });
    await ok(await post(w.cast.manager, `/api/pm/v2/undo/${deleted.undo.id}`));
    expect(await summary(sprint.id)).toMatchObject({ added: { count: 1, estimation: 10 }, remaining: { count: 2, estimation: 30 } });
  });

  it("leaves no task open in a sprint that completed while its list was deleted", async () => {
    const sprint = await planSprint(w, { title: "Ends meanwhile" });
    const list = await createList(w.cast.manager, w.projectA, { title: "Away" });
    const task = await taskIn(w.cast.manager, w.projectA, { title: "Away task", estimation: 10, board_id: list.id });
    await addTasks(w.creator, sprint.id, [task]);
    await ok(await post(w.creator, `${SPRINTS}/${sprint.id}/start`));
    const deleted = await ok<{ undo: { id: string } }>(await post(w.cast.manager, `${listUrl(list.id)}/delete`));
    await ok(await post(w.creator, `${SPRINTS}/${sprint.id}/complete`));
    await ok(await post(w.cast.manager, `/api/pm/v2/undo/${deleted.undo.id}`));
    const open = await t.database.db.selectFrom("sprint_tasks").select("sprint_id").where("task_id", "=", task).where("is_open", "=", 1).execute();
    expect(open).toEqual([]);
    // Back in the backlog: another sprint takes it.
    const next = await planSprint(w, { title: "Takes it" });
    await addTasks(w.creator, next.id, [task]);
  });
});

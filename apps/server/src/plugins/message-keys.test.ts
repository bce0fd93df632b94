import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/helpers.js";
import { createList } from "../modules/tasks/tasks.fixtures.js";

/**
 * Errors carry, beside their unchanged English, the catalogue key and parameters of each message
 * (`message_key`, `message_params`, `data.params_keys`), so the web can say them in the reader's language.
 */
let t: TestApp;
let cast: Cast;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Keys" })).id;
});
afterAll(() => t.close());

describe("error bodies with message keys", () => {
  it("names the key of a 404 next to its English message", async () => {
    const response = await cast.manager.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}/tasks/999999` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: "not_found",
      message: "Task not found",
      messages: ["Task not found"],
      data: { status: 404 },
      message_key: "tasks.task_not_found",
      message_params: {},
    });
  });

  it("names the key of a 403", async () => {
    const privateList = await cast.client.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/task-lists`, payload: { title: "Hidden", privacy: 1 } });
    expect(privateList.statusCode).toBe(403);
    expect(privateList.json()).toMatchObject({
      message: "You do not have permission to create private task lists.",
      message_key: "task_lists.cannot_create_private_task_lists",
      message_params: {},
    });
    const rename = await cast.coWorker.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/update`, payload: { title: "Mine now" } });
    expect(rename.statusCode).toBe(403);
    expect(rename.json()).toMatchObject({ message: "Only the project's managers can change it.", message_key: "projects.who_may_change" });
  });

  it("sends the parameters of a keyed message, for the body and for each field", async () => {
    const url = `/api/pm-pro/v2/projects/${projectId}/settings/labels`;
    expect((await cast.manager.inject({ method: "POST", url, payload: { title: "Design", color: "#00c2e0" } })).statusCode).toBe(200);
    const again = await cast.manager.inject({ method: "POST", url, payload: { title: "DESIGN", color: "#123456" } });
    expect(again.statusCode).toBe(409);
    const said = { key: "labels.label_named_already_exists", params: { title: "DESIGN" } };
    expect(again.json()).toEqual({
      code: "conflict",
      message: "A label named DESIGN already exists in this project.",
      messages: ["A label named DESIGN already exists in this project."],
      data: { status: 409, params: { title: ["A label named DESIGN already exists in this project."] }, params_keys: { title: [said] } },
      message_key: said.key,
      message_params: said.params,
    });
  });

  it("sends numbers as numbers in the parameters", async () => {
    // The Inbox and ten more: eleven lists of up to 1,000 tasks each, over the 10,000 a listing may carry.
    for (let index = 0; index < 10; index += 1) await createList(cast.manager, projectId, { title: `List ${index}` });
    const query = "per_page=-1&with=incomplete_tasks,complete_tasks&incomplete_task_per_page=500&complete_task_per_page=500";
    const response = await cast.manager.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}/task-lists?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: "At most 10000 tasks can be listed at once (here 11 lists x 1000 tasks); ask for fewer lists per page or fewer tasks per list.",
      message_key: "task_lists.too_many_tasks_listed",
      message_params: { max: 10000, lists: 11, per_list: 1000 },
    });
  });

  it("adds no key to a schema validation error, whose messages come from the schemas", async () => {
    const response = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/task-lists`, payload: { title: "" } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message_key).toBeUndefined();
    expect(body.data.params_keys).toBeUndefined();
  });
});

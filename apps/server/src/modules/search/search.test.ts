import { searchAnswerSchema, type SearchResult } from "@plotline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import type { ProjectFilesTable } from "../files/files.repository.js";

let t: TestApp;
let cast: Cast;
/** The project most tests search; the cast's manager, co-worker and client are members. */
let projectId: number;
/** A project the co-worker and client do not belong to. */
let otherProjectId: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Website relaunch" })).id;
  otherProjectId = (await cast.siteManager.inject({ method: "POST", url: "/api/pm/v2/projects", payload: { title: "Quarterly payroll", assignees: [{ user_id: cast.manager.userId, role_id: 1 }] } })).json().data.id;
});
afterAll(() => t.close());

async function post(session: Session, url: string, payload: Record<string, unknown>): Promise<{ id: number }> {
  const response = await session.inject({ method: "POST", url, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/**
 * Writes a project-file item straight to its table (the files module's own tests cover its API); the
 * search index picks it up through its triggers like any other write.
 */
async function insertFile(project: number, values: { type: "folder" | "doc"; title: string; parent?: number; privacy?: number; description?: string }): Promise<{ id: number }> {
  const now = "2026-01-01 00:00:00";
  return t.database.db
    .withTables<{ project_files: ProjectFilesTable }>()
    .insertInto("project_files")
    .values({
      project_id: project, parent_id: values.parent ?? 0, type: values.type, title: values.title, description: values.description ?? "", url: "",
      privacy: values.privacy ?? 0, original_name: "", mime_type: "", size_bytes: 0, storage_key: null, thumb_key: null,
      fileable_type: null, fileable_id: null, created_by: cast.manager.userId, created_at: now, updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}

/** Writes a discussion straight to its table (as a copy or an import would). */
async function insertDiscussion(project: number, title: string, privacy = 0): Promise<{ id: number }> {
  const now = "2026-01-01 00:00:00";
  return t.database.db.insertInto("discussions")
    .values({ project_id: project, title, description: "", privacy, sort_order: 0, milestone_id: null, created_by: cast.manager.userId, created_at: now, updated_at: now })
    .returning("id").executeTakeFirstOrThrow();
}

/** Writes a comment straight to its table. */
async function insertComment(project: number, content: string, on: { type: string; id: number }): Promise<{ id: number }> {
  const now = "2026-01-01 00:00:00";
  return t.database.db.insertInto("comments")
    .values({ project_id: project, commentable_type: on.type, commentable_id: on.id, content, created_by: cast.coWorker.userId, created_at: now, updated_at: now })
    .returning("id").executeTakeFirstOrThrow();
}

const createTask = (session: Session, project: number, payload: Record<string, unknown>) => post(session, `/api/pm/v2/projects/${project}/tasks`, payload);

/** Searches and checks the answer against the contract. */
async function search(session: Session, query: string, extra = ""): Promise<SearchResult[]> {
  const response = await session.inject({ method: "GET", url: `/api/pm/v2/search?query=${encodeURIComponent(query)}${extra}` });
  expect(response.statusCode, response.body).toBe(200);
  return searchAnswerSchema.parse(response.json()).data;
}

const keys = (results: SearchResult[]) => results.map((result) => `${result.type}:${result.id}`);

describe("GET /api/pm/v2/search", () => {
  it("finds tasks by the start of a word and ranks a title match above a body match", async () => {
    const inBody = await createTask(cast.manager, projectId, { title: "Polish the styles", description: "<p>Use the <strong>kiwifruit</strong> palette on the kiwifruit pages, kiwifruit everywhere</p>" });
    const inTitle = await createTask(cast.manager, projectId, { title: "Kiwifruit banner", description: "<p>Hero image</p>" });
    const results = await search(cast.coWorker, "kiwif");
    expect(keys(results)).toEqual([`task:${inTitle.id}`, `task:${inBody.id}`]);
    expect(results[0]).toMatchObject({ type: "task", project_id: projectId, parent_id: 0, title: "Kiwifruit banner", project_title: "Website relaunch", status: "incomplete", snippet: [] });
    expect(results[0]?.title_segments).toEqual([{ text: "Kiwif", match: true }, { text: "ruit banner", match: false }]);
    // The excerpt is plain text with the matches marked as segments: no HTML from the record.
    const snippet = results[1]?.snippet ?? [];
    expect(snippet.filter((segment) => segment.match).map((segment) => segment.text)).toEqual(["kiwif", "kiwif", "kiwif"]);
    expect(snippet.map((segment) => segment.text).join("")).toBe("Use the kiwifruit palette on the kiwifruit pages, kiwifruit everywhere");
  });

  it("ranks a title match above any body match, however often the body repeats the word", async () => {
    const inLongTitle = await createTask(cast.manager, projectId, {
      title: "One two three four five six seven eight nine ten eleven twelve zanzibar",
      description: `<p>${"lorem ipsum dolor sit amet ".repeat(40)}</p>`,
    });
    const repeated = await createTask(cast.manager, projectId, { title: "Short", description: `<p>${"zanzibar ".repeat(30)}</p>` });
    const twice = await createTask(cast.manager, projectId, { title: "Zz", description: "<p>zanzibar zanzibar</p>" });
    const ranked = keys(await search(cast.coWorker, "zanzi"));
    expect(ranked[0]).toBe(`task:${inLongTitle.id}`);
    expect(new Set(ranked.slice(1))).toEqual(new Set([`task:${repeated.id}`, `task:${twice.id}`]));
    // With two words, the title holding both comes before one holding a word and the body the other.
    const split = await createTask(cast.manager, projectId, { title: "Zanzibar trip", description: "<p>Book the ferry</p>" });
    const both = await createTask(cast.manager, projectId, { title: "Zanzibar ferry times" });
    expect(keys(await search(cast.coWorker, "zanzibar ferry"))).toEqual([`task:${both.id}`, `task:${split.id}`]);
  });

  it("finds a word from its first letters, in any case: \"homep\" finds \"Homepage\"", async () => {
    const task = await createTask(cast.manager, projectId, { title: "Homepage hero image" });
    for (const typed of ["homep", "HOMEP", "Homepage"]) expect(keys(await search(cast.coWorker, typed)), typed).toContain(`task:${task.id}`);
    // The start of a word, not any part of it under three characters.
    expect(keys(await search(cast.coWorker, "ep"))).not.toContain(`task:${task.id}`);
  });

  it("indexes text, not markup: tag names and attributes do not match", async () => {
    await createTask(cast.manager, projectId, { title: "Markup check", description: '<p><strong>Bold</strong> and <a href="https://example.com/zebracorn">link</a></p>' });
    expect(await search(cast.manager, "strong")).toEqual([]);
    expect(await search(cast.manager, "zebracorn")).toEqual([]);
    expect(keys(await search(cast.manager, "bold"))).toHaveLength(1);
  });

  it("needs every word, each as a prefix, in any field", async () => {
    const task = await createTask(cast.manager, projectId, { title: "Quokka onboarding flow", description: "<p>Covers the welcome email</p>" });
    expect(keys(await search(cast.manager, "quok welc"))).toEqual([`task:${task.id}`]);
    expect(await search(cast.manager, "quok missingword")).toEqual([]);
  });

  it("matches inside words (three characters or more), after whole-word matches", async () => {
    const inside = await createTask(cast.manager, projectId, { title: "Update the Lemurhomepage" });
    const word = await createTask(cast.manager, projectId, { title: "Homepage for lemurs" });
    const results = keys(await search(cast.manager, "homepage"));
    expect(results.indexOf(`task:${word.id}`)).toBeGreaterThanOrEqual(0);
    expect(results.indexOf(`task:${inside.id}`)).toBeGreaterThan(results.indexOf(`task:${word.id}`));
    expect(keys(await search(cast.manager, "urhomep"))).toEqual([`task:${inside.id}`]);
  });

  it("searches only tasks by default and each model when asked", async () => {
    const list = await post(cast.manager, `/api/pm/v2/projects/${projectId}/task-lists`, { title: "Narwhal backlog" });
    const task = await createTask(cast.manager, projectId, { title: "Narwhal logo", board_id: list.id });
    const milestone = await post(cast.manager, `/api/pm/v2/projects/${projectId}/milestones`, { title: "Narwhal launch" });
    const discussion = await insertDiscussion(projectId, "Narwhal naming");
    const comment = await insertComment(projectId, "<p>What about narwhals?</p>", { type: "task", id: task.id });
    const doc = await insertFile(projectId, { type: "doc", title: "Narwhal style guide", description: "<p>Colours</p>" });

    expect(keys(await search(cast.coWorker, "narwhal"))).toEqual([`task:${task.id}`]);
    const every = await search(cast.coWorker, "narwhal", "&model[]=task&model[]=task_list&model[]=discussion_board&model[]=milestone&model[]=comment&model[]=doc");
    expect(new Set(keys(every))).toEqual(new Set([`task:${task.id}`, `task_list:${list.id}`, `milestone:${milestone.id}`, `discussion_board:${discussion.id}`, `comment:${comment.id}`, `doc:${doc.id}`]));
    expect(every.find((result) => result.type === "comment")).toMatchObject({ parent_id: task.id, parent_type: "task", title: "Narwhal logo", parent_title: "Narwhal logo" });
    expect(every.find((result) => result.type === "doc")).toMatchObject({ parent_id: 0, parent_type: "folder", folder_id: 0 });
    expect(every.find((result) => result.type === "task_list")).toMatchObject({ status: "current" });
    expect(keys(await search(cast.coWorker, "narwhal", "&model=milestone"))).toEqual([`milestone:${milestone.id}`]);
    expect(keys(await search(cast.coWorker, "website relaunch", "&model[]=project"))).toEqual([`project:${projectId}`]);
  });

  it("returns a sub-task as subtask with its parent", async () => {
    const parent = await createTask(cast.manager, projectId, { title: "Parent of the pangolin" });
    const child = await createTask(cast.manager, projectId, { title: "Pangolin research", parent_id: parent.id });
    const results = await search(cast.manager, "pangolin research");
    expect(results).toMatchObject([{ type: "subtask", id: child.id, parent_id: parent.id, parent_type: "task", parent_title: "Parent of the pangolin" }]);
  });

  it("keeps the index in step when a record is renamed, moved into a private list or deleted", async () => {
    const task = await createTask(cast.manager, projectId, { title: "Wombat draft" });
    await post(cast.manager, `/api/pm/v2/projects/${projectId}/tasks/${task.id}/update`, { title: "Capybara final", description: "<p>Now with axolotl notes</p>" });
    expect(await search(cast.client, "wombat")).toEqual([]);
    expect(keys(await search(cast.client, "capybara"))).toEqual([`task:${task.id}`]);
    expect(keys(await search(cast.client, "axolotl"))).toEqual([`task:${task.id}`]);

    const hidden = await post(cast.manager, `/api/pm/v2/projects/${projectId}/task-lists`, { title: "Board only", privacy: 1 });
    await post(cast.manager, `/api/pm/v2/projects/${projectId}/tasks/${task.id}/update`, { board_id: hidden.id });
    expect(await search(cast.client, "capybara")).toEqual([]);
    expect(keys(await search(cast.coWorker, "capybara"))).toEqual([`task:${task.id}`]);

    const response = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks/${task.id}/delete` });
    expect(response.statusCode, response.body).toBe(200);
    expect(await search(cast.coWorker, "capybara")).toEqual([]);
  });

  it("answers a blank query or an unknown model with a 400 naming the field", async () => {
    for (const [url, field] of [
      ["/api/pm/v2/search?query=%20%20", "query"],
      ["/api/pm/v2/search", "query"],
      ["/api/pm/v2/search?query=x&model[]=invoice", "model"],
      ["/api/pm-pro/v2/search_by_client?query=%20&project_id=1", "query"],
    ] as const) {
      const response = await cast.manager.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(400);
      expect(Object.keys(response.json().data.params ?? {}), url).toContain(field);
    }
  });

  it("says there is no result with the documents' empty text", async () => {
    const response = await cast.manager.inject({ method: "GET", url: "/api/pm/v2/search?query=nothingmatchesthis" });
    expect(response.json()).toMatchObject({ data: [], meta: { no_result: "No result found", pagination: { total: 0 } } });
  });

  it("pages results with a true total", async () => {
    for (let i = 1; i <= 5; i += 1) await createTask(cast.manager, projectId, { title: `Meerkat chore ${i}` });
    const first = await cast.manager.inject({ method: "GET", url: "/api/pm/v2/search?query=meerkat&per_page=2" });
    expect(first.json().meta.pagination).toEqual({ total: 5, count: 2, per_page: 2, current_page: 1, links: expect.any(Object), total_pages: 3 });
    const last = await cast.manager.inject({ method: "GET", url: "/api/pm/v2/search?query=meerkat&per_page=2&page=3" });
    expect(last.json().meta.pagination).toMatchObject({ total: 5, count: 1 });
    const ids = new Set([...first.json().data, ...last.json().data].map((result: SearchResult) => result.id));
    expect(ids.size).toBe(3);
  });
});

describe("the window of the best 1,000 matches", () => {
  it("counts no further than 1,000 matches and answers empty pages beyond them", async () => {
    const project = (await createProjectWithCast(cast, { title: "Bulk" })).id;
    const list = await t.database.db.selectFrom("task_lists").select("id").where("project_id", "=", project).executeTakeFirstOrThrow();
    const now = "2026-01-01 00:00:00";
    const rows = Array.from({ length: 1010 }, (_, i) => ({
      project_id: project, task_list_id: list.id, parent_id: 0, title: `Gecko chore ${i}`, description: "", estimation: 0, start_at: null, due_date: null,
      priority: 0, complexity: 0, payable: 0, recurrent: 0, status: 0, privacy: 0, sort_order: i, type_id: null,
      created_by: cast.manager.userId, completed_by: null, completed_at: null, created_at: now, updated_at: now,
    }));
    // A bulk insert, as the duplication and import paths write: the triggers index every row.
    for (let start = 0; start < rows.length; start += 200) await t.database.db.insertInto("tasks").values(rows.slice(start, start + 200)).execute();
    const first = await cast.manager.inject({ method: "GET", url: "/api/pm/v2/search?query=gecko&per_page=50" });
    expect(first.json().meta.pagination).toEqual({ total: 1000, count: 50, per_page: 50, current_page: 1, links: expect.any(Object), total_pages: 20 });
    const last = await cast.manager.inject({ method: "GET", url: "/api/pm/v2/search?query=gecko&per_page=50&page=20" });
    expect(last.json().meta.pagination).toMatchObject({ total: 1000, count: 50 });
    const beyond = await cast.manager.inject({ method: "GET", url: "/api/pm/v2/search?query=gecko&per_page=50&page=21" });
    expect(beyond.json()).toMatchObject({ data: [], meta: { pagination: { total: 1000, count: 0 } } });
  });
});

describe("privacy and membership", () => {
  let privacyProject: number;
  let privateTask: { id: number };
  let publicTask: { id: number };
  let taskInPrivateList: { id: number };
  let privateMilestone: { id: number };
  let privateDiscussion: { id: number };
  let commentOnPrivate: { id: number };
  let docInPrivateFolder: { id: number };

  beforeAll(async () => {
    privacyProject = (await createProjectWithCast(cast, { title: "Secret garden" })).id;
    const p = privacyProject;
    publicTask = await createTask(cast.manager, p, { title: "Ocelot public" });
    privateTask = await createTask(cast.manager, p, { title: "Ocelot private", privacy: 1 });
    const privateList = await post(cast.manager, `/api/pm/v2/projects/${p}/task-lists`, { title: "Ocelot hidden list", privacy: 1 });
    taskInPrivateList = await createTask(cast.manager, p, { title: "Ocelot in hidden list", board_id: privateList.id });
    privateMilestone = await post(cast.manager, `/api/pm/v2/projects/${p}/milestones`, { title: "Ocelot milestone", privacy: 1 });
    privateDiscussion = await insertDiscussion(p, "Ocelot talk", 1);
    commentOnPrivate = await insertComment(p, "<p>ocelot comment</p>", { type: "task", id: privateTask.id });
    const folder = await insertFile(p, { type: "folder", title: "Vault", privacy: 1 });
    const inner = await insertFile(p, { type: "folder", title: "Inner", parent: folder.id });
    docInPrivateFolder = await insertFile(p, { type: "doc", title: "Ocelot doc", parent: inner.id });
  });

  const everything = "&model[]=task&model[]=task_list&model[]=discussion_board&model[]=milestone&model[]=comment&model[]=doc";

  it("hides every private record from a client without the capabilities", async () => {
    expect(keys(await search(cast.client, "ocelot", everything))).toEqual([`task:${publicTask.id}`]);
  });

  it("shows them to a co-worker, and to a client once the project's settings grant view_private_task", async () => {
    expect(new Set(keys(await search(cast.coWorker, "ocelot", everything)))).toEqual(
      new Set([
        `task:${publicTask.id}`, `task:${privateTask.id}`, `task:${taskInPrivateList.id}`, `task_list:${(await listIdOf(taskInPrivateList.id))}`,
        `milestone:${privateMilestone.id}`, `discussion_board:${privateDiscussion.id}`, `comment:${commentOnPrivate.id}`, `doc:${docInPrivateFolder.id}`,
      ]),
    );
    await t.database.db.insertInto("project_settings")
      .values({ project_id: privacyProject, key: "capabilities", value: JSON.stringify({ client: { view_private_task: true } }), updated_at: "2026-01-01 00:00:00" })
      .execute();
    // The private task and the comment on it; the task in the private list still needs view_private_list.
    expect(new Set(keys(await search(cast.client, "ocelot", everything)))).toEqual(new Set([`task:${publicTask.id}`, `task:${privateTask.id}`, `comment:${commentOnPrivate.id}`]));
    await t.database.db.deleteFrom("project_settings").where("project_id", "=", privacyProject).where("key", "=", "capabilities").execute();
    expect(keys(await search(cast.client, "ocelot", everything))).toEqual([`task:${publicTask.id}`]);
  });

  it("shows a user only the projects they belong to, and a site manager every project", async () => {
    const payroll = await createTask(cast.manager, otherProjectId, { title: "Ocelot payroll run" });
    expect(keys(await search(cast.coWorker, "ocelot payroll"))).toEqual([]);
    expect(keys(await search(cast.outsider, "ocelot", everything))).toEqual([]);
    expect(keys(await search(cast.manager, "ocelot payroll"))).toEqual([`task:${payroll.id}`]);
    // The site manager is a member of neither project's private settings, and sees everything anyway.
    const all = keys(await search(cast.siteManager, "ocelot", everything));
    expect(all).toEqual(expect.arrayContaining([`task:${privateTask.id}`, `doc:${docInPrivateFolder.id}`, `task:${payroll.id}`]));
  });

  it("narrows to project_id and leaves out projects the caller does not belong to", async () => {
    expect(keys(await search(cast.manager, "ocelot", `&project_id=${otherProjectId}`))).toEqual(keys(await search(cast.manager, "ocelot payroll")));
    expect(await search(cast.coWorker, "ocelot", `&project_id=${otherProjectId}`)).toEqual([]);
  });

  it("leaves docs out while the files module is off", async () => {
    await t.app.services.moduleStates.setActive("files", false);
    try {
      expect(keys(await search(cast.coWorker, "ocelot", "&model[]=doc"))).toEqual([]);
    } finally {
      await t.app.services.moduleStates.setActive("files", true);
    }
    expect(keys(await search(cast.coWorker, "ocelot", "&model[]=doc"))).toEqual([`doc:${docInPrivateFolder.id}`]);
  });

  async function listIdOf(taskId: number): Promise<number> {
    const row = await t.database.db.selectFrom("tasks").select("task_list_id").where("id", "=", taskId).executeTakeFirstOrThrow();
    return row.task_list_id;
  }
});

describe("GET /api/pm-pro/v2/search_by_client", () => {
  it("searches everything inside one project by default", async () => {
    const task = await createTask(cast.manager, projectId, { title: "Flamingo poster" });
    const list = await post(cast.manager, `/api/pm/v2/projects/${projectId}/task-lists`, { title: "Flamingo list" });
    await createTask(cast.manager, otherProjectId, { title: "Flamingo elsewhere" });
    const response = await cast.client.inject({ method: "GET", url: `/api/pm-pro/v2/search_by_client?query=flamingo&project_id=${projectId}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(new Set(keys(searchAnswerSchema.parse(response.json()).data))).toEqual(new Set([`task:${task.id}`, `task_list:${list.id}`]));
    const none = await cast.client.inject({ method: "GET", url: `/api/pm-pro/v2/search_by_client?query=zzzzzz&project_id=${projectId}` });
    expect(none.json().meta.no_result).toBe("No result found!");
  });

  it("refuses a project the caller is not a member of, and an unknown one", async () => {
    expect((await cast.outsider.inject({ method: "GET", url: `/api/pm-pro/v2/search_by_client?query=flamingo&project_id=${projectId}` })).statusCode).toBe(403);
    expect((await cast.manager.inject({ method: "GET", url: "/api/pm-pro/v2/search_by_client?query=flamingo&project_id=999999" })).statusCode).toBe(404);
  });

  it("runs a fixed number of statements", async () => {
    for (let i = 0; i < 30; i += 1) await createTask(cast.manager, projectId, { title: `Heron sprint item ${i}` });
    t.queries.length = 0;
    const response = await cast.coWorker.inject({ method: "GET", url: `/api/pm-pro/v2/search_by_client?query=heron&project_id=${projectId}` });
    expect(response.json().data).toHaveLength(20);
    // Besides the session: membership, the module switches (cached for a few seconds), the page of word
    // matches with its details, and (the page being full) the counts of word and partial-word matches.
    const statements = t.queries.filter((query) => !/from "sessions"/.test(query));
    expect(statements.length).toBeLessThanOrEqual(5);
    expect(statements.filter((query) => /search_documents/.test(query))).toHaveLength(3);
  });
});

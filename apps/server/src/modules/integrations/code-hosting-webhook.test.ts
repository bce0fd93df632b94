import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import {
  bitbucketCommentEvent,
  bitbucketIssue,
  bitbucketIssueEvent,
  bitbucketPushEvent,
  deliverBitbucket,
  deliverGitHub,
  gitHubCommentEvent,
  gitHubIssue,
  gitHubIssuesEvent,
  gitHubPushEvent,
  type DeliveryOptions,
} from "./code-hosting.fixtures.js";

let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
});
afterAll(() => t.close());

const SECRET = "It's a Secret to Everybody";

/** A project with the integration on (and a secret, unless `null`): its id and incoming address's token. */
async function connectedProject(secret: string | null = SECRET): Promise<{ projectId: number; token: string; as: (overrides?: Partial<DeliveryOptions>) => DeliveryOptions }> {
  const projectId = (await createProjectWithCast(cast)).id;
  const value = { status: "enable", ...(secret !== null && { secret }) };
  const saved = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/settings`, payload: { key: "git_bit", value } });
  expect(saved.statusCode, saved.body).toBe(200);
  const token = saved.json().data.git_bit.git_bit_hash as string;
  return { projectId, token, as: (overrides = {}) => ({ projectId, token, ...(secret !== null && { secret }), ...overrides }) };
}

async function mapUsers(projectId: number, users: Record<string, string>): Promise<void> {
  const saved = await cast.manager.inject({ method: "POST", url: "/api/pm/v2/save_users_map_name", payload: { project_id: projectId, users } });
  expect(saved.statusCode, saved.body).toBe(200);
}

function tasksOf(projectId: number) {
  return t.database.db.selectFrom("tasks")
    .innerJoin("task_lists", "task_lists.id", "tasks.task_list_id")
    .select(["tasks.id", "tasks.title", "tasks.description", "tasks.status", "tasks.created_by", "task_lists.title as list_title", "task_lists.is_inbox"])
    .where("tasks.project_id", "=", projectId)
    .orderBy("tasks.id")
    .execute();
}

function commentsOn(taskId: number) {
  return t.database.db.selectFrom("comments").select(["id", "content", "created_by"])
    .where("commentable_type", "=", "task").where("commentable_id", "=", taskId).orderBy("id").execute();
}

async function countRows(table: "tasks" | "comments" | "code_hosting_deliveries" | "code_hosting_issue_links", projectId: number): Promise<number> {
  const row = await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).where("project_id", "=", projectId).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function activityActions(projectId: number): Promise<string[]> {
  const rows = await t.database.db.selectFrom("activities").select("action").where("project_id", "=", projectId).orderBy("id").execute();
  return rows.map((row) => row.action);
}

function taskAnswer(session: Session, projectId: number, taskId: number) {
  return session.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}/tasks/${taskId}` });
}

describe("POST /api/pm-pro/v2/integrations/:project (GitHub)", () => {
  it("refuses an issue number past what the site can store with a 400, writing nothing", async () => {
    const { projectId, as } = await connectedProject();
    const response = await deliverGitHub(t.app, "issues", gitHubIssuesEvent("opened", gitHubIssue(3_000_000_000, { title: "Huge" })), as());
    expect(response.statusCode, response.body).toBe(400);
    expect(await tasksOf(projectId)).toEqual([]);
  });

  it("turns an opened issue into an Inbox task with its text, a link to it and who opened it", async () => {
    const { projectId, as } = await connectedProject();
    const issue = gitHubIssue(7, { title: "Crash on <save>", body: "It crashes.\n\nPress **Save** <script>alert(1)</script> twice" });
    const response = await deliverGitHub(t.app, "issues", gitHubIssuesEvent("opened", issue), as());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: "Event applied", data: { provider: "github", event: "issues.opened", outcome: "applied" } });
    const [task] = await tasksOf(projectId);
    expect(response.json().data.task_ids).toEqual([task?.id]);
    expect(task).toMatchObject({ title: "Crash on <save>", list_title: "Inbox", is_inbox: 1, status: 0, created_by: cast.siteManager.userId });
    expect(task?.description).toContain("<p>It crashes.</p>");
    // The Markdown is rendered; the raw HTML in it is cleaned as any rich text is.
    expect(task?.description).toContain("Press <strong>Save</strong>");
    expect(task?.description).not.toContain("<script>");
    expect(task?.description).toContain('href="https://github.com/octocat/Hello-World/issues/7"');
    expect(task?.description).toContain("opened by octocat");
    // Through the tasks service: its activity is written as for a user.
    expect(await activityActions(projectId)).toContain("create_task");
    const link = await t.database.db.selectFrom("code_hosting_issue_links").selectAll().where("project_id", "=", projectId).executeTakeFirstOrThrow();
    expect(link).toMatchObject({ provider: "github", repository_id: "1296269", issue_number: 7, repository_name: "octocat/Hello-World", task_id: task?.id });
  });

  it("makes the task even where a required custom field has no default: the field waits for a person", async () => {
    const { projectId, as } = await connectedProject();
    const field = await cast.manager.inject({ method: "POST", url: `/api/pm-pro/v2/projects/${projectId}/custom-fields`, payload: { title: "Severity", type: "text", required: true } });
    expect(field.statusCode, field.body).toBe(200);
    // A person is still asked for it.
    const byHand = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks`, payload: { title: "By hand" } });
    expect(byHand.statusCode).toBe(400);
    const response = await deliverGitHub(t.app, "issues", gitHubIssuesEvent("opened", gitHubIssue(21, { title: "Crash on save" })), as());
    expect(response.json().data).toMatchObject({ event: "issues.opened", outcome: "applied" });
    expect((await tasksOf(projectId)).map((task) => task.title)).toEqual(["Crash on save"]);
  });

  it("follows the issue's edits, closing, reopening and deletion on the same task", async () => {
    const { projectId, as } = await connectedProject();
    await deliverGitHub(t.app, "issues", gitHubIssuesEvent("opened", gitHubIssue(1)), as());
    const [task] = await tasksOf(projectId);
    const taskId = Number(task?.id);

    const edited = await deliverGitHub(t.app, "issues", gitHubIssuesEvent("edited", gitHubIssue(1, { title: "Found a bad bug", body: "Now with steps." })), as());
    expect(edited.json().data).toMatchObject({ event: "issues.edited", outcome: "applied", task_ids: [taskId] });
    expect((await tasksOf(projectId))[0]).toMatchObject({ id: taskId, title: "Found a bad bug" });
    expect((await tasksOf(projectId))[0]?.description).toContain("<p>Now with steps.</p>");

    await deliverGitHub(t.app, "issues", gitHubIssuesEvent("closed", gitHubIssue(1, { state: "closed" })), as());
    expect((await taskAnswer(cast.manager, projectId, taskId)).json().data.status).toBe(1);
    await deliverGitHub(t.app, "issues", gitHubIssuesEvent("reopened", gitHubIssue(1)), as());
    expect((await taskAnswer(cast.manager, projectId, taskId)).json().data.status).toBe(0);
    expect(await activityActions(projectId)).toEqual(expect.arrayContaining(["complete_task", "incomplete_task"]));

    const deleted = await deliverGitHub(t.app, "issues", gitHubIssuesEvent("deleted", gitHubIssue(1)), as());
    expect(deleted.json().data).toMatchObject({ outcome: "applied", task_ids: [taskId] });
    expect((await taskAnswer(cast.manager, projectId, taskId)).statusCode).toBe(404);
    expect(await countRows("code_hosting_issue_links", projectId)).toBe(0);
    expect(await countRows("tasks", projectId)).toBe(0);
  });

  it("adds a comment to the issue's task, and changes that same comment when it is edited", async () => {
    const { projectId, as } = await connectedProject();
    const issue = gitHubIssue(3);
    await deliverGitHub(t.app, "issues", gitHubIssuesEvent("opened", issue), as());
    const taskId = Number((await tasksOf(projectId))[0]?.id);

    const created = await deliverGitHub(t.app, "issue_comment", gitHubCommentEvent("created", issue, { id: 901, body: "Me too" }, "hubot"), as());
    expect(created.json().data).toMatchObject({ event: "issue_comment.created", outcome: "applied", task_ids: [taskId] });
    const [comment] = await commentsOn(taskId);
    expect(comment?.content).toContain("<p>Me too</p>");
    expect(comment?.content).toContain("by hubot on GitHub");
    expect(comment?.content).toContain(`href="https://github.com/octocat/Hello-World/issues/3#issuecomment-901"`);

    await deliverGitHub(t.app, "issue_comment", gitHubCommentEvent("edited", issue, { id: 901, body: "Me too, on Firefox" }, "hubot"), as());
    const after = await commentsOn(taskId);
    expect(after).toHaveLength(1);
    expect(after[0]?.id).toBe(comment?.id);
    expect(after[0]?.content).toContain("Me too, on Firefox");

    // A comment on an issue that has no task (opened before the integration) is acknowledged, not applied.
    const stray = await deliverGitHub(t.app, "issue_comment", gitHubCommentEvent("created", gitHubIssue(99), { id: 902, body: "?" }), as());
    expect(stray.json().data).toMatchObject({ outcome: "applied", task_ids: [] });
  });

  it("completes the tasks a pushed commit fixes (PL-id) or closes (#issue), saying so with the commit's link", async () => {
    const { projectId, as } = await connectedProject();
    await deliverGitHub(t.app, "issues", gitHubIssuesEvent("opened", gitHubIssue(12)), as());
    const linkedTask = Number((await tasksOf(projectId))[0]?.id);
    const created = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks`, payload: { title: "Write docs" } });
    const plainTask = Number(created.json().data.id);
    const other = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks`, payload: { title: "Untouched" } });

    const push = gitHubPushEvent([
      { sha: "a1b2c3d4e5f60718293a4b5c6d7e8f9012345678", message: `Fix the crash\n\nCloses #12` },
      { sha: "b1b2c3d4e5f60718293a4b5c6d7e8f9012345678", message: `Fixes PL-${plainTask}, and mentions PL-${other.json().data.id} only` },
      { sha: "c1b2c3d4e5f60718293a4b5c6d7e8f9012345678", message: "Fixes PL-999999 (not here) and #404 (no task)" },
    ]);
    const response = await deliverGitHub(t.app, "push", push, as());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ event: "push", outcome: "applied", task_ids: [linkedTask, plainTask] });
    expect((await taskAnswer(cast.manager, projectId, linkedTask)).json().data.status).toBe(1);
    expect((await taskAnswer(cast.manager, projectId, plainTask)).json().data.status).toBe(1);
    expect((await taskAnswer(cast.manager, projectId, Number(other.json().data.id))).json().data.status).toBe(0);
    const [said] = await commentsOn(plainTask);
    expect(said?.content).toContain('href="https://github.com/octocat/Hello-World/commit/b1b2c3d4e5f60718293a4b5c6d7e8f9012345678"');
    expect(said?.content).toContain("b1b2c3d");
    expect(said?.content).toContain("by octocat on GitHub");

    // The same commit pushed again (another branch, a merge) leaves the completed task alone: no second comment.
    const again = await deliverGitHub(t.app, "push", gitHubPushEvent([{ sha: "d1b2c3d4e5f60718293a4b5c6d7e8f9012345678", message: `Fixes PL-${plainTask}` }]), as());
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.task_ids).toEqual([]);
    expect(await commentsOn(plainTask)).toHaveLength(1);
  });

  it("refuses a wrong or missing token with 403 and writes nothing", async () => {
    const { projectId, as } = await connectedProject();
    const payload = gitHubIssuesEvent("opened", gitHubIssue(1));
    for (const token of ["not-the-token", null]) {
      const response = await deliverGitHub(t.app, "issues", payload, as({ token }));
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe("forbidden");
    }
    // An unknown project answers as a wrong token does.
    expect((await deliverGitHub(t.app, "issues", payload, as({ projectId: 999_999 }))).statusCode).toBe(403);
    expect(await countRows("tasks", projectId)).toBe(0);
    expect(await countRows("code_hosting_deliveries", projectId)).toBe(0);
  });

  it("refuses a bad or missing signature with 401 when a secret is set, and writes nothing", async () => {
    const { projectId, as } = await connectedProject();
    const payload = gitHubIssuesEvent("opened", gitHubIssue(1));
    const wrongSecret = await deliverGitHub(t.app, "issues", payload, as({ secret: "another secret" }));
    expect(wrongSecret.statusCode).toBe(401);
    expect(wrongSecret.json().code).toBe("invalid_signature");
    expect((await deliverGitHub(t.app, "issues", payload, as({ secret: undefined }))).statusCode).toBe(401);
    expect((await deliverGitHub(t.app, "issues", payload, as({ signature: "sha256=zz" }))).statusCode).toBe(401);
    // Signed, then changed on the way: the signature is over the exact bytes.
    const body = JSON.stringify(payload);
    const tampered = await deliverGitHub(t.app, "issues", payload, as({ rawBody: body.replace("Found a bug", "Found a bog"), signature: (await import("./code-hosting-signature.js")).signBody(SECRET, body) }));
    expect(tampered.statusCode).toBe(401);
    expect(await countRows("tasks", projectId)).toBe(0);
  });

  it("takes unsigned deliveries when no secret is set, and GitHub's form-encoded payloads", async () => {
    const { projectId, as } = await connectedProject(null);
    const response = await deliverGitHub(t.app, "issues", gitHubIssuesEvent("opened", gitHubIssue(5)), as());
    expect(response.statusCode, response.body).toBe(200);
    const form = `payload=${encodeURIComponent(JSON.stringify(gitHubIssuesEvent("opened", gitHubIssue(6))))}`;
    const formed = await deliverGitHub(t.app, "issues", null, as({ rawBody: form, contentType: "application/x-www-form-urlencoded" }));
    expect(formed.statusCode, formed.body).toBe(200);
    expect(await countRows("tasks", projectId)).toBe(2);
  });

  it("acknowledges a repeated delivery id without applying it again", async () => {
    const { projectId, as } = await connectedProject();
    const options = as({ deliveryId: "72d3162e-cc78-11e3-81ab-4c9367dc0958" });
    const first = await deliverGitHub(t.app, "issues", gitHubIssuesEvent("opened", gitHubIssue(2)), options);
    const again = await deliverGitHub(t.app, "issues", gitHubIssuesEvent("opened", gitHubIssue(2)), options);
    expect(first.json().data.outcome).toBe("applied");
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ message: "Delivery already received: not applied again", data: { outcome: "duplicate", task_ids: [] } });
    expect(await countRows("tasks", projectId)).toBe(1);
    expect(await countRows("code_hosting_deliveries", projectId)).toBe(1);
  });

  it("answers 202 to an event it does not take, 200 to one with nothing to do, and 400 to an unreadable payload", async () => {
    const { projectId, as } = await connectedProject();
    const star = await deliverGitHub(t.app, "star", { action: "created", repository: {}, sender: {} }, as());
    expect(star.statusCode).toBe(202);
    expect(star.json().data).toMatchObject({ event: "star.created", outcome: "ignored" });
    const labeled = await deliverGitHub(t.app, "issues", gitHubIssuesEvent("labeled", gitHubIssue(1)), as());
    expect(labeled.statusCode).toBe(200);
    expect(labeled.json().data.outcome).toBe("ignored");
    const notJson = await deliverGitHub(t.app, "issues", null, as({ rawBody: "not json" }));
    expect(notJson.statusCode).toBe(400);
    const plainText = await deliverGitHub(t.app, "issues", gitHubIssuesEvent("opened", gitHubIssue(1)), as({ contentType: "text/plain" }));
    expect(plainText.statusCode).toBe(415);
    const noIssue = await deliverGitHub(t.app, "issues", { action: "opened", repository: {}, sender: {} }, as());
    expect(noIssue.statusCode).toBe(400);
    expect(noIssue.json().data.params).toHaveProperty("issue");
    expect(await countRows("tasks", projectId)).toBe(0);
  });

  it("acts as the member a GitHub user is mapped to, and as the first manager naming them when their role may not", async () => {
    const { projectId, as } = await connectedProject();
    await mapUsers(projectId, { [`github_${cast.coWorker.userId}`]: "Carl-GH", [`github_${cast.client.userId}`]: "cleo-gh" });
    const issue = gitHubIssue(4);
    await deliverGitHub(t.app, "issues", gitHubIssuesEvent("opened", issue, "carl-gh"), as());
    const [task] = await tasksOf(projectId);
    expect(task?.created_by).toBe(cast.coWorker.userId);
    await deliverGitHub(t.app, "issue_comment", gitHubCommentEvent("created", issue, { id: 5, body: "On it" }, "carl-gh"), as());
    const [comment] = await commentsOn(Number(task?.id));
    expect(comment?.created_by).toBe(cast.coWorker.userId);
    expect(comment?.content).not.toContain("by carl-gh");
    // A client may not close a task they neither made nor were given: the first manager does it.
    await deliverGitHub(t.app, "issues", gitHubIssuesEvent("closed", issue, "cleo-gh"), as());
    const closed = await t.database.db.selectFrom("tasks").select(["status", "completed_by"]).where("id", "=", Number(task?.id)).executeTakeFirstOrThrow();
    expect(closed).toEqual({ status: 1, completed_by: cast.siteManager.userId });
  });

  it("answers 403 while the integration is off in the project, and 404 while the module is off", async () => {
    const { projectId, as } = await connectedProject();
    await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/settings`, payload: { key: "git_bit", value: { status: "disable" } } });
    const off = await deliverGitHub(t.app, "issues", gitHubIssuesEvent("opened", gitHubIssue(1)), as());
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe("The code-hosting integration is switched off in this project's settings.");
    await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/settings`, payload: { key: "git_bit", value: { status: "enable" } } });

    const moduleOff = await cast.siteManager.inject({ method: "POST", url: "/api/pm-pro/v2/module-update", payload: { module: "integrations", type: "deactivate" } });
    expect(moduleOff.statusCode, moduleOff.body).toBe(200);
    try {
      const response = await deliverGitHub(t.app, "issues", gitHubIssuesEvent("opened", gitHubIssue(1)), as());
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe("module_inactive");
    } finally {
      await cast.siteManager.inject({ method: "POST", url: "/api/pm-pro/v2/module-update", payload: { module: "integrations", type: "activate" } });
    }
    expect(await countRows("tasks", projectId)).toBe(0);
    expect((await deliverGitHub(t.app, "issues", gitHubIssuesEvent("opened", gitHubIssue(1)), as())).statusCode).toBe(200);
  });
});

describe("POST /api/pm-pro/v2/integrations/:project (Bitbucket)", () => {
  it("turns issue:created into an Inbox task, issue:updated into its edits and state, and comments into comments", async () => {
    const { projectId, as } = await connectedProject();
    const created = await deliverBitbucket(t.app, "issue:created", bitbucketIssueEvent(bitbucketIssue(8, { html: "<p>Steps <strong>here</strong><img src=x onerror=alert(1)></p>" })), as());
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({ provider: "bitbucket", event: "issue:created", outcome: "applied" });
    const [task] = await tasksOf(projectId);
    const taskId = Number(task?.id);
    expect(task).toMatchObject({ title: "Login fails", list_title: "Inbox" });
    expect(task?.description).toContain("<strong>here</strong>");
    expect(task?.description).not.toContain("onerror");
    expect(task?.description).toContain('href="https://bitbucket.org/team/api/issues/8"');
    expect(task?.description).toContain("opened by bb-reporter");

    const resolved = bitbucketIssue(8, { title: "Login fails on Safari", state: "resolved" });
    const updated = await deliverBitbucket(t.app, "issue:updated", bitbucketIssueEvent(resolved, "bb-reporter", {
      changes: { state: { old: "new", new: "resolved" }, title: { old: "Login fails", new: "Login fails on Safari" } },
      comment: { id: 70, raw: "Fixed in the last deploy" },
    }), as());
    expect(updated.json().data).toMatchObject({ outcome: "applied", task_ids: [taskId] });
    const after = await t.database.db.selectFrom("tasks").select(["title", "status"]).where("id", "=", taskId).executeTakeFirstOrThrow();
    expect(after).toEqual({ title: "Login fails on Safari", status: 1 });
    expect((await commentsOn(taskId))[0]?.content).toContain("Fixed in the last deploy");

    await deliverBitbucket(t.app, "issue:updated", bitbucketIssueEvent(bitbucketIssue(8, { title: "Login fails on Safari", state: "open" })), as());
    expect((await t.database.db.selectFrom("tasks").select("status").where("id", "=", taskId).executeTakeFirstOrThrow()).status).toBe(0);

    await deliverBitbucket(t.app, "issue:comment_created", bitbucketCommentEvent(resolved, { id: 71, raw: "Thanks!" }), as());
    const comments = await commentsOn(taskId);
    expect(comments).toHaveLength(2);
    expect(comments[1]?.content).toContain("Thanks!");
    expect(comments[1]?.content).toContain('href="https://bitbucket.org/team/api/issues/8#comment-71"');
  });

  it("completes tasks from repo:push, acting as the member mapped to the commit's author", async () => {
    const { projectId, as } = await connectedProject();
    await mapUsers(projectId, { [`bitbucket_${cast.manager.userId}`]: "mia-bb" });
    await deliverBitbucket(t.app, "issue:created", bitbucketIssueEvent(bitbucketIssue(3)), as());
    const taskId = Number((await tasksOf(projectId))[0]?.id);
    const push = bitbucketPushEvent([{ hash: "9fceb02d0ae598e95dc970b74767f19372d61af8", message: "resolves #3\n", author: "mia-bb" }]);
    const response = await deliverBitbucket(t.app, "repo:push", push, as());
    expect(response.json().data).toMatchObject({ event: "repo:push", outcome: "applied", task_ids: [taskId] });
    const done = await t.database.db.selectFrom("tasks").select(["status", "completed_by"]).where("id", "=", taskId).executeTakeFirstOrThrow();
    expect(done).toEqual({ status: 1, completed_by: cast.manager.userId });
    const [comment] = await commentsOn(taskId);
    expect(comment?.created_by).toBe(cast.manager.userId);
    expect(comment?.content).toContain('href="https://bitbucket.org/team/api/commits/9fceb02d0ae598e95dc970b74767f19372d61af8"');
  });

  it("checks X-Hub-Signature, and applies a repeated X-Request-UUID once", async () => {
    const { projectId, as } = await connectedProject();
    const payload = bitbucketIssueEvent(bitbucketIssue(1));
    const unsigned = await deliverBitbucket(t.app, "issue:created", payload, as({ secret: undefined }));
    expect(unsigned.statusCode).toBe(401);
    const badSignature = await deliverBitbucket(t.app, "issue:created", payload, as({ secret: "wrong" }));
    expect(badSignature.statusCode).toBe(401);
    expect(await countRows("tasks", projectId)).toBe(0);

    const options = as({ deliveryId: "{b6b2e6f8-4a46-4a5c-9a4b-3b9c0f5d1a2e}" });
    expect((await deliverBitbucket(t.app, "issue:created", payload, options)).json().data.outcome).toBe("applied");
    expect((await deliverBitbucket(t.app, "issue:created", payload, options)).json().data.outcome).toBe("duplicate");
    expect(await countRows("tasks", projectId)).toBe(1);
    const unknown = await deliverBitbucket(t.app, "pullrequest:created", { actor: {}, repository: {} }, as());
    expect(unknown.statusCode).toBe(202);
  });
});

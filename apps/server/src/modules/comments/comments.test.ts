import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { mentionedUserIds } from "./mentions.js";

let t: TestApp;
let cast: Cast;
let projectId: number;
/** Tasks written straight into the table: the tasks module is built separately. */
let tasks: { open: number; secret: number; inSecretList: number; secretInSecretList: number };
let lists: { open: number; secret: number };

const NOW = "2026-01-01 00:00:00";

async function insertList(project: number, title: string, privacy: number): Promise<number> {
  const row = await t.database.db.insertInto("task_lists").values({
    project_id: project, title, description: "", sort_order: 1, status: 1, privacy, is_inbox: 0, milestone_id: null,
    created_by: cast.manager.userId, created_at: NOW, updated_at: NOW,
  }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

async function insertTask(project: number, listId: number, title: string, privacy: number): Promise<number> {
  const row = await t.database.db.insertInto("tasks").values({
    project_id: project, task_list_id: listId, parent_id: 0, title, description: "", estimation: 0, start_at: null, due_date: null,
    priority: 0, complexity: 0, payable: 0, recurrent: 0, status: 0, privacy, sort_order: 0, type_id: null,
    created_by: cast.manager.userId, completed_by: null, completed_at: null, created_at: NOW, updated_at: NOW,
  }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Comments" })).id;
  lists = { open: await insertList(projectId, "Open list", 0), secret: await insertList(projectId, "Secret list", 1) };
  tasks = {
    open: await insertTask(projectId, lists.open, "Homepage copy", 0),
    secret: await insertTask(projectId, lists.open, "Salary review", 1),
    inSecretList: await insertTask(projectId, lists.secret, "Hidden by its list", 0),
    secretInSecretList: await insertTask(projectId, lists.secret, "Doubly hidden", 1),
  };
});
afterAll(() => t.close());

type Role = "siteManager" | "manager" | "coWorker" | "client" | "outsider";
const ROLES: Role[] = ["siteManager", "manager", "coWorker", "client", "outsider"];

function base(project = projectId): string {
  return `/api/pm/v2/projects/${project}/comments`;
}

async function comment(session: Session, payload: Record<string, unknown>): Promise<{ id: number; notify_users: number[]; content: string }> {
  const response = await session.inject({ method: "POST", url: base(), payload });
  if (response.statusCode !== 200) throw new Error(`comment failed: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

async function count(table: "comments" | "comment_notify_users" | "activities"): Promise<number> {
  const row = await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

function mention(userId: number, name: string): string {
  return `<span data-type="mention" data-id="${userId}">@${name}</span>`;
}

describe("POST /api/pm/v2/projects/:project/comments", () => {
  it("adds a sanitised comment to a task, with abilities and a readable activity", async () => {
    const response = await cast.coWorker.inject({
      method: "POST",
      url: base(),
      payload: { content: `<p>Looks good<script>alert(1)</script></p>`, commentable_type: "task", commentable_id: tasks.open },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: "Comment added successfully",
      data: {
        content: "<p>Looks good</p>",
        commentable_type: "task",
        commentable_id: tasks.open,
        project_id: projectId,
        creator: { data: { display_name: "Carl Coworker" } },
        notify_users: [],
        abilities: { can_edit: true, can_delete: true },
      },
    });
    const activity = await t.database.db.selectFrom("activities").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(activity).toMatchObject({
      action: "create_comment",
      resource_type: "comment",
      message: "Carl Coworker added a comment on the task Homepage copy",
      privacy_scope: null,
    });
    expect(JSON.parse(activity.meta)).toEqual({ commentable_type: "task", commentable_id: tasks.open });
  });

  it("refuses a comment that is empty once sanitised, writing nothing", async () => {
    const before = await Promise.all([count("comments"), count("activities")]);
    for (const content of ["", "   ", "<p> </p>", "<script>alert(1)</script>", "<p><br></p>"]) {
      const response = await cast.manager.inject({ method: "POST", url: base(), payload: { content, commentable_type: "task", commentable_id: tasks.open } });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().data.params)).toEqual(["content"]);
    }
    expect(await Promise.all([count("comments"), count("activities")])).toEqual(before);
  });

  it("answers 400 for an unknown commentable type and 404 for a missing or foreign commentable", async () => {
    const before = await count("comments");
    const badType = await cast.manager.inject({ method: "POST", url: base(), payload: { content: "x", commentable_type: "project", commentable_id: 1 } });
    expect(badType.statusCode).toBe(400);
    expect(Object.keys(badType.json().data.params)).toEqual(["commentable_type"]);
    const missing = await cast.manager.inject({ method: "POST", url: base(), payload: { content: "x", commentable_type: "task", commentable_id: 999999 } });
    expect([missing.statusCode, missing.json().message]).toEqual([404, "Task not found"]);
    const other = await createProjectWithCast(cast, { title: "Elsewhere" });
    const foreign = await cast.manager.inject({ method: "POST", url: base(other.id), payload: { content: "x", commentable_type: "task", commentable_id: tasks.open } });
    expect(foreign.statusCode).toBe(404);
    const file = await cast.manager.inject({ method: "POST", url: base(), payload: { content: "x", commentable_type: "file", commentable_id: 999999 } });
    expect([file.statusCode, file.json().message]).toEqual([404, "File not found"]);
    expect(await count("comments")).toBe(before);
  });

  it("comments on files, hiding those in a private folder from a client", async () => {
    const filesBase = `/api/pm-pro/v2/projects/${projectId}/files`;
    const publicDoc = (await cast.manager.inject({ method: "POST", url: filesBase, payload: { type: "doc", title: "Open doc", parent: 0 } })).json().data.id;
    const secret = (await cast.manager.inject({ method: "POST", url: filesBase, payload: { type: "folder", title: "Secret", parent: 0, private: 1 } })).json().data.id;
    const inner = (await cast.manager.inject({ method: "POST", url: filesBase, payload: { type: "folder", title: "Inner", parent: secret } })).json().data.id;
    const hiddenDoc = (await cast.manager.inject({ method: "POST", url: filesBase, payload: { type: "doc", title: "Hidden doc", parent: inner } })).json().data.id;
    const onPublic = await cast.client.inject({ method: "POST", url: base(), payload: { content: "<p>Read it</p>", commentable_type: "file", commentable_id: publicDoc } });
    expect(onPublic.statusCode, onPublic.body).toBe(200);
    const onHidden = await cast.client.inject({ method: "POST", url: base(), payload: { content: "<p>Peek</p>", commentable_type: "file", commentable_id: hiddenDoc } });
    expect(onHidden.statusCode).toBe(404);
    const byCoWorker = await cast.coWorker.inject({ method: "POST", url: base(), payload: { content: "<p>Fine</p>", commentable_type: "file", commentable_id: hiddenDoc } });
    expect(byCoWorker.statusCode).toBe(200);
    const listed = await cast.client.inject({ method: "GET", url: `${base()}?commentable_type=file&commentable_id=${hiddenDoc}` });
    expect(listed.statusCode).toBe(404);
  });

  it("comments on lists, discussions and milestones too, naming them in the activity", async () => {
    const board = (await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/discussion-boards`, payload: { title: "Plans" } })).json().data.id;
    const milestone = (await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/milestones`, payload: { title: "Beta" } })).json().data.id;
    await comment(cast.client, { content: "On the list", commentable_type: "task_list", commentable_id: lists.open });
    await comment(cast.client, { content: "On the board", commentable_type: "discussion_board", commentable_id: board });
    await comment(cast.client, { content: "On the milestone", commentable_type: "milestone", commentable_id: milestone });
    const messages = await t.database.db.selectFrom("activities").select("message").where("action", "=", "create_comment").orderBy("id", "desc").limit(3).execute();
    expect(messages.map((row) => row.message)).toEqual([
      "Cleo Client added a comment on the milestone Beta",
      "Cleo Client added a comment on the discussion Plans",
      "Cleo Client added a comment on the task list Open list",
    ]);
  });
});

describe("comment permissions", () => {
  const read: Record<Role, { public: number; private: number }> = {
    siteManager: { public: 200, private: 200 },
    manager: { public: 200, private: 200 },
    coWorker: { public: 200, private: 200 },
    client: { public: 200, private: 404 },
    outsider: { public: 403, private: 403 },
  };
  for (const role of ROLES) {
    it(`answers ${read[role].public}/${read[role].private} to a ${role} reading and commenting on a public/private task`, async () => {
      for (const [kind, taskId] of [["public", tasks.open], ["private", tasks.secret]] as const) {
        const listed = await cast[role].inject({ method: "GET", url: `${base()}?commentable_type=task&commentable_id=${taskId}` });
        expect(listed.statusCode).toBe(read[role][kind]);
        const created = await cast[role].inject({ method: "POST", url: base(), payload: { content: `From ${role}`, commentable_type: "task", commentable_id: taskId } });
        expect(created.statusCode).toBe(read[role][kind]);
      }
    });
  }

  const change: Record<Role, { public: number; private: number }> = {
    siteManager: { public: 200, private: 200 },
    manager: { public: 200, private: 200 },
    coWorker: { public: 403, private: 403 },
    client: { public: 403, private: 404 },
    outsider: { public: 403, private: 403 },
  };
  for (const role of ROLES) {
    it(`answers ${change[role].public}/${change[role].private} to a ${role} editing then deleting someone else's comment on a public/private task`, async () => {
      for (const [kind, taskId] of [["public", tasks.open], ["private", tasks.secret]] as const) {
        const { id } = await comment(cast.siteManager, { content: "Original", commentable_type: "task", commentable_id: taskId });
        const edit = await cast[role].inject({ method: "POST", url: `${base()}/${id}`, payload: { content: "Changed" } });
        expect(edit.statusCode).toBe(change[role][kind]);
        const remove = await cast[role].inject({ method: "POST", url: `${base()}/${id}/delete` });
        expect(remove.statusCode).toBe(change[role][kind]);
        const left = await t.database.db.selectFrom("comments").select("content").where("id", "=", id).execute();
        expect(left).toEqual(change[role][kind] === 200 ? [] : [{ content: "Original" }]);
      }
    });
  }

  it("lets the author edit and delete their own comment, and shows the abilities per reader", async () => {
    const own = await comment(cast.client, { content: "Mine", commentable_type: "task", commentable_id: tasks.open });
    const listed = (await cast.coWorker.inject({ method: "GET", url: `${base()}?commentable_type=task&commentable_id=${tasks.open}` })).json().data;
    expect(listed.find((c: { id: number }) => c.id === own.id).abilities).toEqual({ can_edit: false, can_delete: false });
    const edit = await cast.client.inject({ method: "POST", url: `${base()}/${own.id}`, payload: { content: "<p>Mine, edited</p>", is_admin: 0 } });
    expect(edit.json()).toMatchObject({ message: "Comment updated successfully", data: { content: "<p>Mine, edited</p>", abilities: { can_edit: true } } });
    const empty = await cast.client.inject({ method: "POST", url: `${base()}/${own.id}`, payload: { content: "<p></p>" } });
    expect(empty.statusCode).toBe(400);
    const remove = await cast.client.inject({ method: "POST", url: `${base()}/${own.id}/delete` });
    expect(remove.json()).toEqual({ message: "Comment deleted successfully", undo: { id: expect.any(Number), expires_at: expect.any(String) } });
    const messages = await t.database.db.selectFrom("activities").select("message").where("resource_type", "=", "comment").where("resource_id", "=", own.id).orderBy("id").execute();
    expect(messages.map((row) => row.message)).toEqual([
      "Cleo Client added a comment on the task Homepage copy",
      "Cleo Client updated a comment on the task Homepage copy",
      "Cleo Client deleted a comment on the task Homepage copy",
    ]);
  });

  it("hides a task in a private list from a client who may see private tasks but not private lists", async () => {
    const { id } = await createProjectWithCast(cast, { title: "Custom caps" });
    const secretList = await insertList(id, "Secret", 1);
    const task = await insertTask(id, secretList, "In a secret list", 0);
    await t.database.db.insertInto("project_settings")
      .values({ project_id: id, key: "capabilities", value: JSON.stringify({ client: { view_private_task: true } }), updated_at: NOW })
      .execute();
    const response = await cast.client.inject({ method: "GET", url: `${base(id)}?commentable_type=task&commentable_id=${task}` });
    expect(response.statusCode).toBe(404);
    const listResponse = await cast.client.inject({ method: "POST", url: base(id), payload: { content: "x", commentable_type: "task_list", commentable_id: secretList } });
    expect([listResponse.statusCode, listResponse.json().message]).toEqual([404, "Task list not found"]);
  });

  it("records the privacy of the commentable on the activity, joined for a private task in a private list", async () => {
    const scopes: Array<string | null> = [];
    for (const taskId of [tasks.secret, tasks.inSecretList, tasks.secretInSecretList]) {
      await comment(cast.coWorker, { content: "Noted", commentable_type: "task", commentable_id: taskId });
      const row = await t.database.db.selectFrom("activities").select("privacy_scope").orderBy("id", "desc").executeTakeFirstOrThrow();
      scopes.push(row.privacy_scope);
    }
    expect(scopes).toEqual(["view_private_task", "view_private_list", "list+task"]);
  });
});

describe("mentions and notify_users", () => {
  it("keeps mention spans through sanitising and notifies chosen and mentioned members only", async () => {
    const content = `<p>Hey ${mention(cast.coWorker.userId, "Carl Coworker")} and ${mention(cast.outsider.userId, "Otto")}<img src=x onerror=alert(1)></p>`;
    const created = await comment(cast.manager, { content, commentable_type: "task", commentable_id: tasks.open, notify_users: [cast.client.userId, 999999] });
    expect(created.content).toContain(mention(cast.coWorker.userId, "Carl Coworker"));
    expect(created.content).not.toContain("onerror");
    expect([...created.notify_users].sort((a, b) => a - b)).toEqual([cast.coWorker.userId, cast.client.userId].sort((a, b) => a - b));
    const stored = await t.database.db.selectFrom("comment_notify_users").select("user_id").where("comment_id", "=", created.id).execute();
    expect(stored.map((row) => row.user_id).sort((a, b) => a - b)).toEqual([cast.coWorker.userId, cast.client.userId].sort((a, b) => a - b));
  });

  it("does not notify a member who may not see the private task", async () => {
    const created = await comment(cast.manager, {
      content: `<p>${mention(cast.client.userId, "Cleo")} ${mention(cast.coWorker.userId, "Carl")}</p>`,
      commentable_type: "task",
      commentable_id: tasks.secret,
    });
    expect(created.notify_users).toEqual([cast.coWorker.userId]);
  });

  it("keeps earlier notified users on update unless a new list is given, and adds new mentions", async () => {
    const created = await comment(cast.manager, { content: "Plain", commentable_type: "task", commentable_id: tasks.open, notify_users: [cast.client.userId] });
    const kept = await cast.manager.inject({ method: "POST", url: `${base()}/${created.id}`, payload: { content: `Now ${mention(cast.coWorker.userId, "Carl")}` } });
    expect([...kept.json().data.notify_users].sort((a: number, b: number) => a - b)).toEqual([cast.coWorker.userId, cast.client.userId].sort((a, b) => a - b));
    const replaced = await cast.manager.inject({ method: "POST", url: `${base()}/${created.id}`, payload: { content: "Quiet now", notify_users: [] } });
    expect(replaced.json().data.notify_users).toEqual([]);
  });

  it("reads mention ids from sanitised HTML whatever the attribute order", () => {
    expect(mentionedUserIds(`<span data-id="4" data-type="mention">@A</span><span data-type="mention" data-id="9">@B</span><span data-id="5">x</span><span data-type="mention" data-id="4">@A</span>`)).toEqual([4, 9]);
  });
});

describe("GET /api/pm/v2/projects/:project/comments", () => {
  it("lists a record's comments oldest first with their creators", async () => {
    const task = await insertTask(projectId, lists.open, "Ordered", 0);
    for (const [session, content] of [[cast.manager, "First"], [cast.client, "Second"], [cast.coWorker, "Third"]] as const) {
      await comment(session, { content, commentable_type: "task", commentable_id: task });
    }
    const body = (await cast.client.inject({ method: "GET", url: `${base()}?commentable_type=task&commentable_id=${task}` })).json();
    expect(body.data.map((c: { content: string; creator: { data: { display_name: string } } }) => [c.content, c.creator.data.display_name])).toEqual([
      ["First", "Mia Manager"], ["Second", "Cleo Client"], ["Third", "Carl Coworker"],
    ]);
    expect(body.meta.pagination).toMatchObject({ total: 3, count: 3, total_pages: 1 });
  });

  it("pages a long thread, 50 comments at a time by default and at most 200", async () => {
    const task = await insertTask(projectId, lists.open, "Long thread", 0);
    await t.database.db.insertInto("comments").values(Array.from({ length: 55 }, (_, i) => ({
      project_id: projectId, commentable_type: "task", commentable_id: task, content: `c${i + 1}`,
      created_by: cast.manager.userId, created_at: NOW, updated_at: NOW,
    }))).execute();
    const list = (query: string) => cast.client.inject({ method: "GET", url: `${base()}?commentable_type=task&commentable_id=${task}${query}` });
    const first = (await list("")).json();
    expect(first.data).toHaveLength(50);
    expect(first.meta.pagination).toEqual({ total: 55, count: 50, per_page: 50, current_page: 1, links: expect.any(Object), total_pages: 2 });
    expect((await list("&page=2")).json().data.map((c: { content: string }) => c.content)).toEqual(["c51", "c52", "c53", "c54", "c55"]);
    expect((await list("&per_page=2&page=3")).json().data.map((c: { content: string }) => c.content)).toEqual(["c5", "c6"]);
    const tooMany = await list("&per_page=201");
    expect(tooMany.statusCode).toBe(400);
    expect(Object.keys(tooMany.json().data.params)).toEqual(["per_page"]);
  });

  it("answers 400 without the commentable named", async () => {
    const response = await cast.client.inject({ method: "GET", url: `${base()}?commentable_type=task` });
    expect(response.statusCode).toBe(400);
  });

  it("runs the same number of SQL statements for 2 comments as for 25", async () => {
    const task = await insertTask(projectId, lists.open, "Busy", 0);
    const authors = [cast.manager, cast.coWorker, cast.client];
    async function addComments(n: number): Promise<void> {
      for (let i = 0; i < n; i += 1) {
        const row = await t.database.db.insertInto("comments").values({
          project_id: projectId, commentable_type: "task", commentable_id: task, content: `c${i}`,
          created_by: authors[i % 3]?.userId ?? cast.manager.userId, created_at: NOW, updated_at: NOW,
        }).returning("id").executeTakeFirstOrThrow();
        await t.database.db.insertInto("comment_notify_users").values({ comment_id: row.id, user_id: cast.coWorker.userId }).execute();
      }
    }
    async function queriesOfList(): Promise<number> {
      t.queries.length = 0;
      const response = await cast.client.inject({ method: "GET", url: `${base()}?commentable_type=task&commentable_id=${task}` });
      expect(response.statusCode).toBe(200);
      return t.queries.length;
    }
    await addComments(2);
    const few = await queriesOfList();
    await addComments(23);
    const many = await queriesOfList();
    expect(many).toBe(few);
    // Session look-up, access, the commentable, the page of comments and its count, then their creators, notified users and attached files.
    expect(few).toBeLessThanOrEqual(8);
  });
});

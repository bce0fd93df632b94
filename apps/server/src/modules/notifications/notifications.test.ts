import { listEnvelope, notificationSchema, notificationsMetaShape, type Notification } from "@plotline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { excerptOf } from "./notification-entries.js";

let t: TestApp;
let cast: Cast;
let projectId: number;

const inboxEnvelope = listEnvelope(notificationSchema, notificationsMetaShape);

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Launch" })).id;
});
afterAll(() => t.close());

async function ok(response: { statusCode: number; body: string; json: () => unknown }): Promise<unknown> {
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function createTask(session: Session, payload: Record<string, unknown>, project = projectId): Promise<{ id: number; title: string }> {
  const body = await ok(await session.inject({ method: "POST", url: `/api/pm/v2/projects/${project}/tasks`, payload: { title: "A task", ...payload } }));
  return (body as { data: { id: number; title: string } }).data;
}

async function updateTask(session: Session, taskId: number, payload: Record<string, unknown>, project = projectId): Promise<void> {
  await ok(await session.inject({ method: "POST", url: `/api/pm/v2/projects/${project}/tasks/${taskId}/update`, payload }));
}

async function comment(session: Session, taskId: number, content: string, notifyUsers: number[] = []): Promise<number> {
  const body = await ok(
    await session.inject({
      method: "POST",
      url: `/api/pm/v2/projects/${projectId}/comments`,
      payload: { content, commentable_type: "task", commentable_id: taskId, notify_users: notifyUsers },
    }),
  );
  return (body as { data: { id: number } }).data.id;
}

function mention(userId: number, name: string): string {
  return `<span data-type="mention" data-id="${userId}">@${name}</span>`;
}

/** The caller's Inbox page, parsed with its schema. */
async function inbox(session: Session, query = "") {
  const response = await session.inject({ method: "GET", url: `/api/pm/v2/notifications${query ? `?${query}` : ""}` });
  expect(response.statusCode, response.body).toBe(200);
  return inboxEnvelope.parse(response.json());
}

/** The caller's entries about one task, oldest first. */
async function entriesAbout(session: Session, taskId: number): Promise<Notification[]> {
  const page = await inbox(session, "per_page=100");
  return page.data.filter((entry) => entry.subject.id === taskId).reverse();
}

async function typesAbout(session: Session, taskId: number): Promise<string[]> {
  return (await entriesAbout(session, taskId)).map((entry) => entry.type);
}

async function countEntries(taskId: number): Promise<number> {
  const row = await t.database.db.selectFrom("notifications").select((eb) => eb.fn.countAll<number>().as("n")).where("task_id", "=", taskId).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("assigned", () => {
  it("tells the assignees of a new task, not its creator who assigned themselves", async () => {
    const task = await createTask(cast.manager, { title: "Homepage copy", assignees: [cast.coWorker.userId, cast.manager.userId] });

    const [entry, ...others] = await entriesAbout(cast.coWorker, task.id);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      type: "assigned",
      read: false,
      actor: { id: cast.manager.userId, display_name: "Mia Manager" },
      project: { id: projectId, title: "Launch" },
      subject: { type: "task", id: task.id, title: "Homepage copy" },
      link: { route: "single_task", params: { project_id: projectId, task_id: task.id } },
      text: "Mia Manager assigned you to Homepage copy",
      message: { key: "notifications.assigned", params: { actor: "Mia Manager", task: "Homepage copy" } },
    });
    expect(entry?.created_at.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await typesAbout(cast.manager, task.id)).toEqual([]);
  });

  it("tells only the users a change adds, and not the actor who adds themselves", async () => {
    const task = await createTask(cast.manager, { assignees: [cast.coWorker.userId] });
    await updateTask(cast.manager, task.id, { assignees: [cast.coWorker.userId, cast.client.userId, cast.manager.userId] });

    expect(await typesAbout(cast.coWorker, task.id)).toEqual(["assigned"]);
    expect(await typesAbout(cast.client, task.id)).toEqual(["assigned"]);
    expect(await typesAbout(cast.manager, task.id)).toEqual([]);
  });
});

describe("mentioned and commented", () => {
  it("tells mentioned and chosen users once, followers otherwise, never the author or a non-follower", async () => {
    // The manager follows as creator, the co-worker as assignee; the client does not follow.
    const task = await createTask(cast.manager, { title: "Pricing page", assignees: [cast.coWorker.userId] });
    await comment(cast.coWorker, task.id, `<p>Ask ${mention(cast.client.userId, "Cleo Client")} about the tiers &amp; the copy</p>`);

    const [mentioned] = await entriesAbout(cast.client, task.id);
    expect(mentioned).toMatchObject({
      type: "mentioned",
      actor: { id: cast.coWorker.userId },
      text: "Carl Coworker mentioned you on Pricing page",
      excerpt: "Ask @Cleo Client about the tiers & the copy",
    });
    expect(await typesAbout(cast.manager, task.id)).toEqual(["commented"]);
    expect(await typesAbout(cast.coWorker, task.id)).toEqual(["assigned"]);
    expect(await typesAbout(cast.siteManager, task.id)).toEqual([]);

    // notify_users counts as a mention: the manager is told once, as mentioned rather than as a follower.
    await comment(cast.client, task.id, "<p>Tiers attached</p>", [cast.manager.userId]);
    expect(await typesAbout(cast.manager, task.id)).toEqual(["commented", "mentioned"]);
    expect(await typesAbout(cast.coWorker, task.id)).toEqual(["assigned", "commented"]);
  });

  it("makes a commenter follow the task", async () => {
    const task = await createTask(cast.manager, {});
    await comment(cast.client, task.id, "<p>First</p>");
    await comment(cast.manager, task.id, "<p>Thanks</p>");
    expect(await typesAbout(cast.client, task.id)).toEqual(["commented"]);
  });

  it("tells only the users newly mentioned by an edit", async () => {
    const task = await createTask(cast.manager, {});
    const commentId = await comment(cast.manager, task.id, `<p>${mention(cast.coWorker.userId, "Carl")}</p>`);
    const edit = (content: string) =>
      cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/comments/${commentId}`, payload: { content } });
    await ok(await edit(`<p>${mention(cast.coWorker.userId, "Carl")} and ${mention(cast.client.userId, "Cleo")}</p>`));
    await ok(await edit(`<p>${mention(cast.coWorker.userId, "Carl")} and ${mention(cast.client.userId, "Cleo")} again</p>`));

    expect(await typesAbout(cast.coWorker, task.id)).toEqual(["mentioned"]);
    expect(await typesAbout(cast.client, task.id)).toEqual(["mentioned"]);
  });
});

describe("mentions outside tasks", () => {
  async function created(session: Session, url: string, payload: Record<string, unknown>): Promise<{ id: number; title: string }> {
    return ((await ok(await session.inject({ method: "POST", url, payload }))) as { data: { id: number; title: string } }).data;
  }

  async function commentOn(session: Session, type: string, id: number, content: string): Promise<number> {
    const body = await ok(await session.inject({
      method: "POST", url: `/api/pm/v2/projects/${projectId}/comments`, payload: { content, commentable_type: type, commentable_id: id },
    }));
    return (body as { data: { id: number } }).data.id;
  }

  async function entriesOn(session: Session, type: string, id: number): Promise<Notification[]> {
    return (await inbox(session, "per_page=100")).data.filter((entry) => entry.subject.type === type && entry.subject.id === id);
  }

  it("tells who a comment on a discussion, list, milestone or doc mentions, linking to that record", async () => {
    const base = `/api/pm/v2/projects/${projectId}`;
    const discussion = await created(cast.manager, `${base}/discussion-boards`, { title: "Launch plan", description: "<p>Dates</p>" });
    const list = await created(cast.manager, `${base}/task-lists`, { title: "Copy" });
    const milestone = await created(cast.manager, `${base}/milestones`, { title: "Beta", achieve_date: "2031-05-01" });
    const doc = await created(cast.manager, `/api/pm-pro/v2/projects/${projectId}/files`, { type: "doc", title: "Style guide" });

    const records = [
      { type: "discussion_board", record: discussion, route: "individual_discussions", params: { project_id: projectId, discussion_id: discussion.id } },
      { type: "task_list", record: list, route: "single_list", params: { project_id: projectId, list_id: list.id } },
      { type: "milestone", record: milestone, route: "milestones", params: { project_id: projectId } },
      { type: "file", record: doc, route: "single_doc", params: { project_id: projectId, folder_id: 0, doc_id: doc.id } },
    ];
    for (const { type, record, route, params } of records) {
      await commentOn(cast.manager, type, record.id, `<p>${mention(cast.client.userId, "Cleo Client")} have a look</p>`);
      const [entry, ...more] = await entriesOn(cast.client, type, record.id);
      expect(more, type).toEqual([]);
      expect(entry, type).toMatchObject({
        type: "mentioned",
        actor: { id: cast.manager.userId },
        project: { id: projectId },
        subject: { type, id: record.id, title: record.title },
        link: { route, params },
        text: `Mia Manager mentioned you on ${record.title}`,
        excerpt: "@Cleo Client have a look",
      });
      // Nobody follows these records: only the mentioned user is told, and never the author.
      expect(await entriesOn(cast.coWorker, type, record.id), type).toEqual([]);
      expect(await entriesOn(cast.manager, type, record.id), type).toEqual([]);
    }

    // An edit tells only the newly mentioned.
    const commentId = await commentOn(cast.manager, "milestone", milestone.id, "<p>Soon</p>");
    await ok(await cast.manager.inject({
      method: "POST", url: `${base}/comments/${commentId}`, payload: { content: `<p>Soon, ${mention(cast.coWorker.userId, "Carl")}</p>` },
    }));
    expect((await entriesOn(cast.coWorker, "milestone", milestone.id)).map((entry) => entry.type)).toEqual(["mentioned"]);
  });

  it("hides the entry while the record is private to the reader or gone, and the daily sweep deletes it once gone", async () => {
    const base = `/api/pm/v2/projects/${projectId}`;
    const discussion = await created(cast.manager, `${base}/discussion-boards`, { title: "Salaries", description: "<p>x</p>" });
    await commentOn(cast.manager, "discussion_board", discussion.id, `<p>${mention(cast.client.userId, "Cleo")}</p>`);
    const [entry] = await entriesOn(cast.client, "discussion_board", discussion.id);
    const unreadBefore = (await inbox(cast.client)).meta.unread;

    await ok(await cast.manager.inject({ method: "POST", url: `${base}/discussion-boards/${discussion.id}/update`, payload: { title: "Salaries", privacy: true } }));
    expect(await entriesOn(cast.client, "discussion_board", discussion.id)).toEqual([]);
    expect((await inbox(cast.client)).meta.unread).toBe(unreadBefore - 1);
    expect((await cast.client.inject({ method: "POST", url: `/api/pm/v2/notifications/${entry?.id}/read` })).statusCode).toBe(404);
    // read-all leaves the hidden entry unread.
    await ok(await cast.client.inject({ method: "POST", url: "/api/pm/v2/notifications/read-all" }));
    await ok(await cast.manager.inject({ method: "POST", url: `${base}/discussion-boards/${discussion.id}/update`, payload: { title: "Salaries", privacy: false } }));
    expect(await entriesOn(cast.client, "discussion_board", discussion.id)).toMatchObject([{ id: entry?.id, read: false }]);
    // A site manager sees every project, and an entry of their own only.
    expect(await entriesOn(cast.siteManager, "discussion_board", discussion.id)).toEqual([]);

    const rowsAbout = async () => Number((await t.database.db.selectFrom("notifications").select((eb) => eb.fn.countAll<number>().as("n"))
      .where("subject_type", "=", "discussion_board").where("subject_id", "=", discussion.id).executeTakeFirstOrThrow()).n);
    await ok(await cast.manager.inject({ method: "POST", url: `${base}/discussion-boards/${discussion.id}/delete` }));
    expect(await entriesOn(cast.client, "discussion_board", discussion.id)).toEqual([]);
    expect(await rowsAbout()).toBe(1);
    expect(await t.app.services.notifications.sweepOrphans()).toBeGreaterThanOrEqual(1);
    expect(await rowsAbout()).toBe(0);
  });
});

describe("completed", () => {
  it("tells the task's followers but not who completed it", async () => {
    const task = await createTask(cast.manager, { assignees: [cast.coWorker.userId] });
    await ok(await cast.coWorker.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks/${task.id}/change-status`, payload: { status: 1 } }));

    const [completed] = (await entriesAbout(cast.manager, task.id)).filter((entry) => entry.type === "completed");
    expect(completed).toMatchObject({ actor: { id: cast.coWorker.userId }, text: `Carl Coworker completed ${task.title}` });
    expect(await typesAbout(cast.coWorker, task.id)).toEqual(["assigned"]);
    expect(await typesAbout(cast.client, task.id)).toEqual([]);
  });
});

describe("POST /api/pm/v2/projects/:project/tasks/:id/follow and unfollow", () => {
  const url = (taskId: number, action: string, project = projectId) => `/api/pm/v2/projects/${project}/tasks/${taskId}/${action}`;

  it("follows and unfollows a task the caller may see", async () => {
    const task = await createTask(cast.manager, {});
    const followed = await ok(await cast.client.inject({ method: "POST", url: url(task.id, "follow") }));
    expect(followed).toMatchObject({ message: "You are following this task.", data: { task_id: task.id, following: true } });
    expect((followed as { data: { followers: Array<{ id: number }> } }).data.followers.map((user) => user.id).sort()).toEqual([cast.manager.userId, cast.client.userId].sort());
    // Following again changes nothing.
    await ok(await cast.client.inject({ method: "POST", url: url(task.id, "follow") }));
    await comment(cast.manager, task.id, "<p>Update one</p>");
    expect(await typesAbout(cast.client, task.id)).toEqual(["commented"]);

    const unfollowed = await ok(await cast.client.inject({ method: "POST", url: url(task.id, "unfollow") }));
    expect(unfollowed).toMatchObject({ data: { following: false } });
    await comment(cast.manager, task.id, "<p>Update two</p>");
    expect(await typesAbout(cast.client, task.id)).toEqual(["commented"]);

    const followers = await ok(await cast.coWorker.inject({ method: "GET", url: url(task.id, "followers") }));
    expect(followers).toMatchObject({ data: { following: false, followers: [{ id: cast.manager.userId }] } });
  });

  it("answers 404 for a task the caller may not see, 403 to a non-member and 400 for a bad id", async () => {
    const secret = await createTask(cast.manager, { privacy: true });
    const hidden = await cast.client.inject({ method: "POST", url: url(secret.id, "follow") });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: "not_found", message: "Task not found" });
    expect((await cast.outsider.inject({ method: "POST", url: url(secret.id, "follow") })).statusCode).toBe(403);
    const other = (await createProjectWithCast(cast)).id;
    expect((await cast.manager.inject({ method: "POST", url: url(secret.id, "follow", other) })).statusCode).toBe(404);

    const bad = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks/abc/follow` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.params).toHaveProperty("id");
  });
});

describe("GET /api/pm/v2/notifications, read and read-all", () => {
  it("pages newest first, filters unread, counts unread in meta, and marks read", async () => {
    const reader = cast.siteManager;
    const before = await inbox(reader);
    const tasks = [];
    for (const title of ["One", "Two", "Three"]) tasks.push(await createTask(cast.manager, { title, assignees: [reader.userId] }));

    const first = await inbox(reader, "per_page=2");
    expect(first.data.map((entry) => entry.subject.title)).toEqual(["Three", "Two"]);
    expect(first.meta.unread).toBe(before.meta.unread + 3);
    expect(first.meta.pagination).toMatchObject({ per_page: 2, current_page: 1, total: before.meta.pagination.total + 3 });
    const second = await inbox(reader, "per_page=2&page=2");
    expect(second.data[0]?.subject.title).toBe("One");

    const newest = first.data[0];
    const read = await reader.inject({ method: "POST", url: `/api/pm/v2/notifications/${newest?.id}/read` });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ message: "Notification marked as read.", data: { id: newest?.id, read: true } });
    const unread = await inbox(reader, "unread=1&per_page=100");
    expect(unread.meta.unread).toBe(before.meta.unread + 2);
    expect(unread.meta.pagination.total).toBe(unread.meta.unread);
    expect(unread.data.every((entry) => !entry.read)).toBe(true);

    const all = await reader.inject({ method: "POST", url: "/api/pm/v2/notifications/read-all" });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ message: "All notifications marked as read.", data: { marked: before.meta.unread + 2, unread: 0 } });
    expect((await inbox(reader)).meta.unread).toBe(0);
  });

  it("marks read only up to the entry the reader was shown", async () => {
    const first = await createTask(cast.manager, { assignees: [cast.coWorker.userId] });
    const [shown] = await entriesAbout(cast.coWorker, first.id);
    const later = await createTask(cast.manager, { assignees: [cast.coWorker.userId] });
    await ok(await cast.coWorker.inject({ method: "POST", url: "/api/pm/v2/notifications/read-all", payload: { up_to_id: shown?.id } }));
    expect((await entriesAbout(cast.coWorker, first.id)).map((entry) => entry.read)).toEqual([true]);
    expect((await entriesAbout(cast.coWorker, later.id)).map((entry) => entry.read)).toEqual([false]);
  });

  it("answers 404 for another user's entry and 400 for a bad id or filter", async () => {
    const task = await createTask(cast.manager, { assignees: [cast.coWorker.userId] });
    const [entry] = await entriesAbout(cast.coWorker, task.id);
    const theirs = await cast.client.inject({ method: "POST", url: `/api/pm/v2/notifications/${entry?.id}/read` });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ message: "Notification not found" });
    expect((await entriesAbout(cast.coWorker, task.id))[0]?.read).toBe(false);

    const bad = await cast.client.inject({ method: "POST", url: "/api/pm/v2/notifications/abc/read" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.params).toHaveProperty("id");
    const badPage = await cast.client.inject({ method: "GET", url: "/api/pm/v2/notifications?per_page=1000" });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().data.params).toHaveProperty("per_page");
    expect((await cast.client.inject({ method: "GET", url: "/api/pm/v2/notifications?unread=maybe" })).statusCode).toBe(400);
  });

  it("needs a signed-in user", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/pm/v2/notifications" })).statusCode).toBe(401);
  });
});

describe("privacy when read", () => {
  it("hides an entry while its task is private to the reader and shows it again when public", async () => {
    const task = await createTask(cast.manager, { title: "Budget", assignees: [cast.client.userId, cast.coWorker.userId] });
    const [entry] = await entriesAbout(cast.client, task.id);
    const unreadBefore = (await inbox(cast.client)).meta.unread;

    await updateTask(cast.manager, task.id, { privacy: true });
    expect(await entriesAbout(cast.client, task.id)).toEqual([]);
    const hidden = await inbox(cast.client);
    expect(hidden.meta.unread).toBe(unreadBefore - 1);
    expect((await cast.client.inject({ method: "POST", url: `/api/pm/v2/notifications/${entry?.id}/read` })).statusCode).toBe(404);
    // A co-worker holds view_private_task by default.
    expect(await typesAbout(cast.coWorker, task.id)).toEqual(["assigned"]);

    await updateTask(cast.manager, task.id, { privacy: false });
    expect(await typesAbout(cast.client, task.id)).toEqual(["assigned"]);
    expect((await inbox(cast.client)).meta.unread).toBe(unreadBefore);
  });

  it("hides the entries of a task in a private list, of a project the reader left, and of a deleted task", async () => {
    const listBody = await ok(await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/task-lists`, payload: { title: "Board" } }));
    const listId = (listBody as { data: { id: number } }).data.id;
    const task = await createTask(cast.manager, { board_id: listId, assignees: [cast.client.userId] });
    expect(await typesAbout(cast.client, task.id)).toEqual(["assigned"]);

    await ok(await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/task-lists/${listId}/update`, payload: { privacy: true } }));
    expect(await typesAbout(cast.client, task.id)).toEqual([]);
    await ok(await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/task-lists/${listId}/update`, payload: { privacy: false } }));
    expect(await typesAbout(cast.client, task.id)).toEqual(["assigned"]);

    const left = (await createProjectWithCast(cast)).id;
    const there = await createTask(cast.manager, { assignees: [cast.client.userId] }, left);
    expect(await typesAbout(cast.client, there.id)).toEqual(["assigned"]);
    await ok(await cast.manager.inject({
      method: "POST", url: `/api/pm/v2/projects/${left}/update`,
      payload: { assignees: [{ user_id: cast.manager.userId, role_id: 1 }, { user_id: cast.coWorker.userId, role_id: 2 }] },
    }));
    expect(await typesAbout(cast.client, there.id)).toEqual([]);

    await ok(await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks/${task.id}/delete` }));
    expect(await countEntries(task.id)).toBe(0);
  });
});

describe("delivery", () => {
  it("writes each entry once when an event is handed out again", async () => {
    const task = await createTask(cast.manager, { assignees: [cast.coWorker.userId] });
    await comment(cast.client, task.id, `<p>${mention(cast.siteManager.userId, "Sam")} see this</p>`);
    const entries = await countEntries(task.id);
    expect(entries).toBe(4); // the co-worker assigned, then commented; the manager commented; the site manager mentioned

    const events = await t.database.db.selectFrom("events").select("id").where("name", "in", ["task.created", "comment.created"]).orderBy("id", "desc").limit(2).execute();
    const ids = events.map((event) => event.id);
    await t.database.db.updateTable("events").set({ dispatched_at: null, lease_until: null, lease_owner: null }).where("id", "in", ids).execute();
    await t.app.ctx.events.dispatch(ids);

    const pending = await t.database.db.selectFrom("events").select("dispatched_at").where("id", "in", ids).execute();
    expect(pending.every((event) => event.dispatched_at !== null)).toBe(true);
    expect(await countEntries(task.id)).toBe(entries);
  });
});

describe("due tomorrow", () => {
  it("tells the assignees of open tasks due the next day, once per task and day", async () => {
    const now = new Date("2031-03-09T10:00:00Z");
    const dueTomorrow = await createTask(cast.manager, { title: "Ship it", due_date: "2031-03-10", assignees: [cast.coWorker.userId, cast.client.userId] });
    const done = await createTask(cast.manager, { due_date: "2031-03-10", assignees: [cast.coWorker.userId] });
    await updateTask(cast.manager, done.id, { status: 1 });
    const later = await createTask(cast.manager, { due_date: "2031-03-11", assignees: [cast.coWorker.userId] });

    await t.app.services.notifications.notifyDueTomorrow(now);
    await t.app.services.notifications.notifyDueTomorrow(now);

    const due = (await entriesAbout(cast.coWorker, dueTomorrow.id)).filter((entry) => entry.type === "due_soon");
    expect(due).toHaveLength(1);
    expect(due[0]).toMatchObject({ actor: null, due_on: "2031-03-10", text: "Ship it is due on 2031-03-10" });
    expect((await typesAbout(cast.client, dueTomorrow.id)).filter((type) => type === "due_soon")).toHaveLength(1);
    expect(await typesAbout(cast.coWorker, done.id)).not.toContain("due_soon");
    expect(await typesAbout(cast.coWorker, later.id)).not.toContain("due_soon");
  });

  it("runs as a daily job of the module, as does the sweep", () => {
    const module = t.app.modules.find((entry) => entry.name === "notifications");
    expect(module?.schedules).toEqual([{ name: "notifications.due-soon", cron: "0 6 * * *" }, { name: "notifications.sweep", cron: "30 4 * * *" }]);
    expect(Object.keys(module?.jobs?.(t.app.services) ?? {})).toEqual(["notifications.due-soon", "notifications.sweep"]);
  });
});

describe("the site menu", () => {
  it("has an Inbox entry for everyone", async () => {
    const me = await ok(await cast.client.inject({ method: "GET", url: "/api/auth/me" }));
    const menu = (me as { data: { menu: Array<{ route: string; label: string }> } }).data.menu;
    expect(menu).toContainEqual(expect.objectContaining({ route: "inbox", label: "menu.inbox", area: "site" }));
  });
});

describe("excerptOf", () => {
  it("reads a comment as one line of text, shortened", () => {
    expect(excerptOf("<p>Hello</p><p>there &lt;b&gt;</p>")).toBe("Hello there <b>");
    expect(excerptOf("<p> </p>")).toBeNull();
    const long = excerptOf(`<p>${"word ".repeat(60)}</p>`) ?? "";
    expect(Array.from(long).length).toBeLessThanOrEqual(140);
    expect(long.endsWith("…")).toBe(true);
  });
});

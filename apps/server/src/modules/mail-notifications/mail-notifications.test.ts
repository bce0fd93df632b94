import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../../../test/smtp-sink.js";
import { startJobRunner } from "../../jobs/job-runner.js";

/** How long notices wait for more changes here: short, but long enough for two requests in a row. */
const WAIT_SECONDS = 3;
const PUBLIC_URL = "https://pl.example";

let t: TestApp;
let sink: SmtpSink;
let cast: Cast;
let projectId: number;
let listId: number;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ config: { smtpUrl: sink.url, mailWaitSeconds: WAIT_SECONDS, publicUrl: PUBLIC_URL, mailFrom: "Plotline <no-reply@pl.example>" } });
  await startJobRunner(t.app.jobs, t.app.modules);
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Website" })).id;
  const list = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/task-lists`, payload: { title: "Launch" } });
  listId = (list.json() as { data: { id: number } }).data.id;
});

afterAll(async () => {
  await t.close();
  await sink.close();
});

beforeEach(async () => {
  await settle();
  sink.clear();
});

/** Waits until every notice item is sent or left out, and the mails sent have arrived. */
async function settle(): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const waiting = await t.database.db.selectFrom("mail_notification_items").select("id").where("sent_at", "is", null).execute();
    if (waiting.length === 0) break;
    if (Date.now() > deadline) throw new Error(`${waiting.length} notice item(s) still waiting`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const sent = await t.database.db.selectFrom("mail_notification_items").select(["user_id", "group_type", "group_id", "actor_id"]).where("outcome", "=", "sent").distinct().execute();
  // Each mail's items are marked sent after the server accepted it, so the sink has it by now.
  expect(sink.mails.length).toBeLessThanOrEqual(sent.length);
}

async function createTask(as: Session, fields: Record<string, unknown>): Promise<number> {
  const response = await as.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks`, payload: { board_id: listId, ...fields } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: { id: number } }).data.id;
}

async function comment(as: Session, taskId: number, content: string, notifyUsers: number[] = []): Promise<void> {
  const response = await as.inject({
    method: "POST",
    url: `/api/pm/v2/projects/${projectId}/comments`,
    payload: { content, commentable_type: "task", commentable_id: taskId, notify_users: notifyUsers },
  });
  expect(response.statusCode, response.body).toBe(200);
}

function taskUrl(taskId: number): string {
  return `${PUBLIC_URL}/#/projects/${projectId}/task-lists/tasks/${taskId}`;
}

function only(mails: ReceivedMail[]): ReceivedMail {
  expect(mails).toHaveLength(1);
  const [mail] = mails;
  if (!mail) throw new Error("no mail");
  return mail;
}

describe("mail notices", () => {
  it("mails the assignee of a new task, with a text and an HTML part, the site's name and the link back; never the actor", async () => {
    const taskId = await createTask(cast.manager, { title: "Wireframes", assignees: [cast.coWorker.userId] });
    await settle();
    const mail = only(sink.mailsTo(cast.coWorker.email));
    expect(mail.to).toEqual([cast.coWorker.email.toLowerCase()]);
    expect(mail.envelopeFrom).toBe("no-reply@pl.example");
    expect(mail.subject).toBe('[Website] Mia Manager assigned you to the task "Wireframes"');
    expect(mail.text).toContain(`Open the task: ${taskUrl(taskId)}`);
    expect(mail.text).toContain("Plotline");
    expect(mail.html).toContain(`href="${taskUrl(taskId)}"`);
    expect(mail.html).toContain("Mia Manager assigned you to the task &quot;Wireframes&quot;");
    expect(mail.html).toContain(">Plotline</span>");
    expect(sink.mailsTo(cast.manager.email)).toEqual([]);
    expect(sink.mails).toHaveLength(1);
  });

  it("mails an assignee added later, and nobody for a change that adds no one", async () => {
    const taskId = await createTask(cast.manager, { title: "Copy" });
    const added = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks/${taskId}/update`, payload: { assignees: [cast.client.userId] } });
    expect(added.statusCode, added.body).toBe(200);
    const renamed = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks/${taskId}/update`, payload: { title: "Copy deck" } });
    expect(renamed.statusCode).toBe(200);
    await settle();
    expect(only(sink.mailsTo(cast.client.email)).subject).toBe('[Website] Mia Manager assigned you to the task "Copy deck"');
    expect(sink.mails).toHaveLength(1);
  });

  it("does not mail a client about a private task, neither its assignment nor a comment on it", async () => {
    const taskId = await createTask(cast.manager, { title: "Salaries", privacy: true, assignees: [cast.coWorker.userId, cast.client.userId] });
    await settle();
    expect(only(sink.mailsTo(cast.coWorker.email)).subject).toContain('"Salaries"');
    sink.clear();
    await comment(cast.coWorker, taskId, "<p>Numbers attached</p>");
    await settle();
    expect(only(sink.mailsTo(cast.manager.email)).subject).toBe('[Website] Carl Coworker commented on the task "Salaries"');
    expect(sink.mailsTo(cast.client.email)).toEqual([]);
    const skipped = await t.database.db.selectFrom("mail_notification_items").select(["kind", "outcome"]).where("user_id", "=", cast.client.userId).where("record_id", "=", taskId).orderBy("id").execute();
    expect(skipped).toEqual([{ kind: "assigned", outcome: "skipped" }, { kind: "comment", outcome: "skipped" }]);
  });

  it("mails a comment to the task's creator and assignees, and a mention as a mention, with the comment's words", async () => {
    const taskId = await createTask(cast.manager, { title: "Logo", assignees: [cast.coWorker.userId] });
    await settle();
    sink.clear();
    await comment(cast.client, taskId, `<p>Looks good, <span data-type="mention" data-id="${cast.coWorker.userId}">@Carl</span> &amp; team</p><p>Second line</p>`);
    await settle();
    const mention = only(sink.mailsTo(cast.coWorker.email));
    expect(mention.subject).toBe('[Website] Cleo Client mentioned you in a comment on the task "Logo"');
    expect(mention.text?.replace(/\r\n/g, "\n")).toContain("> Looks good, @Carl & team\n> Second line");
    expect(mention.html).toContain("Looks good, @Carl &amp; team");
    const commented = only(sink.mailsTo(cast.manager.email));
    expect(commented.subject).toBe('[Website] Cleo Client commented on the task "Logo"');
    expect(commented.text).toContain(taskUrl(taskId));
    expect(sink.mailsTo(cast.client.email)).toEqual([]);
  });

  it("mails the users a comment names to tell, and a mention added by an edit once", async () => {
    const taskId = await createTask(cast.manager, { title: "Press kit" });
    await comment(cast.manager, taskId, "<p>FYI</p>", [cast.client.userId]);
    await settle();
    expect(only(sink.mailsTo(cast.client.email)).subject).toBe('[Website] Mia Manager commented on the task "Press kit"');
    sink.clear();
    const [row] = await t.database.db.selectFrom("comments").select("id").where("commentable_id", "=", taskId).execute();
    const mention = `<p>FYI <span data-type="mention" data-id="${cast.coWorker.userId}">@Carl</span></p>`;
    for (let round = 0; round < 2; round += 1) {
      const edited = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/comments/${row?.id}`, payload: { content: mention } });
      expect(edited.statusCode, edited.body).toBe(200);
    }
    await settle();
    expect(only(sink.mailsTo(cast.coWorker.email)).subject).toBe('[Website] Mia Manager mentioned you in a comment on the task "Press kit"');
    expect(sink.mails).toHaveLength(1);
  });

  it("sends nothing of a kind the user turned off in Your account", async () => {
    const off = await cast.coWorker.inject({ method: "POST", url: "/api/pm/v2/users/me/preferences", payload: { email_notifications: { assigned: false } } });
    expect(off.statusCode).toBe(200);
    const taskId = await createTask(cast.manager, { title: "Quiet", assignees: [cast.coWorker.userId] });
    await settle();
    expect(sink.mailsTo(cast.coWorker.email)).toEqual([]);
    // Comments are still on: the next change is mailed.
    await comment(cast.manager, taskId, "<p>Still there?</p>");
    await settle();
    expect(only(sink.mailsTo(cast.coWorker.email)).subject).toContain("commented on");
    await cast.coWorker.inject({ method: "POST", url: "/api/pm/v2/users/me/preferences", payload: { email_notifications: { assigned: true } } });
  });

  it("gathers what one person does to one record within the wait into one mail to each recipient", async () => {
    const taskId = await createTask(cast.manager, { title: "Launch plan", assignees: [cast.coWorker.userId] });
    await comment(cast.manager, taskId, "<p>Deadline is Friday</p>");
    await comment(cast.manager, taskId, "<p>And Saturday for the copy</p>");
    await settle();
    const mail = only(sink.mailsTo(cast.coWorker.email));
    expect(mail.subject).toBe('[Website] Mia Manager assigned you to the task "Launch plan" (and 2 more)');
    expect(mail.text).toContain("Deadline is Friday");
    expect(mail.text).toContain("And Saturday for the copy");
    expect(sink.mails).toHaveLength(1);
    // Once that mail went, the next change is a mail of its own; another person's change is another mail.
    sink.clear();
    await comment(cast.manager, taskId, "<p>One more thing</p>");
    await comment(cast.client, taskId, "<p>Noted</p>");
    await settle();
    const mails = sink.mailsTo(cast.coWorker.email).map((received) => received.subject).sort();
    expect(mails).toEqual(['[Website] Cleo Client commented on the task "Launch plan"', '[Website] Mia Manager commented on the task "Launch plan"']);
  });

  it("writes nothing twice when an event is handed out again", async () => {
    await createTask(cast.manager, { title: "Twice", assignees: [cast.client.userId] });
    await settle();
    expect(sink.mailsTo(cast.client.email)).toHaveLength(1);
    const [event] = await t.database.db.selectFrom("events").select("id").where("name", "=", "task.created").orderBy("id", "desc").limit(1).execute();
    await t.database.db.updateTable("events").set({ dispatched_at: null, lease_until: null, lease_owner: null }).where("id", "=", event?.id ?? 0).execute();
    expect(await t.app.ctx.events.drain()).toBe(1);
    await settle();
    expect(sink.mailsTo(cast.client.email)).toHaveLength(1);
  });

  it("mails the members who may see a new discussion, and new files of one person as one mail", async () => {
    const open = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/discussion-boards`, payload: { title: "Kick-off" } });
    const hidden = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/discussion-boards`, payload: { title: "Budget talk", privacy: true } });
    expect([open.statusCode, hidden.statusCode]).toEqual([200, 200]);
    await settle();
    expect(sink.mailsTo(cast.client.email).map((mail) => mail.subject)).toEqual(['[Website] Mia Manager started the discussion "Kick-off"']);
    expect(sink.mailsTo(cast.coWorker.email).map((mail) => mail.subject).sort()).toEqual([
      '[Website] Mia Manager started the discussion "Budget talk"',
      '[Website] Mia Manager started the discussion "Kick-off"',
    ]);
    expect(sink.mailsTo(cast.manager.email)).toEqual([]);
    sink.clear();
    for (const title of ["Brief", "Moodboard"]) {
      const doc = await cast.coWorker.inject({ method: "POST", url: `/api/pm-pro/v2/projects/${projectId}/files`, payload: { type: "doc", title, description: "<p>x</p>" } });
      expect(doc.statusCode, doc.body).toBe(200);
    }
    const folder = await cast.coWorker.inject({ method: "POST", url: `/api/pm-pro/v2/projects/${projectId}/files`, payload: { type: "folder", title: "Assets" } });
    expect(folder.statusCode).toBe(200);
    await settle();
    const files = only(sink.mailsTo(cast.client.email));
    expect(files.subject).toBe("[Website] Carl Coworker added 2 files to Website");
    expect(files.text).toContain("- Brief");
    expect(files.text).toContain("- Moodboard");
    expect(files.text).toContain(`Open the files: ${PUBLIC_URL}/#/projects/${projectId}/files`);
    expect(sink.mailsTo(cast.coWorker.email)).toEqual([]);
  });

  it("sends an item its group's job went by without (committed just after the job claimed the rest): the sweep enqueues it again", async () => {
    const taskId = await createTask(cast.manager, { title: "Stranded", assignees: [cast.coWorker.userId] });
    await settle();
    sink.clear();
    const sent = await t.database.db.selectFrom("mail_notification_items").selectAll().where("record_id", "=", taskId).where("user_id", "=", cast.coWorker.userId).executeTakeFirstOrThrow();
    // An item no job holds, written long enough ago that its group's job has gone by: as the race leaves it.
    const { id: _id, claimed_by: _claimed, sent_at: _sent, outcome: _outcome, ...fields } = sent;
    await t.database.db.insertInto("mail_notification_items").values({ ...fields, source_key: "event:stranded", created_at: "2020-01-01 00:00:00" }).execute();
    expect(await t.app.services.mailNotifications.sweepStranded()).toBe(1);
    await settle();
    const mail = only(sink.mailsTo(cast.coWorker.email));
    expect(mail.subject).toContain("Stranded");
    // Nothing is left for a second sweep.
    expect(await t.app.services.mailNotifications.sweepStranded()).toBe(0);
  });
});

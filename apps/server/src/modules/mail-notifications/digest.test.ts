import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, createUserAndSignIn, type Session, type TestApp } from "../../../test/helpers.js";
import { startSmtpSink, type SmtpSink } from "../../../test/smtp-sink.js";
import { buildApp } from "../../app.js";
import { openDatabase, type DatabaseHandle } from "../../db/kysely.js";
import { startJobRunner } from "../../jobs/job-runner.js";
import { siteClock } from "./digest.service.js";

const PUBLIC_URL = "https://pl.example";
const TIMEZONE = "Europe/Paris";
/** 08:05 in Paris (UTC+1 in early March): the digest's hour on the site's day 2031-03-04. */
const MORNING = new Date("2031-03-04T07:05:00Z");
const TODAY = "2031-03-04";

/**
 * Two processes of one site: two apps, each with its own database connection and job runner, on one
 * database (one SQLite file, or one PostgreSQL schema), both ticking the digest at the same moment.
 */
let first: TestApp;
let second: FastifyInstance;
let secondDatabase: DatabaseHandle;
let sink: SmtpSink;
let folder: string;
let cast: Cast;
let quiet: Session & { email: string };
const ids: Record<string, number> = {};

beforeAll(async () => {
  sink = await startSmtpSink();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-digest-"));
  const sqlitePath = path.join(folder, "plotline.db");
  first = await createTestApp({ sqlitePath, config: { smtpUrl: sink.url, timezone: TIMEZONE, publicUrl: PUBLIC_URL } });
  secondDatabase = openDatabase({ databaseUrl: first.app.ctx.config.databaseUrl, sqlitePath, pgSchema: first.database.pgSchema ?? undefined, poolSize: 4 });
  second = await buildApp({ config: first.app.ctx.config, database: secondDatabase });
  await second.ready();
  await startJobRunner(first.app.jobs, first.app.modules);
  await startJobRunner(second.jobs, second.modules);

  cast = await createCast(first.app);
  const on = await cast.siteManager.inject({ method: "POST", url: "/api/pm/v2/settings", payload: { key: "daily_digest", value: true } });
  expect(on.statusCode, on.body).toBe(200);
  const { id: projectId } = await createProjectWithCast(cast, { title: "Website" });
  ids.project = projectId;
  const task = async (title: string, fields: Record<string, unknown>) => {
    const response = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks`, payload: { title, ...fields } });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: { id: number } }).data.id;
  };
  ids.dueToday = await task("Ship homepage", { due_date: TODAY, assignees: [cast.coWorker.userId] });
  ids.overdue = await task("Fix footer", { due_date: "2031-03-01", assignees: [cast.coWorker.userId] });
  await task("Later", { due_date: "2031-03-10", assignees: [cast.coWorker.userId] });
  ids.secret = await task("Secret plan", { privacy: true });
  ids.done = await task("Public launch", {});
  // Completed yesterday, site time (2031-03-03 in Paris), by the manager.
  await first.database.db.updateTable("tasks").set({ status: 1, completed_at: "2031-03-03 12:00:00", completed_by: cast.manager.userId })
    .where("id", "in", [ids.secret, ids.done]).execute();
  // Completed the day before yesterday: not in the digest.
  const old = await task("Old news", {});
  await first.database.db.updateTable("tasks").set({ status: 1, completed_at: "2031-03-02 22:30:00", completed_by: cast.manager.userId }).where("id", "=", old).execute();

  // Someone with a project of their own and nothing due: no digest.
  quiet = await createUserAndSignIn(first.app, cast.siteManager, { display_name: "Quiet Quinn" });
  const calm = await cast.siteManager.inject({ method: "POST", url: "/api/pm/v2/projects", payload: { title: "Calm", assignees: [{ user_id: quiet.userId, role_id: 1 }] } });
  expect(calm.statusCode, calm.body).toBe(200);
});

afterAll(async () => {
  await second.close();
  await secondDatabase.destroy();
  await first.close();
  await sink.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** Waits until every digest row of the day is done (sent, or found empty). */
async function settleDigests(day: string): Promise<Array<{ user_id: number; outcome: string | null }>> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const rows = await first.database.db.selectFrom("mail_digests").select(["user_id", "outcome", "sent_at"]).where("day", "=", day).orderBy("user_id").execute();
    if (rows.every((row) => row.sent_at !== null)) return rows.map(({ user_id, outcome }) => ({ user_id, outcome }));
    if (Date.now() > deadline) throw new Error("digests still waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("the daily digest", () => {
  it("reads the site's day and hour in its time zone", () => {
    expect(siteClock(MORNING, TIMEZONE)).toEqual({ day: TODAY, hour: 8 });
    expect(siteClock(new Date("2031-03-03T23:30:00Z"), TIMEZONE)).toEqual({ day: TODAY, hour: 0 });
  });

  it("does nothing before 08:00 or after 11:59 site time", async () => {
    expect(await first.app.services.digest.tick(new Date("2031-03-04T06:59:00Z"))).toBe(0);
    expect(await first.app.services.digest.tick(new Date("2031-03-04T11:00:00Z"))).toBe(0);
    expect(await first.database.db.selectFrom("mail_digests").select("user_id").execute()).toEqual([]);
  });

  it("sends each user with something one digest, once, though two processes tick at 08:00 and again later", async () => {
    await Promise.all([first.app.services.digest.tick(MORNING), second.services.digest.tick(MORNING)]);
    const rows = await settleDigests(TODAY);
    expect(rows.map((row) => row.user_id).sort((a, b) => a - b)).toEqual([cast.siteManager.userId, cast.manager.userId, cast.coWorker.userId, cast.client.userId].sort((a, b) => a - b));

    // The 09:00 tick of both processes, and one after a restart at 08:00 (same hour), add nothing.
    await Promise.all([first.app.services.digest.tick(new Date("2031-03-04T08:00:00Z")), second.services.digest.tick(new Date("2031-03-04T08:00:00Z"))]);
    await second.services.digest.tick(MORNING);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await settleDigests(TODAY);

    // The site manager is a member (the project's creator), with the tasks completed yesterday.
    expect(sink.mails).toHaveLength(4);
    expect(sink.mailsTo(cast.coWorker.email)).toHaveLength(1);
    expect(sink.mailsTo(cast.manager.email)).toHaveLength(1);
    expect(sink.mailsTo(cast.client.email)).toHaveLength(1);
    expect(sink.mailsTo(quiet.email)).toEqual([]);
    expect(sink.mailsTo(cast.outsider.email)).toEqual([]);
  });

  it("lists the user's tasks due today and overdue, and what was completed yesterday, with links", () => {
    const [mail] = sink.mailsTo(cast.coWorker.email);
    expect(mail?.subject).toBe(`Your day, ${TODAY}: 1 task due today, 1 overdue, 2 completed yesterday`);
    const text = mail?.text?.replace(/\r\n/g, "\n") ?? "";
    expect(text).toContain(`Due today\n---------\n\n- Ship homepage (Website)\n  ${PUBLIC_URL}/#/projects/${ids.project}/task-lists/tasks/${ids.dueToday}`);
    expect(text).toContain(`- Fix footer (Website, due 2031-03-01)`);
    expect(text).toContain("- Secret plan (Website, by Mia Manager)");
    expect(text).toContain("- Public launch (Website, by Mia Manager)");
    expect(text).not.toContain("Later");
    expect(text).not.toContain("Old news");
    expect(mail?.html).toContain(`href="${PUBLIC_URL}/#/projects/${ids.project}/task-lists/tasks/${ids.overdue}"`);
    expect(mail?.html).toContain(`href="${PUBLIC_URL}/#/my-tasks"`);
  });

  it("never shows a client a private task", () => {
    const [mail] = sink.mailsTo(cast.client.email);
    expect(mail?.subject).toBe(`Your day, ${TODAY}: 1 completed yesterday`);
    expect(mail?.text).toContain("Public launch");
    expect(mail?.text).not.toContain("Secret plan");
    expect(mail?.html).not.toContain("Secret plan");
  });

  it("sends none when the digest's only tasks are ones the user may not see, and none while the setting is off", async () => {
    const hidden = await createProjectWithCast(cast, { title: "Hidden" });
    const list = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${hidden.id}/task-lists`, payload: { title: "Private list", privacy: true } });
    const listId = (list.json() as { data: { id: number } }).data.id;
    const created = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${hidden.id}/tasks`, payload: { title: "In a private list", board_id: listId, due_date: "2031-03-05", assignees: [cast.client.userId] } });
    expect(created.statusCode, created.body).toBe(200);
    // The first project's tasks all done long ago: the next day, only the hidden task is left for the client.
    await first.database.db.updateTable("tasks").set({ status: 1, completed_at: "2031-01-01 12:00:00" }).where("project_id", "=", ids.project ?? 0).execute();
    sink.clear();

    const nextMorning = new Date("2031-03-05T07:30:00Z");
    await first.app.services.digest.tick(nextMorning);
    const rows = await settleDigests("2031-03-05");
    expect(rows).toEqual([{ user_id: cast.client.userId, outcome: "empty" }]);
    expect(sink.mails).toEqual([]);

    const off = await cast.siteManager.inject({ method: "POST", url: "/api/pm/v2/settings", payload: { key: "daily_digest", value: false } });
    expect(off.statusCode).toBe(200);
    expect(await first.app.services.digest.tick(new Date("2031-03-06T07:30:00Z"))).toBe(0);
  });
});

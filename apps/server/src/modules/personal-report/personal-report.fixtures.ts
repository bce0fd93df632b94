import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { Session } from "../../../test/helpers.js";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createList, createTask } from "../tasks/tasks.fixtures.js";

/**
 * The personal report tests' scripted data set (site time zone UTC; the report range is 03/01/2026 to
 * 03/10/2026, ten days). Everything is assigned to the co-worker unless said otherwise.
 *
 * | task | project | estimation | type | completed | co-worker's logged time |
 * |---|---|---|---|---|---|
 * | Login bug | Alpha | 90 min | Bug | 03-02 10:00 | 60 min on 03-02 |
 * | Fix token (sub-task of Login bug) | Alpha | 0 | | 03-02 11:00 | |
 * | Signup form | Alpha | 150 min | Feature | 03-05 09:00 | 120 min on 03-04 |
 * | Beta docs | Beta | 0 | | 03-05 15:00 | 30 min on 03-05 |
 * | Secret fix (private) | Alpha | 60 min | Bug | 03-06 08:00 | 45 min on 03-06 |
 * | Late task | Alpha | 300 min | | 03-12 (after the range) | 10 min on 03-11 (after the range) |
 * | Open task | Alpha | 100 min | | open | 20 min on 03-03 |
 * | Planning (manager's; sub-task Estimated sub, 45 min) | Beta | 0 / 45 | | sub-task 03-03 12:00 | |
 */
export interface PersonalReportDataSet {
  cast: Cast;
  alpha: number;
  beta: number;
  ids: Record<string, number>;
  types: { bug: number; feature: number };
}

async function ok(session: Session, url: string, payload: Record<string, unknown>): Promise<{ data: { id: number } }> {
  const response = await session.inject({ method: "POST", url, payload });
  if (response.statusCode !== 200) throw new Error(`POST ${url} failed: ${response.statusCode} ${response.body}`);
  return response.json() as { data: { id: number } };
}

/** Builds the data set through the API, then moves completion times to their known moments. */
export async function seedPersonalReportDataSet(app: FastifyInstance, db: Kysely<Database>): Promise<PersonalReportDataSet> {
  const cast = await createCast(app);
  const alpha = (await createProjectWithCast(cast, { title: "Alpha" })).id;
  const beta = (await createProjectWithCast(cast, { title: "Beta" })).id;
  const bug = (await ok(cast.siteManager, "/api/pm/v2/task-types", { title: "Bug" })).data.id;
  const feature = (await ok(cast.siteManager, "/api/pm/v2/task-types", { title: "Feature" })).data.id;
  const lists = { alpha: await createList(cast.manager, alpha, { title: "Alpha list" }), beta: await createList(cast.manager, beta, { title: "Beta list" }) };
  const ids: Record<string, number> = {};
  const coWorker = [cast.coWorker.userId];
  const make = async (name: string, projectId: number, payload: Record<string, unknown>) => {
    const listId = projectId === alpha ? lists.alpha.id : lists.beta.id;
    ids[name] = (await createTask(cast.manager, projectId, { title: name, board_id: listId, ...payload })).id;
  };
  await make("Login bug", alpha, { estimation: 90, type_id: bug, assignees: coWorker });
  await make("Signup form", alpha, { estimation: 150, type_id: feature, assignees: coWorker });
  await make("Beta docs", beta, { assignees: coWorker });
  await make("Secret fix", alpha, { estimation: 60, type_id: bug, assignees: coWorker, privacy: true });
  await make("Late task", alpha, { estimation: 300, assignees: coWorker });
  await make("Open task", alpha, { estimation: 100, assignees: coWorker });
  await make("Planning", beta, { assignees: [cast.manager.userId] });
  ids["Fix token"] = (await ok(cast.manager, `/api/pm-pro/v2/tasks/${ids["Login bug"]}/sub-tasks`, { title: "Fix token", assignees: coWorker })).data.id;
  ids["Estimated sub"] = (await ok(cast.manager, `/api/pm-pro/v2/tasks/${ids["Planning"]}/sub-tasks`, { title: "Estimated sub", estimation: 45, assignees: [cast.manager.userId] })).data.id;

  const log = (name: string, projectId: number, date: string, minutes: number) =>
    ok(cast.coWorker, "/api/pm-pro/v2/custom-time/", { task_id: ids[name], project_id: projectId, hour: Math.floor(minutes / 60), minute: minutes % 60, date });
  await log("Login bug", alpha, "2026-03-02", 60);
  await log("Signup form", alpha, "2026-03-04", 120);
  await log("Beta docs", beta, "2026-03-05", 30);
  await log("Secret fix", alpha, "2026-03-06", 45);
  await log("Late task", alpha, "2026-03-11", 10);
  await log("Open task", alpha, "2026-03-03", 20);

  const complete = async (name: string, projectId: number, at: string) => {
    await ok(cast.manager, `/api/pm/v2/projects/${projectId}/tasks/${ids[name]}/change-status`, { status: 1 });
    await db.updateTable("tasks").set({ completed_at: at }).where("id", "=", ids[name] ?? 0).execute();
  };
  await complete("Login bug", alpha, "2026-03-02 10:00:00");
  await complete("Fix token", alpha, "2026-03-02 11:00:00");
  await complete("Signup form", alpha, "2026-03-05 09:00:00");
  await complete("Beta docs", beta, "2026-03-05 15:00:00");
  await complete("Secret fix", alpha, "2026-03-06 08:00:00");
  await complete("Late task", alpha, "2026-03-12 09:00:00");
  await complete("Estimated sub", beta, "2026-03-03 12:00:00");
  return { cast, alpha, beta, ids, types: { bug, feature } };
}

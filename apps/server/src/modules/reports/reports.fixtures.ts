import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createList, createTask } from "../tasks/tasks.fixtures.js";

/**
 * The reports tests' scripted data set, on known days of March 2026 (all before today):
 *
 * | task | project | due | status | assignees | notes |
 * |---|---|---|---|---|---|
 * | Overdue one | Alpha | 03-05 | open | co-worker | has a sub-task due 03-06 (never reported) |
 * | Overdue two | Alpha | 03-20 | pending | client | |
 * | =SUM(1+1) | Alpha | 03-10 | open | nobody | payable; a formula-looking title |
 * | Milestone task | Alpha (list of M1) | 03-12 | open | co-worker | |
 * | Secret | Alpha | 03-15 | open | co-worker | private |
 * | Done early | Beta | 03-01 | completed 03-02 10:00 UTC | co-worker | |
 * | Done late | Beta | 04-01 | completed 04-15 09:00 UTC | manager | |
 * | Closed unassigned | Beta | 03-08 | completed 03-09 12:00 UTC | nobody | |
 */
export interface ReportsDataSet {
  cast: Cast;
  alpha: number;
  beta: number;
  milestoneId: number;
  ids: Record<string, number>;
}

async function complete(db: Kysely<Database>, cast: Cast, projectId: number, taskId: number, at: string): Promise<void> {
  const response = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/tasks/${taskId}/change-status`, payload: { status: 1 } });
  if (response.statusCode !== 200) throw new Error(`completing failed: ${response.body}`);
  await db.updateTable("tasks").set({ completed_at: at }).where("id", "=", taskId).execute();
}

/** Builds the data set through the API, then moves completion times to their known days. */
export async function seedReportsDataSet(app: FastifyInstance, db: Kysely<Database>): Promise<ReportsDataSet> {
  const cast = await createCast(app);
  const alpha = (await createProjectWithCast(cast, { title: "Alpha" })).id;
  const beta = (await createProjectWithCast(cast, { title: "Beta" })).id;
  const milestone = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${alpha}/milestones`, payload: { title: "M1", achieve_date: "2026-03-31" } });
  if (milestone.statusCode !== 200) throw new Error(`milestone failed: ${milestone.body}`);
  const milestoneId = (milestone.json() as { data: { id: number } }).data.id;
  const milestoneList = await createList(cast.manager, alpha, { title: "Milestone list", milestone: milestoneId });
  const [lists, ids] = [{ alpha: await createList(cast.manager, alpha, { title: "Alpha list" }), beta: await createList(cast.manager, beta, { title: "Beta list" }) }, {} as Record<string, number>];
  const make = async (name: string, projectId: number, payload: Record<string, unknown>) => {
    ids[name] = (await createTask(cast.manager, projectId, { title: name, ...payload })).id;
  };
  await make("Overdue one", alpha, { board_id: lists.alpha.id, due_date: "2026-03-05", assignees: [cast.coWorker.userId] });
  await make("Overdue two", alpha, { board_id: lists.alpha.id, due_date: "2026-03-20", assignees: [cast.client.userId] });
  await make("=SUM(1+1)", alpha, { board_id: lists.alpha.id, due_date: "2026-03-10", payable: true });
  await make("Milestone task", alpha, { board_id: milestoneList.id, due_date: "2026-03-12", assignees: [cast.coWorker.userId] });
  await make("Secret", alpha, { board_id: lists.alpha.id, due_date: "2026-03-15", assignees: [cast.coWorker.userId], privacy: true });
  await make("Sub-task", alpha, { board_id: lists.alpha.id, due_date: "2026-03-06", parent_id: ids["Overdue one"] });
  await make("Done early", beta, { board_id: lists.beta.id, due_date: "2026-03-01", assignees: [cast.coWorker.userId] });
  await make("Done late", beta, { board_id: lists.beta.id, due_date: "2026-04-01", assignees: [cast.manager.userId] });
  await make("Closed unassigned", beta, { board_id: lists.beta.id, due_date: "2026-03-08" });
  const pending = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${alpha}/tasks/${ids["Overdue two"]}/change-status`, payload: { status: 2 } });
  if (pending.statusCode !== 200) throw new Error(`pending failed: ${pending.body}`);
  await complete(db, cast, beta, ids["Done early"] ?? 0, "2026-03-02 10:00:00");
  await complete(db, cast, beta, ids["Done late"] ?? 0, "2026-04-15 09:00:00");
  await complete(db, cast, beta, ids["Closed unassigned"] ?? 0, "2026-03-09 12:00:00");
  return { cast, alpha, beta, milestoneId, ids };
}

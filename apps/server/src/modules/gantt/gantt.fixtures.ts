import type { GanttLink, GanttListResponse, GanttTask } from "@plotline/contracts";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { Session, TestApp } from "../../../test/helpers.js";
import { createTask } from "../tasks/tasks.fixtures.js";

/** Test helpers of the Gantt chart's API tests. */

export const ganttBase = (projectId: number) => `/api/pm-pro/v2/projects/${projectId}/gantt`;

/** The body of a 200 answer (the status is checked, with the body shown when it is not 200). */
export async function ok<T>(response: LightMyRequestResponse): Promise<T> {
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

export function post(session: Session, url: string, payload: Record<string, unknown> = {}): Promise<LightMyRequestResponse> {
  return session.inject({ method: "POST", url, payload });
}

export function get(session: Session, url: string): Promise<LightMyRequestResponse> {
  return session.inject({ method: "GET", url });
}

/** A task of the project with the given dates (YYYY-MM-DD), created by `session`. */
export async function datedTask(session: Session, projectId: number, title: string, start: string | null, due: string | null, extra: Record<string, unknown> = {}): Promise<number> {
  return (await createTask(session, projectId, { title, ...(start && { start_at: start }), ...(due && { due_date: due }), ...extra })).id;
}

/** Creates a link and answers it (a 200 is required). */
export async function link(session: Session, projectId: number, source: number, target: number, type = 0, lag?: number): Promise<GanttLink> {
  return (await ok<{ data: GanttLink }>(await post(session, ganttBase(projectId), { link: { source, target, type, ...(lag !== undefined && { lag }) } }))).data;
}

/** The chart as `session` sees it. */
export async function chart(session: Session, projectId: number): Promise<GanttListResponse> {
  return ok<GanttListResponse>(await get(session, ganttBase(projectId)));
}

/** One task of the chart as `session` sees it (undefined when not on it). */
export async function chartTask(session: Session, projectId: number, taskId: number): Promise<GanttTask | undefined> {
  return (await chart(session, projectId)).data.find((task) => task.id === taskId);
}

/** Every link row and every task's dates: compared before and after a refused call, it shows nothing was written. */
export async function snapshot(t: TestApp): Promise<string> {
  const links = await t.database.db.selectFrom("gantt_links").selectAll().orderBy("id").execute();
  const tasks = await t.database.db.selectFrom("tasks").select(["id", "start_at", "due_date", "updated_at"]).orderBy("id").execute();
  const activities = await t.database.db.selectFrom("activities").select("id").orderBy("id").execute();
  return JSON.stringify([links, tasks, activities]);
}

/** The 400's message on a field. */
export function fieldMessage(response: LightMyRequestResponse, field: string): string | undefined {
  expect(response.statusCode, response.body).toBe(400);
  return (response.json() as { data: { params: Record<string, string[]> } }).data.params[field]?.[0];
}

import type { Sprint } from "@plotline/contracts";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { createCast, type Cast } from "../../../test/factories.js";
import { createUserAndSignIn, type Session, type TestApp } from "../../../test/helpers.js";
import { createTask } from "../tasks/tasks.fixtures.js";

/**
 * The people and projects of the sprint tests. Project A: the cast's manager, co-worker and client, and
 * Cora, a co-worker who creates the sprints. Project B: Ben manages it; Cora and the co-worker work on it.
 * The cast's manager manages A only and is not a member of B.
 */
export interface SprintWorld {
  t: TestApp;
  cast: Cast;
  creator: Session;
  managerB: Session;
  projectA: number;
  projectB: number;
}

export const SPRINTS = "/api/pm-pro/v2/sprints";

export function get(session: Session, url: string): Promise<LightMyRequestResponse> {
  return session.inject({ method: "GET", url });
}

export function post(session: Session, url: string, payload?: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return session.inject({ method: "POST", url, ...(payload !== undefined && { payload }) });
}

/** The answer's JSON, failing the test on any status but 200. */
export async function ok<T>(response: LightMyRequestResponse): Promise<T> {
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

/** A project made by `admin` with these members (role 1 manager, 2 co-worker, 3 client); answers its id. */
export async function projectWith(admin: Session, title: string, members: Array<[Session, 1 | 2 | 3]>): Promise<number> {
  const response = await post(admin, "/api/pm/v2/projects", { title, assignees: members.map(([member, role]) => ({ user_id: member.userId, role_id: role })) });
  return (await ok<{ data: { id: number } }>(response)).data.id;
}

/** Builds the world on a fresh app. */
export async function buildSprintWorld(t: TestApp): Promise<SprintWorld> {
  const cast = await createCast(t.app);
  const [creator, managerB] = await Promise.all([
    createUserAndSignIn(t.app, cast.siteManager, { display_name: "Cora Creator" }),
    createUserAndSignIn(t.app, cast.siteManager, { display_name: "Ben Manager" }),
  ]);
  const projectA = await projectWith(cast.siteManager, "Apollo", [[cast.manager, 1], [cast.coWorker, 2], [cast.client, 3], [creator, 2]]);
  const projectB = await projectWith(cast.siteManager, "Borealis", [[managerB, 1], [cast.coWorker, 2], [creator, 2]]);
  return { t, cast, creator, managerB, projectA, projectB };
}

/** Plans a sprint as `session` (the world's creator by default) over project A unless told otherwise. */
export async function planSprint(world: SprintWorld, fields: Record<string, unknown> = {}, session: Session = world.creator): Promise<Sprint> {
  const body = { title: "Sprint", start_at: "2026-03-02", due_date: "2026-03-13", projects: [world.projectA], ...fields };
  return (await ok<{ data: Sprint }>(await post(session, SPRINTS, body))).data;
}

/** A task made through the API in a project, as its manager by default; answers its id. */
export async function taskIn(session: Session, projectId: number, fields: Record<string, unknown> = {}): Promise<number> {
  return (await createTask(session, projectId, fields)).id;
}

/** Adds tasks to a sprint as `session`, failing on anything but 200. */
export async function addTasks(session: Session, sprintId: number, taskIds: number[]): Promise<void> {
  await ok(await post(session, `${SPRINTS}/${sprintId}/tasks`, { task_ids: taskIds }));
}

/** One sprint as `session` reads it, with its tasks. */
export async function readSprint(session: Session, sprintId: number): Promise<Sprint> {
  return (await ok<{ data: Sprint }>(await get(session, `${SPRINTS}/${sprintId}?with=tasks`))).data;
}

/** Every row the sprint tables hold, to show that a refused call wrote nothing. */
export async function sprintTables(t: TestApp): Promise<string> {
  const db = t.database.db;
  const [sprints, projects, tasks, events] = await Promise.all([
    db.selectFrom("sprints").selectAll().orderBy("id").execute(),
    db.selectFrom("sprint_projects").selectAll().orderBy("sprint_id").orderBy("project_id").execute(),
    db.selectFrom("sprint_tasks").selectAll().orderBy("sprint_id").orderBy("task_id").execute(),
    db.selectFrom("sprint_events").selectAll().orderBy("id").execute(),
  ]);
  return JSON.stringify({ sprints, projects, tasks, events });
}

import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { Session } from "../../../test/helpers.js";

/**
 * Test helpers of the task and task-list tests: creating through the API, seeding many rows directly, and
 * saving a project's capability overrides straight into project_settings (the settings API comes later).
 */

/** A task or list as the tests read it back. */
export interface Created {
  id: number;
  [key: string]: unknown;
}

async function post(session: Session, url: string, payload: Record<string, unknown>): Promise<Created> {
  const response = await session.inject({ method: "POST", url, payload });
  if (response.statusCode !== 200) throw new Error(`POST ${url} failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: Created }).data;
}

/** Creates a task list through the API. */
export function createList(session: Session, projectId: number, payload: Record<string, unknown> = {}): Promise<Created> {
  return post(session, `/api/pm/v2/projects/${projectId}/task-lists`, { title: `List ${Math.random().toString(36).slice(2, 7)}`, ...payload });
}

/** Creates a task through the API. */
export function createTask(session: Session, projectId: number, payload: Record<string, unknown> = {}): Promise<Created> {
  return post(session, `/api/pm/v2/projects/${projectId}/tasks`, { title: `Task ${Math.random().toString(36).slice(2, 7)}`, ...payload });
}

/** Saves (or with null removes) the project's capability overrides, as the settings screen will. */
export async function saveCapabilities(db: Kysely<Database>, projectId: number, value: Record<string, Record<string, boolean>> | null): Promise<void> {
  await db.deleteFrom("project_settings").where("project_id", "=", projectId).where("key", "=", "capabilities").execute();
  if (value === null) return;
  await db.insertInto("project_settings").values({ project_id: projectId, key: "capabilities", value: JSON.stringify(value), updated_at: "2026-01-01 00:00:00" }).execute();
}

/**
 * Inserts `lists` lists of `tasksPerList` tasks (every third one complete, every second one assigned to
 * `assigneeId`) straight into the database, for tests that need many rows fast.
 */
export async function seedLists(
  db: Kysely<Database>,
  options: { projectId: number; creatorId: number; assigneeId: number; lists: number; tasksPerList: number },
): Promise<number[]> {
  const at = "2026-02-01 10:00:00";
  const listIds: number[] = [];
  for (let index = 0; index < options.lists; index += 1) {
    const list = await db
      .insertInto("task_lists")
      .values({
        project_id: options.projectId, title: `Seeded list ${index + 1}`, description: "", sort_order: index + 1, status: 1, privacy: 0,
        is_inbox: 0, milestone_id: null, created_by: options.creatorId, created_at: at, updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    listIds.push(list.id);
    if (options.tasksPerList === 0) continue;
    const tasks = await db
      .insertInto("tasks")
      .values(
        Array.from({ length: options.tasksPerList }, (_, taskIndex) => ({
          project_id: options.projectId, task_list_id: list.id, parent_id: 0, title: `Seeded task ${index + 1}.${taskIndex + 1}`, description: "",
          estimation: 0, start_at: null, due_date: null, priority: 0, complexity: 0, payable: 0, recurrent: 0,
          status: taskIndex % 3 === 2 ? 1 : 0, privacy: 0, sort_order: taskIndex, type_id: null, created_by: options.creatorId,
          completed_by: null, completed_at: taskIndex % 3 === 2 ? at : null, created_at: at, updated_at: at,
        })),
      )
      .returning("id")
      .execute();
    const assigned = tasks.filter((_, taskIndex) => taskIndex % 2 === 0);
    if (assigned.length > 0) {
      await db
        .insertInto("task_assignees")
        .values(assigned.map((task) => ({ task_id: task.id, user_id: options.assigneeId, project_id: options.projectId, assigned_at: at })))
        .execute();
    }
  }
  return listIds;
}

import { sql } from "kysely";
import { LOAD_PASSWORD, seedLoad, type LoadResult } from "../lib/load-data.js";
import type { BenchContext } from "../lib/scenario.js";
import { defineScenario } from "../lib/scenario.js";
import { createUserToken } from "../lib/site-manager.js";

/** Sub-tasks and time logs under each task of the project. */
const SUB_TASKS_PER_TASK = 3;
const LOGS_PER_TASK = 5;
/** Rows per insert statement. */
const BATCH = 500;
/** The logs are spread over this many days up to today. */
const LOG_DAYS = 60;

interface SubTaskProject {
  load: LoadResult;
  /** The member with the most logs: their timesheet is read and their timer started. */
  userId: number;
  token: string;
  /** An open task of the project assigned to that member, for the timer. */
  taskId: number;
  listId: number;
}

const stampOf = (date: Date) => date.toISOString().slice(0, 19).replace("T", " ");

/**
 * A separate project of 10,000 tasks where every task has 3 sub-tasks and 5 time logs of its assignee (or
 * its creator), written straight to the tables, as seeds are; the same shape as the 10k-task project of the
 * task-lists scenario, so the two compare.
 */
async function seedSubTaskProject(ctx: BenchContext): Promise<SubTaskProject> {
  const { db, kind } = ctx.plotline.database;
  const manager = await db.selectFrom("users").select("id").where("manage_pm", "=", 1).orderBy("id").executeTakeFirstOrThrow();
  const load = await seedLoad(ctx.plotline.database, { projects: 1, tasks: 10_000, bigProjectTasks: 10_000, users: 8, managerId: manager.id });
  const projectId = load.bigProjectId;
  const tasks = await db.selectFrom("tasks")
    .leftJoin("task_assignees", "task_assignees.task_id", "tasks.id")
    .select(["tasks.id", "tasks.task_list_id", "tasks.created_by", "tasks.privacy", "tasks.status", "task_assignees.user_id"])
    .where("tasks.project_id", "=", projectId).where("tasks.parent_id", "=", 0)
    .orderBy("tasks.id")
    .execute();
  const firstOfTask = new Map<number, (typeof tasks)[number]>();
  for (const task of tasks) if (!firstOfTask.has(task.id)) firstOfTask.set(task.id, task);
  const now = new Date();
  const at = stampOf(now);

  const subTasks = [...firstOfTask.values()].flatMap((task) =>
    Array.from({ length: SUB_TASKS_PER_TASK }, (_, i) => ({
      project_id: projectId, task_list_id: task.task_list_id, parent_id: task.id, title: `Step ${i + 1}`, description: "",
      estimation: 30 * (i + 1), start_at: null, due_date: null, priority: 0, complexity: 0, payable: 0, recurrent: 0,
      status: i === 0 ? 1 : 0, privacy: task.privacy, sort_order: i, type_id: null, created_by: task.created_by,
      completed_by: i === 0 ? task.created_by : null, completed_at: i === 0 ? at : null, created_at: at, updated_at: at,
    })));
  for (let offset = 0; offset < subTasks.length; offset += BATCH) await db.insertInto("tasks").values(subTasks.slice(offset, offset + BATCH)).execute();

  const logs = [...firstOfTask.values()].flatMap((task, t) =>
    Array.from({ length: LOGS_PER_TASK }, (_, i) => {
      const started = new Date(now.getTime() - ((t * LOGS_PER_TASK + i) % LOG_DAYS) * 86_400_000 - 3 * 3_600_000);
      const seconds = 900 + ((t + i) % 8) * 600;
      return {
        task_id: task.id, project_id: projectId, user_id: task.user_id ?? task.created_by,
        started_at: stampOf(started), stopped_at: stampOf(new Date(started.getTime() + seconds * 1000)), total_seconds: seconds,
        run_status: 0, day: stampOf(started).slice(0, 10), note: "", source: "timer", stopped_by_cap: 0, cap_seen_at: null,
        created_at: at, updated_at: at,
      };
    }));
  for (let offset = 0; offset < logs.length; offset += BATCH) await db.insertInto("time_logs").values(logs.slice(offset, offset + BATCH)).execute();
  await sql.raw(kind === "postgres" ? "vacuum analyze" : "analyze").execute(db);

  // The co-worker with the most logged tasks who has an open public task to time (clients log no time).
  const coWorkers = new Set((await db.selectFrom("project_members").select("user_id")
    .where("project_id", "=", projectId).where("role_id", "=", 2).execute()).map((row) => row.user_id));
  const logged = new Map<number, number>();
  for (const task of firstOfTask.values()) if (task.user_id !== null && coWorkers.has(task.user_id)) logged.set(task.user_id, (logged.get(task.user_id) ?? 0) + 1);
  const openTaskOf = (userId: number) => [...firstOfTask.values()].find((task) => task.user_id === userId && task.status === 0 && task.privacy === 0);
  const busiest = [...logged.entries()].sort((a, b) => b[1] - a[1]).map(([userId]) => userId).find((userId) => openTaskOf(userId) !== undefined);
  const open = busiest === undefined ? undefined : openTaskOf(busiest);
  if (busiest === undefined || !open) throw new Error("no co-worker assignee has an open public task");
  const user = await db.selectFrom("users").select("email").where("id", "=", busiest).executeTakeFirstOrThrow();
  const token = await createUserToken(ctx.plotline.origin, { email: user.email, password: LOAD_PASSWORD });
  return { load, userId: busiest, token, taskId: open.id, listId: open.task_list_id };
}

let subTaskProject: Promise<SubTaskProject> | null = null;
const ensureSubTaskProject = (ctx: BenchContext) => (subTaskProject ??= seedSubTaskProject(ctx));

/** The task-lists page of the 10k-task project whose tasks each have 3 sub-tasks and 5 time logs. */
export const taskListsWithSubTasks = defineScenario({
  name: "task lists, 10k tasks + 30k sub-tasks + 50k logs",
  target: "plotline",
  seed: ensureSubTaskProject,
  request: (ctx, seeded) => ({
    method: "GET",
    path: `/api/pm/v2/projects/${seeded.load.bigProjectId}/task-lists?with=incomplete_tasks&incomplete_task_per_page=20`,
    headers: ctx.plotline.authHeaders,
  }),
});

/**
 * Starting and stopping one's timer on a task, in turn: each stop writes a log. One connection, as a person
 * has one timer: two connections would start it twice or stop it twice, which are refused.
 */
export const timerStartStop = defineScenario({
  name: "POST time start + stop (1 connection)",
  target: "plotline",
  connections: 1,
  seed: ensureSubTaskProject,
  request: (_ctx, seeded) => {
    const headers = { authorization: `Bearer ${seeded.token}` };
    return [
      { method: "POST", path: "/api/pm-pro/v2/time/", headers, body: { task_id: seeded.taskId, project_id: seeded.load.bigProjectId, list_id: seeded.listId } },
      { method: "POST", path: "/api/pm-pro/v2/time/update", headers, body: { task_id: seeded.taskId } },
    ];
  },
});

/** A month of the busiest member's timesheet (about 2,800 logs in 31 days). */
export const timesheetMonth = defineScenario({
  name: "GET timesheet, 31 days",
  target: "plotline",
  seed: ensureSubTaskProject,
  request: (_ctx, seeded) => {
    const start = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    return { method: "GET", path: `/api/pm-pro/v2/timesheet?start=${start}&days=31`, headers: { authorization: `Bearer ${seeded.token}` } };
  },
});

import { seedLoad } from "./load-data.js";
import { runLoad } from "./load-run.js";
import { withPeakRss } from "./peak-rss.js";
import { startPlotline } from "./plotline-server.js";
import type { ScenarioRequest } from "./scenario.js";
import { BENCH_PASSWORD, createSiteManagerToken, createUserToken } from "./site-manager.js";
import { sendOk } from "./http-client.js";
import type { Teardown } from "./teardown.js";

/** One minute (or `seconds`) of the mixed load. */
export interface GrowthMinute {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** SQL statements per request over the whole minute. */
  sqlPerRequest: number;
  /** Highest resident memory of the process during the minute, in MiB. */
  rssPeakMiB: number;
  /** Tasks and comments in the project at the end of the minute. */
  tasks: number;
  comments: number;
}

/**
 * What a co-worker's browser sends through a working day, in proportion: mostly the task lists page, tasks,
 * one task and the projects page, with one task created and one comment written every 16 requests.
 */
function coWorkerDay(projectId: number, listId: number, taskId: number, token: string): ScenarioRequest[] {
  const headers = { authorization: `Bearer ${token}` };
  const get = (path: string): ScenarioRequest => ({ method: "GET", path, headers });
  return [
    get("/api/auth/me"),
    get(`/api/pm/v2/projects/${projectId}/task-lists?with=incomplete_tasks&incomplete_task_per_page=20`),
    get(`/api/pm/v2/projects/${projectId}/tasks/${taskId}`),
    get("/api/pm/v2/projects"),
    { method: "POST", path: `/api/pm/v2/projects/${projectId}/tasks`, headers, body: { title: "Growth task", board_id: listId, due_date: "2030-01-15" } },
    get(`/api/pm/v2/projects/${projectId}/task-lists?with=incomplete_tasks&incomplete_task_per_page=20`),
    get(`/api/pm/v2/tasks?project_id=${projectId}&status=0&per_page=20`),
    get(`/api/pm/v2/projects/${projectId}/activities?per_page=20`),
    get("/api/auth/me"),
    get(`/api/pm/v2/projects/${projectId}`),
    get(`/api/pm/v2/projects/${projectId}/task-lists/${listId}`),
    {
      method: "POST",
      path: `/api/pm/v2/projects/${projectId}/comments`,
      headers,
      body: { commentable_type: "task", commentable_id: taskId, content: "<p>Growth comment</p>" },
    },
    get(`/api/pm/v2/projects/${projectId}/task-lists?with=incomplete_tasks&incomplete_task_per_page=20`),
    get(`/api/pm/v2/projects/${projectId}/tasks/${taskId}`),
    get(`/api/pm/v2/projects/${projectId}/comments?commentable_type=task&commentable_id=${taskId}`),
    get(`/api/pm/v2/projects/${projectId}/milestones`),
  ];
}

/**
 * Runs `minutes` back-to-back runs of the mixed load on a fresh Plotline holding the 1,000-task project, as
 * one co-worker with `connections` connections, and reports each: if the app slows down as the data grows,
 * the later minutes show it.
 */
export async function measureGrowth(teardown: Teardown, options: { minutes: number; seconds: number; connections: number }): Promise<GrowthMinute[]> {
  const plotline = await startPlotline(teardown);
  const managerToken = await createSiteManagerToken(plotline.origin);
  const db = plotline.database.db;
  const manager = await db.selectFrom("users").select("id").where("manage_pm", "=", 1).executeTakeFirstOrThrow();
  const load = await seedLoad(plotline.database, { projects: 1, tasks: 1_000, bigProjectTasks: 1_000, users: 8, managerId: manager.id });
  const projectId = load.bigProjectId;

  // The co-worker signs in as a person would; their membership is written straight to the table, as seeds are.
  const login = { email: "growth.coworker@example.test", password: BENCH_PASSWORD };
  const created = await sendOk(plotline.origin, {
    method: "POST",
    path: "/api/pm/v2/users",
    headers: { authorization: `Bearer ${managerToken}` },
    body: { display_name: "Growth Coworker", ...login, manage_pm: false },
  });
  const coWorkerId = (created.body as { data: { id: number } }).data.id;
  await db.insertInto("project_members").values({ project_id: projectId, user_id: coWorkerId, role_id: 2, created_at: new Date().toISOString().slice(0, 19).replace("T", " ") }).execute();
  const token = await createUserToken(plotline.origin, login);

  const list = await db.selectFrom("task_lists").select("id").where("project_id", "=", projectId).where("is_inbox", "=", 0).orderBy("id").executeTakeFirstOrThrow();
  const task = await db.selectFrom("tasks").select("id").where("task_list_id", "=", list.id).where("privacy", "=", 0).orderBy("id").executeTakeFirstOrThrow();
  const cycle = coWorkerDay(projectId, list.id, task.id, token);

  const count = async (table: "tasks" | "comments") =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).where("project_id", "=", projectId).executeTakeFirstOrThrow()).n);

  const minutes: GrowthMinute[] = [];
  for (let minute = 0; minute < options.minutes; minute += 1) {
    const statementsBefore = plotline.queries.count;
    const { result: figures, rssPeakMiB } = await withPeakRss(() =>
      runLoad({ origin: plotline.origin, request: cycle, connections: options.connections, seconds: options.seconds }),
    );
    const statements = plotline.queries.count - statementsBefore;
    minutes.push({
      requestsPerSecond: figures.requestsPerSecond,
      p50Ms: figures.p50Ms,
      p99Ms: figures.p99Ms,
      sqlPerRequest: figures.totalRequests > 0 ? statements / figures.totalRequests : 0,
      rssPeakMiB,
      tasks: await count("tasks"),
      comments: await count("comments"),
    });
  }
  return minutes;
}

/** The minutes as a table, with the last minute's throughput against the first's. */
export function formatGrowth(minutes: readonly GrowthMinute[]): string {
  const header = "minute  req/s  p50 ms  p99 ms  SQL/req  RSS MiB   tasks  comments";
  const lines = minutes.map((minute, index) =>
    [
      String(index + 1).padStart(6),
      minute.requestsPerSecond.toFixed(0).padStart(6),
      minute.p50Ms.toFixed(1).padStart(7),
      minute.p99Ms.toFixed(1).padStart(7),
      minute.sqlPerRequest.toFixed(2).padStart(8),
      minute.rssPeakMiB.toFixed(0).padStart(8),
      String(minute.tasks).padStart(7),
      String(minute.comments).padStart(9),
    ].join(" "),
  );
  const first = minutes[0];
  const last = minutes[minutes.length - 1];
  const change = first && last && first.requestsPerSecond > 0 ? `\nLast minute at ${((last.requestsPerSecond / first.requestsPerSecond) * 100).toFixed(0)}% of the first's requests/s.` : "";
  return `${header}\n${lines.join("\n")}${change}`;
}

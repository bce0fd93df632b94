import { sql } from "kysely";
import { addDays } from "../../packages/contracts/src/index.js";
import { defineScenario, type BenchContext } from "../lib/scenario.js";
import { assignEveryOther } from "../lib/seed-tasks.js";

/** Tasks of the project: 4,000 top-level and 1,000 sub-tasks. */
const TASKS = 5000;
const SUB_TASKS = 1000;
/** Links: a chain of 1,000 successors, and 4,000 more between other tasks. */
const CHAIN = 1000;
const LINKS = 5000;
/** Task lists the tasks are spread over. */
const LISTS = 20;
/** Rows per insert statement. */
const BATCH = 500;

interface GanttProject {
  projectId: number;
  /** The first task of the chain: moving it pushes the 1,000 after it. */
  chainHead: number;
  /** A task away from the chain, renamed by the scenario that reads the chart after a change. */
  loose: number;
}

const stampOf = (date: Date) => date.toISOString().slice(0, 19).replace("T", " ");

/** A deterministic pseudo-random sequence (mulberry32), so every run seeds the same project. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A project made through the API, then 20 lists, 5,000 dated tasks (every other one assigned, every
 * seventh one private, one in five a sub-task) and 5,000 links written straight to the tables; the project
 * works Monday to Friday. The first 1,001 tasks form a chain of finish-to-start links, all on the same two
 * days, so moving its head pushes all 1,000 successors; the other links go from a task to a later one (so
 * they form no cycle), of every kind and with lags.
 */
export async function seedGantt(ctx: BenchContext): Promise<GanttProject> {
  const { db, kind } = ctx.plotline.database;
  const manager = await db.selectFrom("users").select("id").where("manage_pm", "=", 1).orderBy("id").executeTakeFirstOrThrow();
  const project = (await ctx.plotline.api("POST", "/api/pm/v2/projects", { title: "Gantt bench" })) as { data: { id: number } };
  const projectId = project.data.id;
  await ctx.plotline.api("POST", `/api/pm/v2/projects/${projectId}/settings`, { key: "working_days", value: [1, 2, 3, 4, 5] });
  const at = stampOf(new Date());
  const next = random(17);

  const lists = await db.insertInto("task_lists").values(Array.from({ length: LISTS }, (_, index) => ({
    project_id: projectId, title: `Phase ${index + 1}`, description: "", sort_order: index + 1, status: 1, privacy: 0, is_inbox: 0,
    milestone_id: null, created_by: manager.id, created_at: at, updated_at: at,
  }))).returning("id").execute();

  const topLevel = TASKS - SUB_TASKS;
  const rowOf = (index: number, parent: { id: number; list: number; privacy: number } | null) => {
    const inChain = index <= CHAIN;
    const start = inChain ? "2026-01-05" : addDays("2026-01-05", Math.floor(next() * 400));
    const privacy = parent ? parent.privacy : index % 7 === 6 ? 1 : 0;
    const status = index % 9 === 8 ? 1 : 0;
    return {
      project_id: projectId, task_list_id: parent ? parent.list : lists[index % LISTS]?.id ?? 0, parent_id: parent?.id ?? 0,
      title: `${parent ? "Step" : "Work"} ${index + 1}`, description: "", estimation: 60 * (index % 8), start_at: start,
      due_date: inChain ? "2026-01-06" : addDays(start, Math.floor(next() * 15)), priority: 0, complexity: 0, payable: 0, recurrent: 0,
      status, privacy, sort_order: index, type_id: null, created_by: manager.id, completed_by: status === 1 ? manager.id : null,
      completed_at: status === 1 ? at : null, created_at: at, updated_at: at,
    };
  };
  const ids: number[] = [];
  const parents: Array<{ id: number; list: number; privacy: number }> = [];
  const tops = Array.from({ length: topLevel }, (_, index) => rowOf(index, null));
  for (let offset = 0; offset < tops.length; offset += BATCH) {
    const inserted = await db.insertInto("tasks").values(tops.slice(offset, offset + BATCH)).returning(["id", "task_list_id", "privacy"]).execute();
    for (const row of inserted) {
      ids.push(row.id);
      parents.push({ id: row.id, list: row.task_list_id, privacy: row.privacy });
    }
  }
  // Sub-tasks under tasks past the chain, so the chain's tasks stay top-level.
  const subs = Array.from({ length: SUB_TASKS }, (_, index) => rowOf(topLevel + index, parents[CHAIN + 1 + (index % (topLevel - CHAIN - 1))] ?? null));
  for (let offset = 0; offset < subs.length; offset += BATCH) {
    const inserted = await db.insertInto("tasks").values(subs.slice(offset, offset + BATCH)).returning("id").execute();
    ids.push(...inserted.map((row) => row.id));
  }
  await assignEveryOther(db, ids, manager.id, projectId, at);

  const pairs = new Set<string>();
  const links: Array<{ source: number; target: number; type: number; lag: number }> = [];
  for (let index = 0; index < CHAIN; index += 1) links.push({ source: ids[index] ?? 0, target: ids[index + 1] ?? 0, type: 0, lag: 0 });
  while (links.length < LINKS) {
    const a = CHAIN + 1 + Math.floor(next() * (TASKS - CHAIN - 1));
    const b = CHAIN + 1 + Math.floor(next() * (TASKS - CHAIN - 1));
    if (a === b || pairs.has(`${Math.min(a, b)}:${Math.max(a, b)}`)) continue;
    pairs.add(`${Math.min(a, b)}:${Math.max(a, b)}`);
    links.push({ source: ids[Math.min(a, b)] ?? 0, target: ids[Math.max(a, b)] ?? 0, type: links.length % 4, lag: (links.length % 5) - 1 });
  }
  const rows = links.map((link) => ({ project_id: projectId, ...link, creator: manager.id, created_at: at }));
  for (let offset = 0; offset < rows.length; offset += BATCH) await db.insertInto("gantt_links").values(rows.slice(offset, offset + BATCH)).execute();
  await sql.raw(kind === "postgres" ? "vacuum analyze" : "analyze").execute(db);
  return { projectId, chainHead: ids[0] ?? 0, loose: ids[TASKS - SUB_TASKS - 1] ?? 0 };
}

let seeded: Promise<GanttProject> | null = null;
const ensureGantt = (ctx: BenchContext) => (seeded ??= seedGantt(ctx));

/** The Gantt chart's data of a 5,000-task, 5,000-link project, as the chart opens it. */
export const ganttChart = defineScenario({
  name: "GET gantt, 5k tasks + 5k links",
  target: "plotline",
  seed: ensureGantt,
  request: (ctx, project) => ({ method: "GET", path: `/api/pm-pro/v2/projects/${project.projectId}/gantt`, headers: ctx.plotline.authHeaders }),
});

/**
 * The successors a reschedule would move after the chain's head moved: 1,000 tasks, in working days
 * (apply: false, as the chart asks before it moves them).
 */
export const ganttRescheduleChain = defineScenario({
  name: "POST gantt reschedule, 1k-successor chain (apply: false)",
  target: "plotline",
  seed: ensureGantt,
  request: (ctx, project) => ({
    method: "POST",
    path: `/api/pm-pro/v2/projects/${project.projectId}/gantt/reschedule`,
    headers: ctx.plotline.authHeaders,
    body: { task_id: project.chainHead, apply: false },
  }),
});

/**
 * A task renamed, then the chart read again, in turn (one connection): every read follows a change, so none
 * is served from what the server keeps. What the chart costs while someone drags bars.
 */
export const ganttChartAfterChange = defineScenario({
  name: "gantt task update + chart read after it (1 connection)",
  target: "plotline",
  connections: 1,
  seed: ensureGantt,
  request: (ctx, project) => {
    const headers = ctx.plotline.authHeaders;
    const update = `/api/pm/v2/projects/${project.projectId}/tasks/${project.loose}/update`;
    const chart = `/api/pm-pro/v2/projects/${project.projectId}/gantt`;
    return [
      { method: "POST", path: update, headers, body: { title: "Renamed once" } },
      { method: "GET", path: chart, headers },
      { method: "POST", path: update, headers, body: { title: "Renamed twice" } },
      { method: "GET", path: chart, headers },
    ];
  },
});

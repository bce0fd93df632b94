import { sql } from "kysely";
import type { LoadResult } from "./load-data.js";
import type { BenchContext } from "./scenario.js";
import { ensureBigLoad } from "./shared-load.js";

/** What the report scenarios read on top of the 100,000 tasks. */
export const REPORT_LOAD = { activities: 1_000_000, timeLogShare: 0.3, milestones: 5 } as const;

/** The big load plus what reports read, and the ids the report scenarios aim at. */
export interface ReportLoad extends LoadResult {
  /** The site manager, whose exports the bench asks for. */
  managerId: number;
  /** A co-worker of the big project with assigned tasks, activities and time logs. */
  memberId: number;
  /** A milestone of the big project holding a fifth of its lists. */
  milestoneId: number;
}

const DAY_MS = 24 * 3600 * 1000;
const ACTIONS = ["create", "update", "update", "update", "complete", "incomplete", "update"] as const;

function stamp(date: Date): string {
  return date.toISOString().slice(0, 19).replace("T", " ");
}

// The same fixed-seed generator as the task load: runs compare.
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

let reportLoad: Promise<ReportLoad> | null = null;

/**
 * Seeds, once, what the report scenarios need on top of the 100,000 tasks: 1,000,000 activities over the last
 * 180 days (by the projects' members, on their tasks), a time log on about 30% of the assigned tasks, and
 * milestones in the big project. Rows are written in batches straight to the tables, as the task load is;
 * the activity counters' triggers run for each row, as they would in use.
 */
export function ensureReportLoad(ctx: BenchContext): Promise<ReportLoad> {
  reportLoad ??= ensureBigLoad(ctx).then((load) => seedReportLoad(ctx, load));
  return reportLoad;
}

async function seedReportLoad(ctx: BenchContext, load: LoadResult): Promise<ReportLoad> {
  const { db, kind } = ctx.plotline.database;
  const rand = random(20_260_101);
  const now = Date.now();
  const manager = await db.selectFrom("users").select("id").where("manage_pm", "=", 1).orderBy("id").executeTakeFirstOrThrow();
  const assigned = await db
    .selectFrom("task_assignees")
    .innerJoin("tasks", "tasks.id", "task_assignees.task_id")
    .select(["tasks.id", "tasks.project_id", "tasks.title", "task_assignees.user_id"])
    .orderBy("tasks.id")
    .execute();
  if (assigned.length === 0) throw new Error("the task load has no assigned tasks");

  // Activities: each on an assigned task, by its assignee, at a random moment of the last 180 days.
  const batch = 1000;
  for (let start = 0; start < REPORT_LOAD.activities; start += batch) {
    const rows = Array.from({ length: Math.min(batch, REPORT_LOAD.activities - start) }, () => {
      const task = assigned[Math.floor(rand() * assigned.length)] ?? assigned[0]!;
      const action = ACTIONS[Math.floor(rand() * ACTIONS.length)] ?? "update";
      return {
        project_id: task.project_id,
        actor_id: task.user_id,
        action: `${action}_task`,
        action_type: action,
        resource_type: "task",
        resource_id: task.id,
        subject_type: "task",
        subject_id: task.id,
        privacy_scope: null,
        message: `A member changed the task ${task.title}`,
        meta: "{}",
        committed_at: stamp(new Date(now - Math.floor(rand() * 180 * DAY_MS))),
        title: task.title,
        changes: null,
        event_id: null,
      };
    });
    await db.insertInto("activities").values(rows).execute();
  }

  // Time logs on about 30% of the assigned tasks, each within the last 60 days.
  const logs = assigned.filter(() => rand() < REPORT_LOAD.timeLogShare).map((task) => {
    const startedAt = new Date(now - Math.floor(rand() * 60 * DAY_MS));
    const seconds = (1 + Math.floor(rand() * 16)) * 900;
    return {
      task_id: task.id,
      project_id: task.project_id,
      user_id: task.user_id,
      started_at: stamp(startedAt),
      stopped_at: stamp(new Date(startedAt.getTime() + seconds * 1000)),
      total_seconds: seconds,
      run_status: 0,
      day: startedAt.toISOString().slice(0, 10),
      note: "",
      source: "custom",
      stopped_by_cap: 0,
      cap_seen_at: null,
      created_at: stamp(startedAt),
      updated_at: stamp(startedAt),
    };
  });
  for (let start = 0; start < logs.length; start += batch) await db.insertInto("time_logs").values(logs.slice(start, start + batch)).execute();

  // Milestones in the big project; the first holds every fifth list.
  const created = stamp(new Date(now));
  const milestoneIds: number[] = [];
  for (let m = 0; m < REPORT_LOAD.milestones; m += 1) {
    const row = await db
      .insertInto("milestones")
      .values({ project_id: load.bigProjectId, title: `Release ${m + 1}`, description: "", achieve_date: stamp(new Date(now + (m + 1) * 30 * DAY_MS)).slice(0, 10), status: 0, privacy: 0, sort_order: m, created_by: manager.id, created_at: created, updated_at: created })
      .returning("id")
      .executeTakeFirstOrThrow();
    milestoneIds.push(row.id);
  }
  const lists = await db.selectFrom("task_lists").select("id").where("project_id", "=", load.bigProjectId).where("is_inbox", "=", 0).orderBy("id").execute();
  for (const [index, list] of lists.entries()) {
    await db.updateTable("task_lists").set({ milestone_id: milestoneIds[index % milestoneIds.length] ?? null }).where("id", "=", list.id).execute();
  }

  await sql.raw(kind === "postgres" ? "vacuum analyze" : "analyze").execute(db);
  const member = assigned.find((task) => task.project_id === load.bigProjectId && task.user_id !== manager.id) ?? assigned[0]!;
  return { ...load, managerId: manager.id, memberId: member.user_id, milestoneId: milestoneIds[0] ?? 0 };
}

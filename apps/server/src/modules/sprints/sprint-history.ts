import { sprintBurndown, type SprintBurndownAnswer, type SprintEventKind, type SprintScopeEvent } from "@plotline/contracts";
import type { Insertable } from "kysely";
import type { AppContext } from "../../context.js";
import { nowUtc, toDateObject } from "../../lib/dates.js";
import { holds, PRIVATE_CAPABILITIES, type PrivacyView, type PrivateCapability } from "../privacy/privacy.rules.js";
import type { ProjectAccess } from "../projects/project-access.js";
import { readCache } from "../../shared/read-cache.js";
import { privacyView, taskPolicy } from "../tasks/tasks.policy.js";
import { viewsKey, type ReadableSprint } from "./sprint-reader.js";
import { sprintStatusOf } from "./sprints.presenter.js";
import { sprintEventsRepository, type ScopeEventRow } from "./sprint-events.repository.js";
import type { SprintEventsTable } from "./sprints.tables.js";

/** The site's day (`YYYY-MM-DD`) a stored UTC timestamp falls on. */
export function siteDay(stamp: string, timezone: string): string {
  const local = toDateObject(stamp, timezone);
  if (!local) throw new Error(`No day for the timestamp ${stamp}`);
  return local.date;
}

/** Today in the site's time zone. */
export function today(timezone: string): string {
  return siteDay(nowUtc(), timezone);
}

/** What one scope event says, before it is written. */
export interface ScopeChange {
  sprintId: number;
  taskId: number;
  projectId: number;
  kind: SprintEventKind;
  estimation: number;
  complete: boolean;
  privacyScope: string | null;
}

/** The row of a scope event that happened at `at` (UTC), on the site's day of it; `sourceEventId` for a subscriber's. */
export function eventRow(change: ScopeChange, at: string, timezone: string, sourceEventId: number | null = null): Insertable<SprintEventsTable> {
  return {
    sprint_id: change.sprintId,
    task_id: change.taskId,
    project_id: change.projectId,
    kind: change.kind,
    day: siteDay(at, timezone),
    estimation: change.estimation,
    complete: change.complete ? 1 : 0,
    privacy_scope: change.privacyScope,
    at,
    source_event_id: sourceEventId,
  };
}

/** A stored event as the burndown reads it. */
export function scopeEvent(row: ScopeEventRow): SprintScopeEvent {
  const kind = row.kind as SprintEventKind;
  return { task_id: row.task_id, kind, day: row.day, estimation: row.estimation, complete: row.complete === 1 };
}

/** The capabilities a stored privacy scope stands for: the activities' own names (`view_private_task`, `list+task`). */
function capabilitiesOfScope(scope: string): PrivateCapability[] {
  const named = PRIVATE_CAPABILITIES.find((capability) => capability === scope);
  if (named) return [named];
  // A part that names no capability (a scope written by a later version) hides rather than shows.
  return scope.split("+").map((part) => PRIVATE_CAPABILITIES.find((capability) => capability === `view_private_${part}`) ?? "view_private_task");
}

/** Whether a reader with this view may see a task that is gone, by the scope its last event kept. */
function seesGoneTask(view: PrivacyView, scope: string | null): boolean {
  return scope === null || capabilitiesOfScope(scope).every((capability) => holds(view, capability));
}

const VISIBILITY_TABLES = ["sprint_events", "sprints", "sprint_projects", "tasks", "task_lists"] as const;

/**
 * A sprint's burndown for one reader: its history less the tasks the reader may not see (tasks of projects
 * they may not enter, private tasks and tasks of private lists they may not see; a deleted task by the
 * privacy its last event kept). Kept per sprint and privacy view until the history or a task's privacy changes.
 */
export function sprintBurndownReader(ctx: AppContext) {
  const events = sprintEventsRepository(ctx.db);
  const kept = readCache<{ answer: SprintBurndownAnswer["data"] }>(ctx.tables, { dependsOn: VISIBILITY_TABLES, maxWeight: 2_000 });

  async function visibleEvents(sprint: ReadableSprint): Promise<SprintScopeEvent[]> {
    const rows = await events.eventsOf(sprint.row.id);
    const byProject = new Map<number, ProjectAccess>(sprint.accesses.map((projectAccess) => [projectAccess.projectId, projectAccess]));
    const taskIds = [...new Set(rows.map((row) => row.task_id))];
    const live = new Map((await events.livePrivacy(taskIds)).map((task) => [task.id, task]));
    const lastScope = new Map<number, string | null>();
    for (const row of rows) lastScope.set(row.task_id, row.privacy_scope);
    const visible = new Set<number>();
    for (const row of rows) {
      if (visible.has(row.task_id)) continue;
      const projectAccess = byProject.get(row.project_id);
      if (!projectAccess) continue;
      const view = privacyView(projectAccess);
      const task = live.get(row.task_id);
      const sees = task ? taskPolicy.canSee(view, task, { privacy: task.list_privacy }) : seesGoneTask(view, lastScope.get(row.task_id) ?? null);
      if (sees) visible.add(row.task_id);
    }
    return rows.filter((row) => visible.has(row.task_id)).map(scopeEvent);
  }

  return {
    async burndown(sprint: ReadableSprint): Promise<SprintBurndownAnswer["data"]> {
      const { row } = sprint;
      const day = today(ctx.config.timezone);
      // Today is part of the key: an active sprint's figures reach one more day at midnight.
      const result = await kept.get(`${row.id}|${day}|${viewsKey(sprint.accesses)}`, async () => {
        const burndown = sprintBurndown({
          status: sprintStatusOf(row.status),
          start_at: row.start_at,
          due_date: row.due_date,
          started_day: row.started_day,
          completed_day: row.completed_day,
          today: day,
          events: await visibleEvents(sprint),
        });
        return {
          answer: {
            sprint_id: row.id, status: sprintStatusOf(row.status), start_at: row.start_at, due_date: row.due_date, today: day,
            days: burndown.days, summary: burndown.summary, task_ids: burndown.task_ids,
          },
        };
      });
      return result.answer;
    },
  };
}

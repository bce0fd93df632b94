import {
  SPRINT_MAX_TASKS,
  taskStandings,
  type AddSprintTasksAnswer,
  type AddSprintTasksBody,
  type CompleteSprintAnswer,
  type CompleteSprintBody,
  type Sprint,
} from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { AppContext } from "../../context.js";
import type { Database } from "../../db/schema.js";
import { transact } from "../../events/record-event.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden, invalidField, notFound, say } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import type { ProjectAccess, ProjectAccessService } from "../projects/project-access.js";
import { privacyView, taskPolicy, taskPrivacyScope } from "../tasks/tasks.policy.js";
import { eventRow, scopeEvent, siteDay, type ScopeChange } from "./sprint-history.js";
import { sprintEventsRepository } from "./sprint-events.repository.js";
import type { ReadableSprint, SprintReader } from "./sprint-reader.js";
import { sprintPolicy } from "./sprints.policy.js";
import { isForeignKeyViolation, isUniqueViolation, sprintsRepository, type SprintTaskFacts } from "./sprints.repository.js";
import type { SprintRow } from "./sprints.tables.js";

/** The privacy scope a task's events keep (the activities' own), from its flag and its list's. */
function scopeOf(task: { privacy: number; list_privacy: number }): string | null {
  return taskPrivacyScope({ privacy: task.privacy }, { privacy: task.list_privacy });
}

/**
 * Changes to what sprints hold (README.md): adding and taking out tasks, starting (the scope snapshot) and
 * completing (carry-over). Each runs in one transaction that first holds the sprints it touches, then checks
 * their state again, so that on PostgreSQL two of them on one sprint happen one after the other; the
 * one-open-sprint index settles two adds of one task to two sprints at once.
 */
export function sprintScope(ctx: AppContext, access: ProjectAccessService, reader: SprintReader) {
  const timezone = ctx.config.timezone;

  /** The sprint as it is inside the transaction, after holding it: 404 when it was deleted meanwhile. */
  async function heldSprint(trx: Kysely<Database>, sprintIds: readonly number[], sprintId: number): Promise<SprintRow> {
    const repository = sprintsRepository(trx, ctx.kind);
    await repository.lockSprints(sprintIds);
    const row = await repository.findSprint(sprintId);
    if (!row) throw notFound(say("sprints.sprint_not_found"));
    return row;
  }

  /** The 409 of tasks already in another open sprint, naming the first such sprint and the tasks, in the order asked. */
  function inOtherSprint(memberships: ReadonlyArray<{ task_id: number; title: string }>, asked: readonly number[]): AppError {
    const taken = new Set(memberships.map((membership) => membership.task_id));
    const ids = asked.filter((id) => taken.has(id));
    const first = memberships.find((membership) => membership.task_id === ids[0]);
    return new AppError("conflict", say("sprints.task_in_other_sprint", { title: first?.title ?? "", ids: ids.join(", ") }));
  }

  /** Tasks of the sprint's projects the actor may enter and see, by id; the others are a 400 naming them. */
  async function visibleTasks(sprint: ReadableSprint, taskIds: readonly number[]): Promise<Map<number, SprintTaskFacts & { access: ProjectAccess }>> {
    const byProject = new Map(sprint.accesses.map((projectAccess) => [projectAccess.projectId, projectAccess]));
    const found = new Map<number, SprintTaskFacts & { access: ProjectAccess }>();
    for (const fact of await sprintsRepository(ctx.db, ctx.kind).taskFacts(taskIds)) {
      const projectAccess = byProject.get(fact.project_id);
      if (projectAccess && taskPolicy.canSee(privacyView(projectAccess), fact, { privacy: fact.list_privacy })) found.set(fact.id, { ...fact, access: projectAccess });
    }
    return found;
  }

  async function addTasks(actor: Actor, sprintId: number, input: AddSprintTasksBody): Promise<AddSprintTasksAnswer> {
    const sprint = await reader.requireReadable(actor, sprintId);
    if (!sprint.accesses.some((projectAccess) => sprintPolicy.canChangeTasksOf(actor, sprint.row, projectAccess))) throw forbidden(say("sprints.who_may_change_tasks"));
    if (sprint.row.status === "completed") throw new AppError("rule_broken", say("sprints.completed_keeps_tasks"));
    const tasks = await visibleTasks(sprint, input.task_ids);
    const strangers = input.task_ids.filter((id) => !tasks.has(id));
    if (strangers.length > 0) throw invalidField("task_ids", say("sprints.tasks_not_found", { strangers: strangers.join(", ") }));
    if ([...tasks.values()].some((task) => task.parent_id !== 0)) throw invalidField("task_ids", say("sprints.sub_tasks_not_in_sprint"));
    if ([...tasks.values()].some((task) => !sprintPolicy.canChangeTasksOf(actor, sprint.row, task.access))) throw forbidden(say("sprints.who_may_change_tasks"));
    let added: number[] = [];
    try {
      added = await transact(ctx, async (trx) => {
        const repository = sprintsRepository(trx, ctx.kind);
        const row = await heldSprint(trx, [sprintId], sprintId);
        if (row.status === "completed") throw new AppError("rule_broken", say("sprints.completed_keeps_tasks"));
        const memberships = await repository.openMemberships(input.task_ids);
        const elsewhere = memberships.filter((membership) => membership.sprint_id !== sprintId);
        if (elsewhere.length > 0) throw inOtherSprint(elsewhere, input.task_ids);
        const here = new Set(memberships.map((membership) => membership.task_id));
        const fresh = input.task_ids.flatMap((id) => (here.has(id) ? [] : (tasks.get(id) ?? [])));
        if ((await repository.taskCount(sprintId)) + fresh.length > SPRINT_MAX_TASKS) throw new AppError("rule_broken", say("sprints.too_many_tasks", { max: SPRINT_MAX_TASKS }));
        const at = nowUtc();
        await repository.insertSprintTasks(fresh.map((task) => ({ sprint_id: sprintId, task_id: task.id, project_id: task.project_id, is_open: 1, added_by: actor.id, added_at: at })));
        if (row.status === "active") {
          const changes = fresh.map((task): ScopeChange => ({
            sprintId, taskId: task.id, projectId: task.project_id, kind: "add", estimation: task.estimation, complete: task.status === 1, privacyScope: scopeOf(task),
          }));
          await sprintEventsRepository(trx).insertEvents(changes.map((change) => eventRow(change, at, timezone)));
        }
        return fresh.map((task) => task.id);
      });
    } catch (error) {
      // Another sprint took one of the tasks after the check (PostgreSQL): the same answer as the check's.
      if (isUniqueViolation(error)) throw inOtherSprint((await sprintsRepository(ctx.db, ctx.kind).openMemberships(input.task_ids)).filter((m) => m.sprint_id !== sprintId), input.task_ids);
      if (isForeignKeyViolation(error)) throw invalidField("task_ids", say("sprints.tasks_not_found", { strangers: input.task_ids.join(", ") }));
      throw error;
    }
    const fresh = new Set(added);
    return {
      data: await reader.present(actor, await reader.requireReadable(actor, sprintId)),
      meta: { added_ids: added, unchanged_ids: input.task_ids.filter((id) => !fresh.has(id)) },
    };
  }

  async function removeTask(actor: Actor, sprintId: number, taskId: number): Promise<void> {
    const sprint = await reader.requireReadable(actor, sprintId);
    const task = (await visibleTasks(sprint, [taskId])).get(taskId);
    if (!task) throw notFound(say("tasks.task_not_found"));
    if (!sprintPolicy.canChangeTasksOf(actor, sprint.row, task.access)) throw forbidden(say("sprints.who_may_change_tasks"));
    if (sprint.row.status === "completed") throw new AppError("rule_broken", say("sprints.completed_keeps_tasks"));
    await transact(ctx, async (trx) => {
      const row = await heldSprint(trx, [sprintId], sprintId);
      if (row.status === "completed") throw new AppError("rule_broken", say("sprints.completed_keeps_tasks"));
      if (!(await sprintsRepository(trx, ctx.kind).deleteSprintTask(sprintId, taskId))) throw notFound(say("sprints.task_not_in_sprint"));
      if (row.status !== "active") return;
      const change: ScopeChange = {
        sprintId, taskId, projectId: task.project_id, kind: "remove", estimation: task.estimation, complete: task.status === 1, privacyScope: scopeOf(task),
      };
      await sprintEventsRepository(trx).insertEvents([eventRow(change, nowUtc(), timezone)]);
    });
  }

  async function start(actor: Actor, sprintId: number): Promise<Sprint> {
    const sprint = await reader.requireEditable(actor, sprintId);
    if (sprint.row.status !== "planned") throw new AppError("rule_broken", say("sprints.only_planned_start"));
    await transact(ctx, async (trx) => {
      const repository = sprintsRepository(trx, ctx.kind);
      const row = await heldSprint(trx, [sprintId], sprintId);
      if (row.status !== "planned") throw new AppError("rule_broken", say("sprints.only_planned_start"));
      const at = nowUtc();
      // Every task, whoever starts it: readers are told apart when the burndown is read.
      const snapshot = (await repository.scopeOf(sprintId)).map((task): ScopeChange => ({
        sprintId, taskId: task.task_id, projectId: task.project_id, kind: "snapshot", estimation: task.estimation, complete: task.status === 1, privacyScope: scopeOf(task),
      }));
      await sprintEventsRepository(trx).insertEvents(snapshot.map((change) => eventRow(change, at, timezone)));
      await repository.updateSprint(sprintId, { status: "active", started_at: at, started_day: siteDay(at, timezone), updated_at: at });
    });
    return reader.present(actor, await reader.requireReadable(actor, sprintId));
  }

  /**
   * The events that square the history with the tasks as the completion found them, then the carry-overs:
   * a status change a subscriber has not recorded yet (it runs after its change commits, and finds the
   * sprint completed), a task restored by an undo, a task deleted whose removal is not recorded yet.
   */
  async function closingEvents(trx: Kysely<Database>, sprintId: number, at: string): Promise<{ rows: ReturnType<typeof eventRow>[]; carried: Array<{ task_id: number; project_id: number }> }> {
    const repository = sprintsRepository(trx, ctx.kind);
    const history = await sprintEventsRepository(trx).eventsOf(sprintId);
    const standings = taskStandings(history.map(scopeEvent));
    const lastOf = new Map(history.map((event) => [event.task_id, event]));
    const privacy = new Map((await repository.scopeOf(sprintId)).map((task) => [task.task_id, scopeOf(task)]));
    const closed = await repository.closeSprintTasks(sprintId);
    const changes: ScopeChange[] = [];
    for (const row of closed) {
      const standing = standings.get(row.task_id);
      const complete = row.final_status === 1;
      const base = { sprintId, taskId: row.task_id, projectId: row.project_id, estimation: row.final_estimation ?? 0, complete, privacyScope: privacy.get(row.task_id) ?? null };
      if (!standing) changes.push({ ...base, kind: "add" });
      else if (standing.complete !== complete) changes.push({ ...base, kind: complete ? "complete" : "reopen" });
      if (!complete) changes.push({ ...base, kind: "carry_over" });
    }
    const kept = new Set(closed.map((row) => row.task_id));
    for (const [taskId, standing] of standings) {
      const last = lastOf.get(taskId);
      if (kept.has(taskId) || !last) continue;
      changes.push({ sprintId, taskId, projectId: last.project_id, kind: "remove", estimation: standing.estimation, complete: standing.complete, privacyScope: last.privacy_scope });
    }
    const carried = closed.filter((row) => row.final_status !== 1).map((row) => ({ task_id: row.task_id, project_id: row.project_id }));
    return { rows: changes.map((change) => eventRow(change, at, timezone)), carried };
  }

  async function complete(actor: Actor, sprintId: number, input: CompleteSprintBody): Promise<CompleteSprintAnswer> {
    const sprint = await reader.requireEditable(actor, sprintId);
    if (sprint.row.status !== "active") throw new AppError("rule_broken", say("sprints.only_active_complete"));
    const targetId = input.carry_over_to;
    let target: ReadableSprint | null = null;
    if (targetId !== null) {
      target = await reader.requireReadable(actor, targetId).catch(() => null);
      if (!target || target.row.id === sprintId || target.row.status !== "planned") throw invalidField("carry_over_to", say("sprints.carry_over_target"));
    }
    // Read before the transaction: on SQLite it holds the one connection, and access is read through the app's.
    const targetAccess = target ? await access.accessToProjects(actor, target.projects.map((project) => project.project_id)) : new Map<number, ProjectAccess>();
    const carried = await transact(ctx, async (trx) => {
      const repository = sprintsRepository(trx, ctx.kind);
      const row = await heldSprint(trx, targetId === null ? [sprintId] : [sprintId, targetId], sprintId);
      if (row.status !== "active") throw new AppError("rule_broken", say("sprints.only_active_complete"));
      const targetRow = targetId === null ? null : await repository.findSprint(targetId);
      if (targetId !== null && targetRow?.status !== "planned") throw invalidField("carry_over_to", say("sprints.carry_over_target"));
      const at = nowUtc();
      const closing = await closingEvents(trx, sprintId, at);
      if (targetRow) {
        const spans = new Set((await repository.projectsOf([targetRow.id])).map((project) => project.project_id));
        const missing = [...new Set(closing.carried.map((task) => task.project_id).filter((id) => !spans.has(id)))];
        if (missing.length > 0) {
          const titles = (await repository.findProjects(missing)).map((project) => project.title);
          throw invalidField("carry_over_to", say("sprints.carry_over_target_projects", { title: targetRow.title, projects: titles.join(", ") }));
        }
        const allowed = (projectId: number) => {
          const projectAccess = targetAccess.get(projectId);
          return projectAccess !== undefined && sprintPolicy.canChangeTasksOf(actor, targetRow, projectAccess);
        };
        if (!closing.carried.every((task) => allowed(task.project_id))) throw forbidden(say("sprints.who_may_change_tasks"));
        if ((await repository.taskCount(targetRow.id)) + closing.carried.length > SPRINT_MAX_TASKS) throw new AppError("rule_broken", say("sprints.too_many_tasks", { max: SPRINT_MAX_TASKS }));
        await repository.insertSprintTasks(closing.carried.map((task) => ({ sprint_id: targetRow.id, task_id: task.task_id, project_id: task.project_id, is_open: 1, added_by: actor.id, added_at: at })));
      }
      await sprintEventsRepository(trx).insertEvents(closing.rows);
      await repository.updateSprint(sprintId, { status: "completed", completed_at: at, completed_day: siteDay(at, timezone), carried_over_to: targetId, updated_at: at });
      return closing.carried.map((task) => task.task_id).sort((a, b) => a - b);
    });
    const completed = await reader.requireReadable(actor, sprintId);
    const seen = await visibleTasks(completed, carried);
    return { data: await reader.present(actor, completed), meta: { carried_over_ids: carried.filter((id) => seen.has(id)), carried_over_to: targetId } };
  }

  return { addTasks, removeTask, start, complete };
}

export type SprintScope = ReturnType<typeof sprintScope>;

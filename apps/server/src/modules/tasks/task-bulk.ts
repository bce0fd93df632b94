import type { BulkTasksBody, BulkTasksResult, EventPerson, TaskFields, TimeLog } from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { AppContext } from "../../context.js";
import type { Database } from "../../db/schema.js";
import { fieldChanges } from "../../events/field-changes.js";
import { recordEvents, transact } from "../../events/record-event.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, invalidField, say, type Said } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import { rescopeActivities, rescopeTaskActivities } from "../activities/activity-recorder.js";
import type { AttachmentsService } from "../files/attachments.service.js";
import type { ProjectAccess, ProjectAccessService } from "../projects/project-access.js";
import { taskListPolicy } from "../task-lists/task-lists.policy.js";
import { findTaskList } from "../task-lists/task-lists.service.js";
import type { TaskListRow } from "../task-lists/task-lists.tables.js";
import type { TrashService } from "../trash/trash.service.js";
import type { RunningTimers } from "../time-tracker/task-time.js";
import { stopTimersOnDeleted } from "../time-tracker/time-tracker.service.js";
import type { TaskLoader } from "./tasks.loader.js";
import { privacyView, taskPolicy, taskPrivacyScope } from "./tasks.policy.js";
import { tasksRepository, type TaskWithList } from "./tasks.repository.js";

// `POST pm/v2/projects/{p}/tasks/bulk`: one action on many tasks, all or nothing. Every task is read and
// checked before anything is written (existence, privacy, then the same policy as the single calls), and the
// writes go in one transaction with the events the single calls record, one per changed task. Reads and
// writes are batched: a fixed number of statements whatever the number of tasks, plus one outbox row per
// event.

type Action = BulkTasksBody["action"];

/** The checked tasks of a bulk call and what is known of them before the change. */
interface Selection {
  projectAccess: ProjectAccess;
  /** In the order named. */
  tasks: TaskWithList[];
  /** Each task's assignees, in the order they were added. */
  assignees: ReadonlyMap<number, readonly number[]>;
}

/** What a bulk change did: the tasks it changed and those it deleted. */
interface Outcome {
  changedIds: number[];
  deletedIds: number[];
}

/** The policy rule and the refusal of each action: the single calls' own rules, task by task. */
const RULES: Record<Action, { allowed: (access: ProjectAccess, task: TaskWithList, assigneeIds: readonly number[]) => boolean; refusal: (ids: string) => Said }> = {
  complete: { allowed: taskPolicy.canComplete, refusal: (ids) => say("tasks.bulk_who_may_change_status", { ids }) },
  reopen: { allowed: taskPolicy.canComplete, refusal: (ids) => say("tasks.bulk_who_may_change_status", { ids }) },
  move: { allowed: (access, task) => taskPolicy.canEdit(access, task), refusal: (ids) => say("tasks.bulk_who_may_change", { ids }) },
  assign: { allowed: (access, task) => taskPolicy.canEdit(access, task), refusal: (ids) => say("tasks.bulk_who_may_change", { ids }) },
  priority: { allowed: (access, task) => taskPolicy.canEdit(access, task), refusal: (ids) => say("tasks.bulk_who_may_change", { ids }) },
  due_date: { allowed: taskPolicy.canEditDetails, refusal: (ids) => say("tasks.bulk_who_may_change_details", { ids }) },
  delete: { allowed: (access, task) => taskPolicy.canDelete(access, task), refusal: (ids) => say("tasks.bulk_who_may_delete", { ids }) },
};

/** Who may read a task's activities, from its privacy and its list's (as the single calls scope them). */
function scopeOf(task: TaskWithList): string | null {
  return taskPrivacyScope(task, { privacy: task.list_privacy });
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const sorted = [...b].sort((x, y) => x - y);
  return a.length === b.length && [...a].sort((x, y) => x - y).every((id, index) => id === sorted[index]);
}

/** The bulk call of the tasks service. */
/** What a bulk answer reads of the actor's time, as one task's answer does. */
export interface BulkTaskTime {
  running: RunningTimers;
  ownLogsOf: (actor: Actor, taskIds: readonly number[]) => Promise<Map<number, TimeLog[]>>;
}

export function taskBulkChanges(ctx: AppContext, access: ProjectAccessService, attachments: AttachmentsService, loader: TaskLoader, trash: TrashService, time: BulkTaskTime) {
  const tasks = tasksRepository(ctx.db);

  /**
   * The named tasks with their assignees. An id that is not a task of this project, or names a task the
   * caller may not see, is a 400 naming it, so that the answer does not tell which private ids exist.
   */
  async function select(projectAccess: ProjectAccess, ids: readonly number[]): Promise<Selection> {
    const [rows, assigneeRows] = await Promise.all([tasks.findTasks(ids), tasks.findAssignees(ids)]);
    const found = new Map(rows.map((row) => [row.id, row]));
    const view = privacyView(projectAccess);
    const visible = (task: TaskWithList | undefined): task is TaskWithList =>
      task !== undefined && task.project_id === projectAccess.projectId && taskPolicy.canSee(view, task, { privacy: task.list_privacy });
    const strangers = ids.filter((id) => !visible(found.get(id)));
    if (strangers.length > 0) throw invalidField("task_ids", say("tasks.these_tasks_not_project", { strangers: strangers.join(", ") }));
    const assignees = new Map<number, number[]>();
    for (const row of assigneeRows) assignees.set(row.task_id, [...(assignees.get(row.task_id) ?? []), row.user_id]);
    return { projectAccess, tasks: ids.flatMap((id) => found.get(id) ?? []), assignees };
  }

  /** 403 naming every task the caller may not act on, before anything is written. */
  function authorize(action: Action, selection: Selection): void {
    const rule = RULES[action];
    const refused = selection.tasks.filter((task) => !rule.allowed(selection.projectAccess, task, selection.assignees.get(task.id) ?? []));
    if (refused.length === 0) return;
    const message = rule.refusal(refused.map((task) => task.id).join(", "));
    throw new AppError("forbidden", message, { params: { task_ids: [message] } });
  }

  /** The list tasks move to: a current list of this project the caller sees (the single update's rule). */
  async function targetList(projectAccess: ProjectAccess, listId: number): Promise<TaskListRow> {
    const list = await findTaskList(ctx.db, listId);
    if (!list || list.project_id !== projectAccess.projectId || !taskListPolicy.canSee(projectAccess, list)) {
      throw invalidField("task_list_id", say("tasks.choose_task_list_project"));
    }
    if (list.status !== 1) throw new AppError("rule_broken", say("tasks.task_list_archived_restore_before_adding"));
    return list;
  }

  async function checkMembers(projectId: number, userIds: readonly number[]): Promise<void> {
    if (userIds.length === 0) return;
    const members = await tasks.findMemberIds(projectId, userIds);
    const strangers = [...new Set(userIds)].filter((id) => !members.has(id));
    if (strangers.length > 0) throw invalidField("assignees", say("tasks.only_members_assigned", { strangers: strangers.join(", ") }));
  }

  /** Completes (1) or reopens (0) the tasks not yet in that status, each with its event. */
  async function setStatus(trx: Kysely<Database>, actor: Actor, selection: Selection, status: 0 | 1, now: string): Promise<Outcome> {
    const changed = selection.tasks.filter((task) => task.status !== status);
    const stamp = status === 1 ? { completed_at: now, completed_by: actor.id } : { completed_at: null, completed_by: null };
    await tasksRepository(trx).updateTasks(changed.map((task) => task.id), { status, ...stamp, updated_at: now });
    const name = status === 1 ? "task.completed" : "task.reopened";
    await recordEvents(trx, actor, changed.map((task) => ({ name, payload: { projectId: task.project_id, id: task.id, title: task.title, privacyScope: scopeOf(task) } })));
    return { changedIds: changed.map((task) => task.id), deletedIds: [] };
  }

  /** Sets one plain field (due date or priority) on the tasks where it differs, each with its `task.updated`. */
  async function setField(
    trx: Kysely<Database>,
    actor: Actor,
    selection: Selection,
    change: { due_date: string | null } | { priority: number },
    now: string,
  ): Promise<Outcome> {
    const [field] = Object.keys(change) as Array<"due_date" | "priority">;
    if (!field) return { changedIds: [], deletedIds: [] };
    const changed = selection.tasks.filter((task) => Object.keys(fieldChanges<TaskFields>([field], task, change)).length > 0);
    await tasksRepository(trx).updateTasks(changed.map((task) => task.id), { ...change, updated_at: now });
    await recordEvents(trx, actor, changed.map((task) => {
      const changes = fieldChanges<TaskFields>([field], task, change);
      return { name: "task.updated", payload: { projectId: task.project_id, id: task.id, title: task.title, privacyScope: scopeOf(task), changes } };
    }));
    return { changedIds: changed.map((task) => task.id), deletedIds: [] };
  }

  /**
   * Moves the tasks not in `target` yet to its end, in the order named, with their sub-tasks; their earlier
   * activities (and their sub-tasks') take the target's privacy, as on a single move.
   */
  async function move(trx: Kysely<Database>, actor: Actor, selection: Selection, target: TaskListRow, now: string): Promise<Outcome> {
    const repo = tasksRepository(trx);
    const projectId = selection.projectAccess.projectId;
    const changed = selection.tasks.filter((task) => task.task_list_id !== target.id);
    if (changed.length === 0) return { changedIds: [], deletedIds: [] };
    const first = await repo.nextSortOrder(target.id);
    await repo.moveTasks(changed.map((task, index) => ({ id: task.id, index: first + index })), target.id, now);
    for (const privacy of [0, 1] as const) {
      const ids = changed.filter((task) => (task.privacy === 0 ? 0 : 1) === privacy).map((task) => task.id);
      if (ids.length > 0) await rescopeActivities(trx, { projectId, subject: "task", ids, scope: taskPrivacyScope({ privacy }, target) });
    }
    for (const parentId of await repo.findParentIds(changed.map((task) => task.id))) {
      await rescopeTaskActivities(trx, { projectId, of: { parentId }, scopeFor: (privacy) => taskPrivacyScope({ privacy }, target) });
    }
    const sources = new Map<number, string>();
    for (const listId of new Set(changed.map((task) => task.task_list_id))) sources.set(listId, (await findTaskList(trx, listId))?.title ?? "");
    await recordEvents(trx, actor, changed.map((task) => {
      const changes = { task_list: { from: { id: task.task_list_id, title: sources.get(task.task_list_id) ?? "" }, to: { id: target.id, title: target.title } } };
      return { name: "task.updated", payload: { projectId, id: task.id, title: task.title, privacyScope: taskPrivacyScope(task, target), changes } };
    }));
    return { changedIds: changed.map((task) => task.id), deletedIds: [] };
  }

  /** Adds the users to each task's assignees, or makes them its only assignees (`replace`). */
  async function assign(
    trx: Kysely<Database>,
    actor: Actor,
    selection: Selection,
    input: { assignees: readonly number[]; mode: "add" | "replace" },
    now: string,
  ): Promise<Outcome> {
    const repo = tasksRepository(trx);
    const projectId = selection.projectAccess.projectId;
    const wanted = [...new Set(input.assignees)];
    const plans = selection.tasks.flatMap((task) => {
      const before = selection.assignees.get(task.id) ?? [];
      const adding = input.mode === "add" ? wanted.filter((id) => !before.includes(id)) : wanted;
      const changes = input.mode === "add" ? adding.length > 0 : !sameIds(before, wanted);
      return changes ? [{ task, before, adding }] : [];
    });
    if (plans.length === 0) return { changedIds: [], deletedIds: [] };
    const changedIds = plans.map((plan) => plan.task.id);
    // Replacing rewrites every row, as the single update does, so the assignees read in the order given.
    if (input.mode === "replace") await repo.deleteAssignees(changedIds);
    await repo.insertAssignees(plans.flatMap((plan) => plan.adding.map((userId) => ({ taskId: plan.task.id, userId }))), projectId, now);
    await repo.updateTasks(changedIds, { updated_at: now });
    const after = new Map<number, number[]>();
    for (const row of await repo.findAssignees(changedIds)) after.set(row.task_id, [...(after.get(row.task_id) ?? []), row.user_id]);
    const names = await repo.findUserNames([...wanted, ...plans.flatMap((plan) => plan.before)]);
    const person = (id: number): EventPerson => ({ id, name: names.get(id) ?? "" });
    await recordEvents(trx, actor, plans.map(({ task, before }) => {
      const changes = { assignees: { from: before.map(person), to: (after.get(task.id) ?? []).map(person) } };
      return { name: "task.updated", payload: { projectId, id: task.id, title: task.title, privacyScope: scopeOf(task), changes } };
    }));
    return { changedIds, deletedIds: [] };
  }

  /**
   * Deletes the tasks with their sub-tasks, comments and attachments into one trash entry, each with its
   * event; the answer's ticket brings the whole batch back.
   */
  async function remove(actor: Actor, selection: Selection): Promise<BulkTasksResult> {
    const ids = selection.tasks.map((task) => task.id);
    const undo = await trash.discard(actor, {
      projectId: selection.projectAccess.projectId, kind: "tasks", roots: { tasks: ids },
      events: selection.tasks.map((task) => ({
        name: "task.deleted", payload: { projectId: task.project_id, id: task.id, title: task.title, privacyScope: scopeOf(task) },
      })),
      before: (trx) => stopTimersOnDeleted(trx, actor, ctx.config.timerMaxHours, { taskIds: ids }),
    });
    return { data: [], meta: { changed_ids: ids, deleted_ids: ids }, undo };
  }

  /** The named tasks as the single calls present them (with their files), in the order named. */
  async function presentTasks(actor: Actor, projectAccess: ProjectAccess, ids: readonly number[]): Promise<BulkTasksResult["data"]> {
    const rows = new Map((await tasks.findTasks(ids)).map((row) => [row.id, row]));
    const records = ids.flatMap((id) => rows.get(id) ?? []);
    const runningTaskId = await time.running.taskOf(actor.id);
    const [presented, files, logs] = await Promise.all([
      loader.present(records, () => projectAccess, runningTaskId),
      attachments.listFor("task", ids),
      time.ownLogsOf(actor, ids),
    ]);
    return presented.map((task) => ({ ...task, files: { data: files.get(task.id) ?? [] }, time: { ...task.time, data: logs.get(task.id) ?? [] } }));
  }

  return {
    /**
     * `POST pm/v2/projects/{p}/tasks/bulk`. Checks every task, then writes every change in one transaction;
     * a task already as asked (complete, in the list, assigned, same date or priority) is left untouched
     * and records no event.
     */
    async bulkChange(actor: Actor, projectId: number, input: BulkTasksBody): Promise<BulkTasksResult> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const selection = await select(projectAccess, input.task_ids);
      authorize(input.action, selection);
      let target: TaskListRow | null = null;
      if (input.action === "move") {
        target = await targetList(projectAccess, input.task_list_id);
        const subTasks = selection.tasks.filter((task) => task.parent_id !== 0).map((task) => task.id);
        if (subTasks.length > 0) throw invalidField("task_ids", say("tasks.bulk_sub_tasks_move_with_parent", { ids: subTasks.join(", ") }));
      }
      if (input.action === "assign") await checkMembers(projectId, input.assignees);
      if (input.action === "due_date" && input.due_date !== null) {
        const dueDate = input.due_date;
        const early = selection.tasks.filter((task) => task.start_at !== null && task.start_at > dueDate).map((task) => task.id);
        if (early.length > 0) throw invalidField("due_date", say("tasks.bulk_due_date_before_start", { ids: early.join(", ") }));
      }
      // A delete goes through the trash, which writes it in a transaction of its own.
      if (input.action === "delete") return remove(actor, selection);
      const now = nowUtc();
      const outcome = await transact(ctx, (trx): Promise<Outcome> => {
        switch (input.action) {
          case "complete":
            return setStatus(trx, actor, selection, 1, now);
          case "reopen":
            return setStatus(trx, actor, selection, 0, now);
          case "due_date":
            return setField(trx, actor, selection, { due_date: input.due_date }, now);
          case "priority":
            return setField(trx, actor, selection, { priority: input.priority }, now);
          case "assign":
            return assign(trx, actor, selection, input, now);
          case "move":
            return target ? move(trx, actor, selection, target, now) : Promise.resolve({ changedIds: [], deletedIds: [] });
        }
      });
      const meta = { changed_ids: outcome.changedIds, deleted_ids: outcome.deletedIds };
      return { data: await presentTasks(actor, projectAccess, input.task_ids), meta };
    },
  };
}

export type TaskBulkChanges = ReturnType<typeof taskBulkChanges>;

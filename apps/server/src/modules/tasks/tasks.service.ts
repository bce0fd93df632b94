import type { CreateTaskBody, ListTasksQuery, Pagination, SortTasksBody, Task, TaskCustomFields, TimeLog, UndoTicket, UpdateTaskBody } from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { AppContext } from "../../context.js";
import type { Database } from "../../db/schema.js";
import type { TaskListRow } from "../task-lists/task-lists.tables.js";
import type { TaskRow } from "./tasks.tables.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden, invalidField, notFound, say } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import { pageRequest, paginationMeta } from "../../lib/pagination.js";
import { sanitizeRichText } from "../../lib/rich-text.js";
import { recordEvent, recordEvents, transact } from "../../events/record-event.js";
import { rescopeActivities, rescopeTaskActivities, resourcePhrase } from "../activities/activity-recorder.js";
import { type AttachmentsService, type AttachmentTarget } from "../files/attachments.service.js";
import type { UploadedFile } from "../files/files.upload.js";
import { findLabelIds, replaceTaskLabels } from "../labels/labels.service.js";
import { readCache } from "../../shared/read-cache.js";
import { isPrivate, SEES_EVERYTHING, viewKey } from "../privacy/privacy.rules.js";
import type { ProjectAccess, ProjectAccessService } from "../projects/project-access.js";
import type { TrashService } from "../trash/trash.service.js";
import { taskListPolicy } from "../task-lists/task-lists.policy.js";
import { findInboxList, findTaskList } from "../task-lists/task-lists.service.js";
import { taskPagesRepository, type TaskSearch } from "./task-pages.repository.js";
import { projectIdsOf, scopesFor, searchFilters } from "./task-search.js";
import { readTaskLinks, taskChanges } from "./task-changes.js";
import { keepTask, keptTaskFor, TASK_READ_TABLES, type KeptTask } from "./kept-task.js";
import { runningTimers } from "../time-tracker/task-time.js";
import { timeLogAsOf } from "../time-tracker/time-tracker.presenter.js";
import { ownLogsOfTasks, stopTimersOnDeleted } from "../time-tracker/time-tracker.service.js";
import type { ModuleStatesService } from "../module-states/module-states.service.js";
import type { CustomFieldsService } from "../custom-fields/custom-fields.service.js";
import { subTaskPolicy } from "../sub-tasks/sub-tasks.policy.js";
import { taskBulkChanges } from "./task-bulk.js";
import { checkSubTaskPrivacy, followParentPrivacy } from "./sub-task-writes.js";
import { emptyRelations, taskLoader } from "./tasks.loader.js";
import { privacyView, TASK_DETAIL_FIELDS, taskPolicy, taskPrivacyScope } from "./tasks.policy.js";
import { tasksRepository, type BoardPlacement, type NewTask, type TaskRecord, type TaskWithList } from "./tasks.repository.js";
import { columnForNewTask, topOfColumn, type NewCardColumn } from "../kanboard/kanboard.placement.js";

/** A page of tasks with its pagination. */
export interface TaskListing {
  tasks: Task[];
  pagination: Pagination;
}

/** Fields that change with the status: completing stamps who and when, reopening clears both. */
function statusChanges(status: number, actor: Actor, at: string): Pick<NewTask, "status" | "completed_at" | "completed_by"> {
  return status === 1 ? { status, completed_at: at, completed_by: actor.id } : { status, completed_at: null, completed_by: null };
}

const DETAIL_FIELDS: ReadonlySet<string> = new Set(TASK_DETAIL_FIELDS);

/** Whether an update sets none but the fields an assignee may be allowed to change. */
function changesDetailsOnly(input: UpdateTaskBody): boolean {
  return Object.entries(input).every(([field, value]) => value === undefined || DETAIL_FIELDS.has(field));
}

/** Whether `assignees` of an update (`[0]` for nobody) names exactly the task's current assignees. */
function sameAssignees(assignees: readonly number[], current: readonly number[]): boolean {
  const named = new Set(assignees.filter((id) => id !== 0));
  return named.size === current.length && current.every((id) => named.has(id));
}

function checkDates(startAt: string | null | undefined, dueDate: string | null | undefined): void {
  if (startAt && dueDate && startAt > dueDate) throw invalidField("due_date", say("tasks.due_date_cannot_before_start_date"));
}

/** Single tasks kept between requests at most (a few KB each); the least recently read go first. */
const MAX_KEPT_TASKS = 10_000;
/** Tasks on kept search pages at most (a page weighs its tasks and one for its total). */
const MAX_KEPT_SEARCH_TASKS = 20_000;

/** One page of a tasks search as it was presented: each task kept with its project, and the total. */
interface KeptSearchPage {
  tasks: ReadonlyArray<{ projectId: number; kept: KeptTask }>;
  total: number;
}

/**
 * What makes two searches the same: the projects and view of each scope, the filters and the page. The
 * presented tasks depend on nothing else but each reader's abilities, which are added per reader.
 */
function searchKey(spec: TaskSearch, limit: number | null, offset: number): string {
  const { scopes, ...filters } = spec;
  const scopeKeys = scopes?.map((scope) => `${viewKey(scope.view)}:${scope.projectIds.join(",")}`) ?? null;
  return JSON.stringify([scopeKeys, filters, limit, offset]);
}

/** The record attachments of a task are filed under: the task, with its privacy. */
function attachmentTarget(task: { id: number; project_id: number; title: string }, privacyScope: string | null): AttachmentTarget {
  return { projectId: task.project_id, type: "task", id: task.id, phrase: resourcePhrase("task", task.title), privacyScope, subject: { type: "task", id: task.id } };
}

/** What a status change of a task writes and tells about. */
export interface StatusChangeTarget {
  id: number;
  project_id: number;
  title: string;
  privacy: number;
  list_privacy: number;
}

/**
 * Writes a task's new status inside `trx` (completing stamps who and when, anything else clears both) and
 * records `task.completed` or `task.reopened`, the events every status change records. The caller has
 * checked who may (`taskPolicy.canComplete`) and that the status changes. The Kanban board's done columns
 * complete and reopen tasks through it, in the transaction of the move.
 */
export async function writeStatusChange(trx: Kysely<Database>, actor: Actor, task: StatusChangeTarget, status: number, at: string): Promise<void> {
  await tasksRepository(trx).updateTask(task.id, { ...statusChanges(status, actor, at), updated_at: at });
  await recordEvent(trx, actor, {
    name: status === 1 ? "task.completed" : "task.reopened",
    payload: { projectId: task.project_id, id: task.id, title: task.title, privacyScope: taskPrivacyScope({ privacy: task.privacy }, { privacy: task.list_privacy }) },
  });
}

/**
 * Puts a task on the Kanban board at a place, or takes it off (null), inside `trx`: one statement on one
 * row. The kanboard module decides the place and checks who may; this is the one write of the columns.
 */
export async function writeBoardPlacement(trx: Kysely<Database>, taskId: number, placement: BoardPlacement | null): Promise<number> {
  return tasksRepository(trx).setBoardPlacement(taskId, placement);
}

/** Takes every card of a Kanban column off the board inside `trx` (the column is being deleted); answers how many. */
export async function writeBoardCleared(trx: Kysely<Database>, boardId: number): Promise<number> {
  return tasksRepository(trx).clearBoardColumn(boardId);
}

/** Tasks: reading them with their privacy rules, and every change, each with its activity. */
export function tasksService(
  ctx: AppContext,
  access: ProjectAccessService,
  attachments: AttachmentsService,
  trash: TrashService,
  moduleStates: ModuleStatesService,
  customFields: CustomFieldsService,
) {
  const tasks = tasksRepository(ctx.db);
  const pages = taskPagesRepository(ctx.db);
  const loader = taskLoader(ctx.db, ctx.config.timezone);
  const running = runningTimers(ctx.tables, ctx.db);
  // Each reader's own logs on a task, for the task window: what may be deleted follows the task and its list.
  const ownLogs = readCache<{ logs: TimeLog[] }>(ctx.tables, { dependsOn: ["time_logs", "tasks", "task_lists"], maxWeight: MAX_KEPT_TASKS });

  /** The actor's own logs on tasks (`time.data` of their answers), by task; none while the time tracker is off. */
  async function ownLogsOfMany(actor: Actor, taskIds: readonly number[]): Promise<Map<number, TimeLog[]>> {
    if (!(await moduleStates.isActive("time_tracker"))) return new Map();
    return ownLogsOfTasks(ctx.db, taskIds, actor);
  }

  /** The actor's own logs on one task, kept while nothing they depend on changes. */
  async function ownLogsOf(actor: Actor, taskId: number): Promise<TimeLog[]> {
    if (!(await moduleStates.isActive("time_tracker"))) return [];
    const kept = await ownLogs.get(`${actor.id}|${taskId}`, async () => ({ logs: (await ownLogsOfTasks(ctx.db, [taskId], actor)).get(taskId) ?? [] }));
    // A running timer's total is counted up to this answer, not up to when its logs were kept.
    const now = new Date();
    return kept.logs.map((log) => timeLogAsOf(log, now));
  }

  const bulk = taskBulkChanges(ctx, access, attachments, loader, trash, { running, ownLogsOf: ownLogsOfMany });
  // Single tasks by project, id and privacy view, as the task window opens them again and again.
  const shownTasks = readCache<KeptTask>(ctx.tables, { dependsOn: TASK_READ_TABLES, maxWeight: MAX_KEPT_TASKS });
  // Pages of `GET pm/v2/tasks` and the project tasks call (My Tasks, the filters): each reload reads the
  // same page, and its count grows with the user's tasks.
  const searchPages = readCache<KeptSearchPage>(ctx.tables, {
    dependsOn: TASK_READ_TABLES,
    maxWeight: MAX_KEPT_SEARCH_TASKS,
    weigh: (page) => page.tasks.length + 1,
  });

  /** The task, or 404 when it is not in the project or the reader may not see it. */
  async function requireVisibleTask(projectAccess: ProjectAccess, taskId: number): Promise<TaskWithList> {
    const task = await tasks.findTask(taskId);
    if (!task || task.project_id !== projectAccess.projectId || !taskPolicy.canSee(privacyView(projectAccess), task, { privacy: task.list_privacy })) {
      throw notFound(say("tasks.task_not_found"));
    }
    return task;
  }

  /** One task's answer to a change: the task with its files and the actor's own logs. */
  async function presentOne(projectAccess: ProjectAccess, taskId: number, actor: Actor): Promise<Task> {
    const task = await tasks.findTask(taskId);
    if (!task) throw notFound(say("tasks.task_not_found"));
    const [presented, logs] = await Promise.all([presentRecord(projectAccess, task), ownLogsOf(actor, taskId)]);
    return { ...presented, time: { ...presented.time, data: logs } };
  }

  /** A task already read, with its relations and attached files, as the reader sees it. */
  async function presentRecord(projectAccess: ProjectAccess, task: TaskRecord): Promise<Task> {
    const runningTaskId = await running.taskOf(projectAccess.userId);
    const [[presented], files] = await Promise.all([loader.present([task], () => projectAccess, runningTaskId), attachments.listFor("task", [task.id])]);
    if (!presented) throw notFound(say("tasks.task_not_found"));
    // One task's answers carry its attached files; listings carry only their count.
    return { ...presented, files: { data: files.get(task.id) ?? [] } };
  }

  /** The list a task goes to: the given one (a current list of this project the actor sees) or the Inbox. */
  async function resolveList(projectAccess: ProjectAccess, boardId: number | undefined): Promise<TaskListRow> {
    const list = boardId === undefined ? await findInboxList(ctx.db, projectAccess.projectId) : await findTaskList(ctx.db, boardId);
    if (!list || list.project_id !== projectAccess.projectId || !taskListPolicy.canSee(projectAccess, list)) {
      throw invalidField("board_id", say("tasks.choose_task_list_project"));
    }
    if (list.status !== 1) throw new AppError("rule_broken", say("tasks.task_list_archived_restore_before_adding"));
    return list;
  }

  async function checkAssignees(projectId: number, userIds: readonly number[] | undefined): Promise<void> {
    if (!userIds || userIds.length === 0) return;
    const members = await tasks.findMemberIds(projectId, userIds);
    const strangers = [...new Set(userIds)].filter((id) => !members.has(id));
    if (strangers.length > 0) throw invalidField("assignees", say("tasks.only_members_assigned", { strangers: strangers.join(", ") }));
  }

  /** `task_labels` must name labels of the task's project; the others are a 400 naming them. */
  async function checkLabels(projectId: number, labelIds: readonly number[] | undefined): Promise<void> {
    if (!labelIds || labelIds.length === 0) return;
    const known = await findLabelIds(ctx.db, projectId, labelIds);
    const strangers = labelIds.filter((id) => !known.has(id));
    if (strangers.length > 0) throw invalidField("task_labels", say("tasks.choose_labels_project_not", { strangers: strangers.join(", ") }));
  }

  /** The chosen task type (undefined for none); a type that does not exist is a 400. */
  async function checkType(typeId: number | null | undefined): Promise<{ title: string; description: string } | undefined> {
    if (!typeId) return undefined;
    const type = await tasks.findTaskType(typeId);
    if (!type) throw invalidField("type_id", say("tasks.choose_existing_task_type"));
    return type;
  }

  /**
   * A task just created, presented from what was written rather than read back: it has no comments, files
   * or labels yet, and its assignees are the ones just added. Same answer as presentOne, fewer round trips
   * (each one costs on PostgreSQL).
   */
  async function presentCreated(
    projectAccess: ProjectAccess,
    created: TaskRow,
    assigneeIds: readonly number[],
    type: { title: string; description: string } | undefined,
    customFieldValues: TaskCustomFields,
  ): Promise<Task> {
    const record: TaskRecord = { ...created, type_title: type?.title ?? null, type_description: type?.description ?? null };
    // In the order the assignee rows are read back: all were added at one time, so by user id.
    const assignees = [...new Set(assigneeIds)].sort((a, b) => a - b);
    const users = await loader.loadUsers([created.created_by, ...assignees]);
    const relations = { ...emptyRelations(new Map([[created.id, assignees]])), customFields: new Map([[created.id, customFieldValues]]) };
    const [presented] = loader.presentAll([record], relations, users, () => projectAccess);
    if (!presented) throw notFound(say("tasks.task_not_found"));
    return { ...presented, files: { data: [] }, time: { ...presented.time, data: [] } };
  }

  /**
   * The Kanban column a new task is created into (`kan_board_id`): a column of this project's board while
   * the kanboard module is on, for a top-level task; anything else is a 400 on `kan_board_id`.
   */
  async function boardColumnOf(projectId: number, boardId: number, isSubTask: boolean): Promise<NewCardColumn> {
    if (!(await moduleStates.isActive("kanboard"))) throw invalidField("kan_board_id", say("app.module_switched_off_modules_list"));
    if (isSubTask) throw invalidField("kan_board_id", say("kanboard.sub_tasks_not_on_board"));
    return columnForNewTask(ctx.db, projectId, boardId);
  }

  /** One page of a search, presented; `accessesFor` gives the access to the projects the rows are in. */
  async function search(
    actor: Actor,
    spec: TaskSearch,
    query: ListTasksQuery,
    accessesFor: (projectIds: number[]) => Promise<ReadonlyMap<number, ProjectAccess>>,
  ): Promise<TaskListing> {
    const page = pageRequest(query.page, query.per_page, 20);
    let readerAccesses: ReadonlyMap<number, ProjectAccess> | undefined;
    const kept = await searchPages.get(searchKey(spec, page.limit, page.offset), async () => {
      const { rows, total } = await pages.searchTasks(spec, page.limit, page.offset);
      const accesses = await accessesFor(rows.map((row) => row.project_id));
      readerAccesses = accesses;
      const presented = await loader.present(rows, (id) => accesses.get(id));
      const records = new Map(rows.map((row) => [row.id, row]));
      return {
        total,
        tasks: presented.flatMap((task) => {
          const record = records.get(task.id);
          return record ? [{ projectId: record.project_id, kept: keepTask(task, record, task.assignees.data.map((user) => user.id)) }] : [];
        }),
      };
    });
    const [accesses, runningTaskId] = await Promise.all([
      readerAccesses ?? accessesFor([...new Set(kept.tasks.map((task) => task.projectId))]),
      running.taskOf(actor.id),
    ]);
    const tasks = kept.tasks.flatMap(({ projectId, kept: task }) => {
      const projectAccess = accesses.get(projectId);
      return projectAccess ? [keptTaskFor({ access: projectAccess, runningTaskId }, task)] : [];
    });
    return { tasks, pagination: paginationMeta(page, kept.total, tasks.length) };
  }

  return {
    /** `POST pm/v2/projects/{p}/tasks/bulk`: one action on many tasks, all or nothing (task-bulk.ts). */
    bulkChange: bulk.bulkChange,

    /** `GET pm/v2/projects/{p}/tasks`: the project's tasks the actor may see, filtered. */
    async listProjectTasks(actor: Actor, projectId: number, query: ListTasksQuery): Promise<TaskListing> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const scope = { projectIds: [projectId], view: privacyView(projectAccess) };
      const accesses = new Map([[projectId, projectAccess]]);
      const customFieldFilters = await customFields.filtersFor([projectId], query.cf);
      return search(actor, { scopes: [scope], ...searchFilters(query, ctx.config.timezone), customFields: customFieldFilters }, query, async () => accesses);
    },

    /** `GET pm/v2/tasks`: tasks across the actor's projects (site managers: every project), filtered. */
    async listTasks(actor: Actor, query: ListTasksQuery): Promise<TaskListing> {
      const projectIds = projectIdsOf(query);
      const filters = searchFilters(query, ctx.config.timezone);
      if (actor.isSiteManager) {
        const scopes = projectIds ? [{ projectIds, view: SEES_EVERYTHING }] : null;
        const customFieldFilters = await customFields.filtersFor(projectIds ?? null, query.cf);
        return search(actor, { scopes, ...filters, customFields: customFieldFilters }, query, (ids) => access.accessToProjects(actor, ids));
      }
      const memberships = await access.accessToMemberProjects(actor);
      const wanted = [...memberships.values()].filter((projectAccess) => !projectIds || projectIds.includes(projectAccess.projectId));
      // Custom field filters name fields of the reader's projects (or site-wide ones) only.
      const customFieldFilters = await customFields.filtersFor(wanted.map((projectAccess) => projectAccess.projectId), query.cf);
      if (wanted.length === 0) return { tasks: [], pagination: paginationMeta(pageRequest(query.page, query.per_page, 20), 0, 0) };
      return search(actor, { scopes: scopesFor(wanted), ...filters, customFields: customFieldFilters }, query, async () => memberships);
    },

    async getTask(actor: Actor, projectId: number, taskId: number): Promise<Task> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const key = `${projectId}|${taskId}|${viewKey(privacyView(projectAccess))}`;
      const [kept, runningTaskId] = await Promise.all([
        shownTasks.get(key, async () => {
          const task = await requireVisibleTask(projectAccess, taskId);
          const presented = await presentRecord(projectAccess, task);
          return keepTask(presented, task, presented.assignees.data.map((user) => user.id));
        }),
        running.taskOf(projectAccess.userId),
      ]);
      return keptTaskFor({ access: projectAccess, runningTaskId, ownLogs: await ownLogsOf(actor, taskId) }, kept);
    },

    /** Creates a task; `uploads` (multipart `files[]`) are stored as its attachments in the same transaction. */
    /** `fromIntegration`: made by another system (code hosting), which cannot fill in required custom fields. */
    async createTask(actor: Actor, projectId: number, input: CreateTaskBody, uploads: readonly UploadedFile[] = [], fromIntegration = false): Promise<Task> {
      const projectAccess = await access.requireAccess(actor, projectId);
      if (!taskPolicy.canCreate(projectAccess)) throw forbidden(say("tasks.cannot_create_tasks"));
      if (input.privacy && !taskPolicy.canMakePrivate(projectAccess)) throw forbidden(say("tasks.cannot_create_private_tasks"));
      checkDates(input.start_at, input.due_date);
      const parent = input.parent_id > 0 ? await tasks.findTask(input.parent_id) : undefined;
      // A parent the caller may not see answers exactly as a missing one, so that its existence does not leak.
      const parentUsable = parent !== undefined && parent.project_id === projectId && parent.parent_id === 0
        && taskPolicy.canSee(privacyView(projectAccess), parent, { privacy: parent.list_privacy });
      if (input.parent_id > 0 && !parentUsable) throw invalidField("parent_id", say("tasks.choose_task_project"));
      if (parent) {
        // The sub-tasks' rules hold here too (sub-tasks/README.md): who may add one, and its parent's privacy.
        const parentAssignees = projectAccess.isManager ? [] : (await tasks.findAssignees([parent.id])).map((row) => row.user_id);
        if (!subTaskPolicy.canCreate(projectAccess, parent, parentAssignees)) throw forbidden(say("sub_tasks.who_may_create"));
        if ((input.privacy ? 1 : 0) !== parent.privacy) throw invalidField("privacy", say("tasks.sub_task_privacy_follows_parent"));
      }
      const [list, , type, column, customFieldPlan] = await Promise.all([
        resolveList(projectAccess, parent ? parent.task_list_id : input.board_id),
        checkAssignees(projectId, input.assignees),
        checkType(input.type_id),
        input.kan_board_id === undefined ? undefined : boardColumnOf(projectId, input.kan_board_id, parent !== undefined),
        customFields.planTaskValues(projectId, input.custom_fields, { creating: true, subTask: parent !== undefined, fromIntegration, memberIds: (ids) => tasks.findMemberIds(projectId, ids) }),
      ]);
      const now = nowUtc();
      // A task created into a done column of the board is created complete, as one dropped there would be.
      const status = column?.is_done ? 1 : 0;
      const created = await attachments.write(projectId, { uploads }, (apply) => transact(ctx, async (trx) => {
        const repo = tasksRepository(trx);
        const placement = column ? await topOfColumn(trx, column.id) : undefined;
        const created = await repo.insertTaskAtEnd({
          project_id: projectId,
          task_list_id: list.id,
          parent_id: input.parent_id,
          title: input.title,
          description: sanitizeRichText(input.description),
          estimation: input.estimation,
          start_at: input.start_at ?? null,
          due_date: input.due_date ?? null,
          priority: input.priority,
          complexity: input.complexity,
          payable: input.payable ? 1 : 0,
          recurrent: input.recurrent,
          privacy: input.privacy ? 1 : 0,
          type_id: input.type_id ?? null,
          created_by: actor.id,
          ...statusChanges(status, actor, now),
          created_at: now,
          updated_at: now,
        }, placement);
        await repo.addAssignees(created.id, projectId, input.assignees ?? [], now);
        await customFields.writeTaskValues(trx, created.id, projectId, customFieldPlan);
        await recordEvent(trx, actor, {
          name: "task.created",
          payload: { projectId, id: created.id, title: created.title, privacyScope: taskPrivacyScope(created, list), taskListId: list.id },
        });
        if (status === 1) {
          await recordEvent(trx, actor, { name: "task.completed", payload: { projectId, id: created.id, title: created.title, privacyScope: taskPrivacyScope(created, list) } });
        }
        await apply(trx, actor, attachmentTarget(created, taskPrivacyScope(created, list)));
        return created;
      }));
      // Uploaded files are listed as stored; without any, the new task is presented from what was written.
      if (uploads.length > 0) return presentOne(projectAccess, created.id, actor);
      return presentCreated(projectAccess, created, input.assignees ?? [], type, customFieldPlan.values);
    },

    /** Changes a task; `uploads` are added to its attachments and `files_to_delete` removed from them. */
    async updateTask(actor: Actor, projectId: number, taskId: number, input: UpdateTaskBody, uploads: readonly UploadedFile[] = []): Promise<Task> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const task = await requireVisibleTask(projectAccess, taskId);
      if (!taskPolicy.canEdit(projectAccess, task)) {
        // An assignee the project lets edit may change the details alone, without files. The assignees sent
        // as they are change nothing (the calendar's move sends them with the new dates).
        const assigneeIds = (await tasks.findAssignees([taskId])).map((row) => row.user_id);
        const { assignees, ...rest } = input;
        const keepsAssignees = assignees === undefined || sameAssignees(assignees, assigneeIds);
        const detailsOnly = uploads.length === 0 && keepsAssignees && changesDetailsOnly(rest);
        if (!detailsOnly || !taskPolicy.canEditDetails(projectAccess, task, assigneeIds)) throw forbidden(say("tasks.who_may_change"));
      }
      if (input.privacy && !isPrivate(task.privacy) && !taskPolicy.canMakePrivate(projectAccess)) throw forbidden(say("tasks.cannot_make_tasks_private"));
      await checkSubTaskPrivacy(ctx.db, task, input.privacy);
      checkDates(input.start_at !== undefined ? input.start_at : task.start_at, input.due_date !== undefined ? input.due_date : task.due_date);
      const moving = input.board_id !== undefined && input.board_id !== task.task_list_id;
      if (moving && task.parent_id !== 0) throw invalidField("board_id", say("tasks.sub_task_moves_with_parent_task"));
      const [target, , , , customFieldPlan] = await Promise.all([
        moving ? resolveList(projectAccess, input.board_id) : Promise.resolve(null),
        checkAssignees(projectId, input.assignees),
        checkType(input.type_id),
        checkLabels(projectId, input.task_labels),
        customFields.planTaskValues(projectId, input.custom_fields, { creating: false, subTask: task.parent_id !== 0, memberIds: (ids) => tasks.findMemberIds(projectId, ids) }),
      ]);
      const now = nowUtc();
      const statusChanged = input.status !== undefined && input.status !== task.status;
      const privacy = input.privacy !== undefined ? (input.privacy ? 1 : 0) : task.privacy;
      const privacyScope = taskPrivacyScope({ privacy }, target ?? { privacy: task.list_privacy });
      const fileChanges = { uploads, remove: input.files_to_delete ?? [] };
      const description = input.description !== undefined ? sanitizeRichText(input.description) : undefined;
      await attachments.write(projectId, fileChanges, (apply) => transact(ctx, async (trx) => {
        const repo = tasksRepository(trx);
        const linksBefore = await readTaskLinks(trx, taskId, input);
        await repo.updateTask(taskId, {
          ...(input.title !== undefined && { title: input.title }),
          ...(description !== undefined && { description }),
          ...(input.start_at !== undefined && { start_at: input.start_at }),
          ...(input.due_date !== undefined && { due_date: input.due_date }),
          ...(input.estimation !== undefined && { estimation: input.estimation }),
          ...(input.privacy !== undefined && { privacy: input.privacy ? 1 : 0 }),
          ...(input.priority !== undefined && { priority: input.priority }),
          ...(input.complexity !== undefined && { complexity: input.complexity }),
          ...(input.payable !== undefined && { payable: input.payable ? 1 : 0 }),
          ...(input.recurrent !== undefined && { recurrent: input.recurrent }),
          ...(input.type_id !== undefined && { type_id: input.type_id }),
          ...(statusChanged && statusChanges(input.status ?? 0, actor, now)),
          updated_at: now,
        });
        if (target) await repo.moveTask(taskId, target.id, await repo.nextSortOrder(target.id), now);
        if (input.assignees) await repo.replaceAssignees(taskId, projectId, input.assignees, now);
        if (input.task_labels) await replaceTaskLabels(trx, taskId, projectId, input.task_labels);
        await customFields.writeTaskValues(trx, taskId, projectId, customFieldPlan);
        // The task's earlier history (and its sub-tasks' after a move) follows its new privacy.
        // Re-scoping stays in the change's transaction rather than in a subscriber: an entry's scope is who may
        // read it, and after commit a task just made private would show its history until (or, with a failing
        // subscriber, long after) the subscriber ran; a late retry could even undo a newer change.
        if (target || privacy !== task.privacy) await rescopeActivities(trx, { projectId, subject: "task", ids: [taskId], scope: privacyScope });
        if (target) {
          await rescopeTaskActivities(trx, { projectId, of: { parentId: taskId }, scopeFor: (subTaskPrivacy) => taskPrivacyScope({ privacy: subTaskPrivacy }, target) });
        }
        if (privacy !== task.privacy && task.parent_id === 0) {
          await followParentPrivacy(trx, { projectId, parentId: taskId, privacy, list: target ?? { privacy: task.list_privacy }, at: now });
        }
        const title = input.title ?? task.title;
        const changes = await taskChanges(trx, task, input, { ...(description !== undefined && { description }), privacy, target }, linksBefore);
        const record = { projectId, id: taskId, title, privacyScope };
        // A status change is also a thing of its own (completing, reopening), told apart from the other changes.
        await recordEvent(trx, actor, { name: "task.updated", payload: { ...record, changes, ...(input.task_labels && { labelIds: [...input.task_labels] }) } });
        if (statusChanged) await recordEvent(trx, actor, { name: input.status === 1 ? "task.completed" : "task.reopened", payload: record });
        await apply(trx, actor, attachmentTarget({ id: taskId, project_id: projectId, title }, privacyScope));
      }));
      return presentOne(projectAccess, taskId, actor);
    },

    /**
     * Completes, reopens or sets a task pending. `completeSubTasks` with a completion also completes the
     * task's open sub-tasks, in the same transaction and with an event each: whoever may complete a task may
     * complete the steps inside it.
     */
    async changeStatus(actor: Actor, projectId: number, taskId: number, status: number, completeSubTasks = false): Promise<Task> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const task = await requireVisibleTask(projectAccess, taskId);
      const assigneeIds = (await tasks.findAssignees([taskId])).map((row) => row.user_id);
      if (!taskPolicy.canComplete(projectAccess, task, assigneeIds)) {
        throw forbidden(say("tasks.who_may_change_status"));
      }
      const closeSubTasks = status === 1 && completeSubTasks && task.parent_id === 0;
      if (status !== task.status || closeSubTasks) {
        const now = nowUtc();
        await transact(ctx, async (trx) => {
          const repository = tasksRepository(trx);
          const eventOf = (id: number, title: string, privacy: number) => ({
            name: status === 1 ? ("task.completed" as const) : ("task.reopened" as const),
            payload: { projectId, id, title, privacyScope: taskPrivacyScope({ privacy }, { privacy: task.list_privacy }) },
          });
          const subTasks = closeSubTasks ? await repository.findOpenSubTasks(taskId) : [];
          if (subTasks.length > 0) {
            await repository.updateTasks(subTasks.map((subTask) => subTask.id), { ...statusChanges(1, actor, now), updated_at: now });
            await recordEvents(trx, actor, subTasks.map((subTask) => eventOf(subTask.id, subTask.title, subTask.privacy)));
          }
          if (status !== task.status) await writeStatusChange(trx, actor, task, status, now);
        });
      }
      return presentOne(projectAccess, taskId, actor);
    },

    /**
     * Deletes a task with its sub-tasks, the comments on them and their attachments, into the trash: the
     * answer's ticket brings it all back (trash module); the files' bytes stay until the entry is purged.
     */
    async deleteTask(actor: Actor, projectId: number, taskId: number): Promise<UndoTicket> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const task = await requireVisibleTask(projectAccess, taskId);
      if (!taskPolicy.canDelete(projectAccess, task)) throw forbidden(say("tasks.who_may_delete"));
      return trash.discard(actor, {
        projectId, kind: "task", roots: { tasks: [taskId] },
        events: [{ name: "task.deleted", payload: { projectId, id: taskId, title: task.title, privacyScope: taskPrivacyScope(task, { privacy: task.list_privacy }) } }],
        before: (trx) => stopTimersOnDeleted(trx, actor, ctx.config.timerMaxHours, { taskIds: [taskId] }),
      });
    },

    /**
     * Puts a list's tasks in the given order. With `moved_task_id`, that task first moves into the list
     * (an edit of the task, so only those who may edit it), landing at the end unless `orders` places it.
     */
    async sortTasks(actor: Actor, projectId: number, input: SortTasksBody): Promise<void> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const list = await findTaskList(ctx.db, input.list_id);
      if (!list || list.project_id !== projectId || !taskListPolicy.canSee(projectAccess, list)) {
        throw invalidField("list_id", say("tasks.choose_task_list_project"));
      }
      const moved = input.moved_task_id === undefined ? null : await requireVisibleTask(projectAccess, input.moved_task_id);
      const moving = moved !== null && moved.task_list_id !== list.id;
      if (moving && moved) {
        if (!taskPolicy.canEdit(projectAccess, moved)) throw forbidden(say("tasks.who_may_move"));
        if (moved.parent_id !== 0) throw invalidField("moved_task_id", say("tasks.sub_task_moves_with_parent_task"));
        if (list.status !== 1) throw new AppError("rule_broken", say("tasks.task_list_archived_restore_before_adding"));
      } else if (!taskPolicy.canReorder(projectAccess)) {
        throw forbidden(say("tasks.cannot_reorder_tasks"));
      }
      const orderIds = input.orders.map((order) => order.id);
      // Hidden tasks read exactly like unknown ones, so the answer does not tell which private ids exist.
      const inList = await tasks.findTaskIdsInList(list.id, orderIds, privacyView(projectAccess));
      const strangers = orderIds.filter((id) => !inList.has(id) && !(moving && id === moved?.id));
      if (strangers.length > 0) throw invalidField("orders", say("tasks.these_tasks_not_list", { strangers: [...new Set(strangers)].join(", ") }));
      const now = nowUtc();
      await transact(ctx, async (trx) => {
        const repo = tasksRepository(trx);
        if (moving && moved) {
          const from = await findTaskList(trx, moved.task_list_id);
          await repo.moveTask(moved.id, list.id, await repo.nextSortOrder(list.id), now);
          const privacyScope = taskPrivacyScope(moved, list);
          await rescopeActivities(trx, { projectId, subject: "task", ids: [moved.id], scope: privacyScope });
          await rescopeTaskActivities(trx, { projectId, of: { parentId: moved.id }, scopeFor: (privacy) => taskPrivacyScope({ privacy }, list) });
          await recordEvent(trx, actor, {
            name: "task.updated",
            payload: {
              projectId, id: moved.id, title: moved.title, privacyScope,
              changes: { task_list: { from: { id: moved.task_list_id, title: from?.title ?? "" }, to: { id: list.id, title: list.title } } },
            },
          });
        }
        await repo.setSortOrders(input.orders);
      });
    },
  };
}

export type TasksService = ReturnType<typeof tasksService>;

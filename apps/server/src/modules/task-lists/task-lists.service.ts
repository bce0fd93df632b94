import type { CreateTaskListBody, ListTaskListsQuery, Pagination, ShowTaskListQuery, Task, TaskList, UndoTicket, UpdateTaskListBody } from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { AppContext } from "../../context.js";
import type { Database } from "../../db/schema.js";
import type { TaskListRow } from "./task-lists.tables.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden, invalidField, notFound, say } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import { pageRequest, paginationMeta } from "../../lib/pagination.js";
import { sanitizeRichText } from "../../lib/rich-text.js";
import { rescopeActivities, rescopeTaskActivities } from "../activities/activity-recorder.js";
import { fieldChanges } from "../../events/field-changes.js";
import { recordEvent, transact } from "../../events/record-event.js";
import { countComments } from "../comments/comments.service.js";
import { readCache } from "../../shared/read-cache.js";
import { canSeeMilestone, capabilitiesToSee, isPrivate, privacyScopeOf, viewKey } from "../privacy/privacy.rules.js";
import type { ProjectAccess, ProjectAccessService } from "../projects/project-access.js";
import type { TaskHalf } from "../tasks/task-pages.repository.js";
import { countTasksByList, pageTasksByList } from "../tasks/task-pages.service.js";
import { taskLoader } from "../tasks/tasks.loader.js";
import { keepTask, keptTaskFor, TASK_READ_TABLES, type KeptTask, type TaskReader } from "../tasks/kept-task.js";
import { runningTimers } from "../time-tracker/task-time.js";
import { stopTimersOnDeleted } from "../time-tracker/time-tracker.service.js";
import { privacyView, taskPrivacyScope } from "../tasks/tasks.policy.js";
import type { TrashService } from "../trash/trash.service.js";
import { taskListAbilities, taskListPolicy } from "./task-lists.policy.js";
import { presentTaskList, type TaskPage } from "./task-lists.presenter.js";
import { taskListsRepository } from "./task-lists.repository.js";

/** How many of each half of every list's tasks to include, and from which page. */
interface TaskPaging {
  incomplete?: { page: number; perPage: number };
  complete?: { page: number; perPage: number };
}

/** The activity scope of a list: private ones are hidden from readers without view_private_list. */
function scopeOf(list: Pick<TaskListRow, "privacy">): string | null {
  return privacyScopeOf(capabilitiesToSee({ kind: "task_list", privacy: list.privacy }));
}

/**
 * Most task rows one listing of lists may carry: lists shown x (incomplete_task_per_page +
 * complete_task_per_page). `per_page=-1` with large task pages would otherwise read without bound. High
 * enough for the documents' Kanban call (every list, 20 open tasks each) on a 10,000-task project of
 * 200 lists (benchmarked in bench/scenarios/task-lists.ts).
 */
export const MAX_TASKS_PER_LISTING = 10_000;

/**
 * 400 when a listing would carry more than MAX_TASKS_PER_LISTING tasks, naming the page size to lower: the
 * lists' `per_page` when every list was asked for (-1), otherwise the included task page sizes.
 */
function checkListingSize(query: ListTaskListsQuery, listsShown: number, paging: TaskPaging): void {
  const perList = (paging.incomplete?.perPage ?? 0) + (paging.complete?.perPage ?? 0);
  if (listsShown * perList <= MAX_TASKS_PER_LISTING) return;
  const message = say("task_lists.too_many_tasks_listed", { max: MAX_TASKS_PER_LISTING, lists: listsShown, per_list: perList });
  const fields = query.per_page === -1
    ? ["per_page"]
    : [...(paging.incomplete ? ["incomplete_task_per_page"] : []), ...(paging.complete ? ["complete_task_per_page"] : [])];
  throw new AppError("rest_invalid_param", message, { params: Object.fromEntries(fields.map((field) => [field, [message]])) });
}

/** A presented list with its shown tasks, as every reader with one privacy view sees it. */
interface KeptList {
  row: TaskListRow;
  list: TaskList;
  incomplete?: readonly KeptTask[];
  complete?: readonly KeptTask[];
}

/** One answer of the lists listing before abilities, which depend on the reader. */
interface KeptListing {
  lists: readonly KeptList[];
  pagination: Pagination;
  taskCount: number;
}

/**
 * Every table a listing is read from (a task's, and its milestones'). A commit to any of them, by any
 * process, makes every kept listing read again.
 */
const LISTING_TABLES = [...TASK_READ_TABLES, "milestones"];
/** Tasks kept in listings at most (each a few KB of memory); the least recently read go first. */
const MAX_KEPT_LISTING_TASKS = 20_000;

/** The kept listing as one reader sees it: the same records, with this reader's time and abilities. */
function withAbilities(kept: KeptListing, reader: TaskReader): TaskList[] {
  const { access } = reader;
  const tasksFor = (tasks: readonly KeptTask[]) => tasks.map((task) => keptTaskFor(reader, task));
  return kept.lists.map(({ row, list, incomplete, complete }) => ({
    ...list,
    ...(list.incomplete_tasks && incomplete && { incomplete_tasks: { data: tasksFor(incomplete), meta: list.incomplete_tasks.meta } }),
    ...(list.complete_tasks && complete && { complete_tasks: { data: tasksFor(complete), meta: list.complete_tasks.meta } }),
    abilities: taskListAbilities(access, row),
  }));
}

/** Task lists of a project: listing them with their first tasks, and every change, each with its activity. */
export function taskListsService(
  ctx: AppContext,
  access: ProjectAccessService,
  trash: TrashService,
) {
  const lists = taskListsRepository(ctx.db);
  const loader = taskLoader(ctx.db, ctx.config.timezone);
  const running = runningTimers(ctx.tables, ctx.db);
  const tz = ctx.config.timezone;
  // Listings by project, privacy view and query: the task-lists page is every member's most read answer.
  const listings = readCache<KeptListing>(ctx.tables, {
    dependsOn: LISTING_TABLES,
    maxWeight: MAX_KEPT_LISTING_TASKS,
    weigh: (listing) => listing.taskCount + listing.lists.length,
  });

  /**
   * Presents lists with their counts, milestones, comment counts and (when asked) a page of each half of
   * their tasks. A fixed number of queries whatever the number of tasks: counts grouped by list, one page
   * query per half (per 200 lists), then the assignees and comment counts of all shown tasks, then one
   * query for every user shown. Each task is also kept as text (KeptTask) for the listings cache.
   */
  async function presentMany(projectAccess: ProjectAccess, rows: readonly TaskListRow[], paging: TaskPaging, runningTaskId: number | null = null): Promise<KeptList[]> {
    const listIds = rows.map((row) => row.id);
    const view = privacyView(projectAccess);
    const pageOf = (half: TaskHalf, spec: { page: number; perPage: number } | undefined) =>
      spec ? pageTasksByList(ctx.db, { listIds, half, view, offset: (spec.page - 1) * spec.perPage, limit: spec.perPage }) : Promise.resolve([]);
    const [counts, milestones, listComments, incomplete, complete] = await Promise.all([
      countTasksByList(ctx.db, listIds, view),
      lists.findMilestones(rows.flatMap((row) => (row.milestone_id === null ? [] : [row.milestone_id]))),
      countComments(ctx.db, "task_list", listIds),
      pageOf("incomplete", paging.incomplete),
      pageOf("complete", paging.complete),
    ]);
    const shownTasks = [...incomplete, ...complete];
    const relations = await loader.loadRelations(shownTasks);
    const users = await loader.loadUsers([...relations.userIds, ...rows.map((row) => row.created_by)]);
    const presentedTasks = loader.presentAll(shownTasks, relations, users, () => projectAccess, runningTaskId);
    const records = new Map(shownTasks.map((record) => [record.id, record]));
    const byId = new Map<number, { task: Task; kept: KeptTask }>();
    for (const task of presentedTasks) {
      const record = records.get(task.id);
      if (!record) continue;
      byId.set(task.id, { task, kept: keepTask(task, record, relations.assignees.get(task.id) ?? []) });
    }

    const pageFor = (listId: number, records: typeof incomplete, spec: { page: number; perPage: number } | undefined, total: number) => {
      if (!spec) return undefined;
      const shown = records.filter((record) => record.task_list_id === listId).flatMap((record) => byId.get(record.id) ?? []);
      const request = pageRequest(spec.page, spec.perPage, spec.perPage);
      const page: TaskPage = { data: shown.map((entry) => entry.task), meta: { pagination: paginationMeta(request, total, shown.length) } };
      return { kept: shown.map((entry) => entry.kept), page };
    };

    return rows.map((row) => {
      const count = counts.get(row.id) ?? { complete: 0, incomplete: 0 };
      const incompletePage = pageFor(row.id, incomplete, paging.incomplete, count.incomplete);
      const completePage = pageFor(row.id, complete, paging.complete, count.complete);
      const list = presentTaskList(row, {
        access: projectAccess,
        users,
        milestone: milestones.find((milestone) => milestone.id === row.milestone_id) ?? null,
        counts: count,
        commentCount: listComments.get(row.id) ?? 0,
        incompleteTasks: incompletePage?.page,
        completeTasks: completePage?.page,
        timezone: tz,
      });
      return { row, list, incomplete: incompletePage?.kept, complete: completePage?.kept };
    });
  }

  /** The listing as every reader with this access's privacy view sees it, abilities aside. */
  async function loadListing(projectAccess: ProjectAccess, query: ListTaskListsQuery): Promise<KeptListing> {
    const { projectId } = projectAccess;
    const page = pageRequest(query.page, query.per_page, 15);
    const filter = { projectId, status: query.status, view: privacyView(projectAccess), milestoneId: query.milestone };
    const { rows, total } = await lists.listLists(filter, page.limit, page.offset);
    const paging: TaskPaging = {
      incomplete: query.with.includes("incomplete_tasks") ? { page: 1, perPage: query.incomplete_task_per_page } : undefined,
      complete: query.with.includes("complete_tasks") ? { page: 1, perPage: query.complete_task_per_page } : undefined,
    };
    checkListingSize(query, rows.length, paging);
    // The tasks are kept as text alone (KeptTask): the presented objects would hold the memory twice.
    const kept = (await presentMany(projectAccess, rows, paging)).map((entry) => ({
      ...entry,
      list: {
        ...entry.list,
        ...(entry.list.incomplete_tasks && { incomplete_tasks: { ...entry.list.incomplete_tasks, data: [] } }),
        ...(entry.list.complete_tasks && { complete_tasks: { ...entry.list.complete_tasks, data: [] } }),
      },
    }));
    const taskCount = kept.reduce((sum, list) => sum + (list.incomplete?.length ?? 0) + (list.complete?.length ?? 0), 0);
    return { lists: kept, pagination: paginationMeta(page, total, kept.length), taskCount };
  }

  /** The list, or 404 when it is not in the project or the reader may not see it. */
  async function requireVisibleList(projectAccess: ProjectAccess, listId: number): Promise<TaskListRow> {
    const list = await lists.findList(listId);
    if (!list || list.project_id !== projectAccess.projectId || !taskListPolicy.canSee(projectAccess, list)) throw notFound(say("common.task_list_not_found"));
    return list;
  }

  async function presentOne(projectAccess: ProjectAccess, listId: number, paging: TaskPaging = {}): Promise<TaskList> {
    const list = await lists.findList(listId);
    if (!list) throw notFound(say("common.task_list_not_found"));
    const runningTaskId = paging.incomplete || paging.complete ? await running.taskOf(projectAccess.userId) : null;
    const [presented] = await presentMany(projectAccess, [list], paging, runningTaskId);
    if (!presented) throw notFound(say("common.task_list_not_found"));
    return presented.list;
  }

  /** A milestone id of this project that the actor sees, or 0 for none. */
  async function checkMilestone(projectAccess: ProjectAccess, milestoneId: number | undefined): Promise<void> {
    if (!milestoneId) return;
    const milestone = await lists.findProjectMilestone(projectAccess.projectId, milestoneId);
    if (!milestone || !canSeeMilestone(privacyView(projectAccess), milestone)) {
      throw invalidField("milestone", say("task_lists.choose_milestone_project"));
    }
  }

  return {
    async listTaskLists(actor: Actor, projectId: number, query: ListTaskListsQuery): Promise<{ lists: TaskList[]; pagination: Pagination }> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const key = `${projectId}|${viewKey(privacyView(projectAccess))}|${JSON.stringify(query)}`;
      const [kept, runningTaskId] = await Promise.all([listings.get(key, () => loadListing(projectAccess, query)), running.taskOf(projectAccess.userId)]);
      return { lists: withAbilities(kept, { access: projectAccess, runningTaskId }), pagination: kept.pagination };
    },

    /** One list with a page of each half of its tasks (`incomplete_task_page`, `complete_task_page`). */
    async getTaskList(actor: Actor, projectId: number, listId: number, query: ShowTaskListQuery): Promise<TaskList> {
      const projectAccess = await access.requireAccess(actor, projectId);
      await requireVisibleList(projectAccess, listId);
      return presentOne(projectAccess, listId, {
        incomplete: { page: query.incomplete_task_page, perPage: query.incomplete_task_per_page },
        complete: { page: query.complete_task_page, perPage: query.complete_task_per_page },
      });
    },

    async createTaskList(actor: Actor, projectId: number, input: CreateTaskListBody): Promise<TaskList> {
      const projectAccess = await access.requireAccess(actor, projectId);
      if (!taskListPolicy.canCreate(projectAccess)) throw forbidden(say("common.cannot_create_task_lists"));
      if (input.privacy && !taskListPolicy.canMakePrivate(projectAccess)) throw forbidden(say("task_lists.cannot_create_private_task_lists"));
      await checkMilestone(projectAccess, input.milestone);
      const now = nowUtc();
      const created = await transact(ctx, async (trx) => {
        const repo = taskListsRepository(trx);
        const list = await repo.insertList({
          project_id: projectId,
          title: input.title,
          description: sanitizeRichText(input.description),
          sort_order: await repo.nextSortOrder(projectId),
          status: 1,
          privacy: input.privacy ? 1 : 0,
          is_inbox: 0,
          milestone_id: input.milestone || null,
          created_by: actor.id,
          created_at: now,
          updated_at: now,
        });
        await recordEvent(trx, actor, {
          name: "task_list.created", payload: { projectId, id: list.id, title: list.title, privacyScope: scopeOf(list) },
        });
        return list;
      });
      return presentOne(projectAccess, created.id);
    },

    /** Changes a list; `status` 0 archives it and 1 restores it. The Inbox stays current and public. */
    async updateTaskList(actor: Actor, projectId: number, listId: number, input: UpdateTaskListBody): Promise<TaskList> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const list = await requireVisibleList(projectAccess, listId);
      if (!taskListPolicy.canEdit(projectAccess, list)) throw forbidden(say("task_lists.who_may_change"));
      if (input.privacy && !isPrivate(list.privacy) && !taskListPolicy.canMakePrivate(projectAccess)) throw forbidden(say("task_lists.cannot_make_task_lists_private"));
      if (list.is_inbox === 1 && (input.status === 0 || input.privacy === true)) {
        throw new AppError("rule_broken", say("task_lists.inbox_cannot_archived_made_private_new"));
      }
      await checkMilestone(projectAccess, input.milestone);
      const now = nowUtc();
      await transact(ctx, async (trx) => {
        const updated = await taskListsRepository(trx).updateList(listId, {
          ...(input.title !== undefined && { title: input.title }),
          ...(input.description !== undefined && { description: sanitizeRichText(input.description) }),
          ...(input.milestone !== undefined && { milestone_id: input.milestone || null }),
          ...(input.privacy !== undefined && { privacy: input.privacy ? 1 : 0 }),
          ...(input.status !== undefined && { status: input.status }),
          updated_at: now,
        });
        if (!updated) throw notFound(say("common.task_list_not_found"));
        if (updated.privacy !== list.privacy) {
          // The history of the list, of its tasks and of the comments on them follows the list's new privacy.
          // Re-scoping stays in the change's transaction rather than in a subscriber: an entry's scope is who may
          // read it, and after commit a record just made private would show its history until (or, with a
          // failing subscriber, long after) the subscriber ran; a late retry could even undo a newer change.
          await rescopeActivities(trx, { projectId, subject: "task_list", ids: [listId], scope: scopeOf(updated) });
          await rescopeTaskActivities(trx, { projectId, of: { listId }, scopeFor: (privacy) => taskPrivacyScope({ privacy }, updated) });
        }
        await recordEvent(trx, actor, {
          name: "task_list.updated",
          payload: {
            projectId, id: listId, title: updated.title, privacyScope: scopeOf(updated),
            changes: fieldChanges(["title", "description", "milestone_id", "privacy", "status"], list, updated),
          },
        });
      });
      return presentOne(projectAccess, listId);
    },

    /**
     * Deletes a list with its tasks, the comments on both and their attachments, into the trash: the
     * answer's ticket brings it all back (trash module). The Inbox cannot be deleted.
     */
    async deleteTaskList(actor: Actor, projectId: number, listId: number): Promise<UndoTicket> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const list = await requireVisibleList(projectAccess, listId);
      if (list.is_inbox === 1) throw new AppError("rule_broken", say("task_lists.inbox_cannot_deleted"));
      if (!taskListPolicy.canDelete(projectAccess, list)) throw forbidden(say("task_lists.who_may_delete"));
      return trash.discard(actor, {
        projectId, kind: "task_list", roots: { task_lists: [listId] },
        events: [{ name: "task_list.deleted", payload: { projectId, id: listId, title: list.title, privacyScope: scopeOf(list) } }],
        before: (trx) => stopTimersOnDeleted(trx, actor, ctx.config.timerMaxHours, { listIds: [listId] }),
      });
    },

    /** Saves the order of a project's lists; the Inbox is always shown first whatever its index. */
    async sortTaskLists(actor: Actor, projectId: number, orders: ReadonlyArray<{ id: number; index: number }>): Promise<void> {
      const projectAccess = await access.requireAccess(actor, projectId);
      if (!taskListPolicy.canReorder(projectAccess)) throw forbidden(say("task_lists.cannot_reorder_task_lists"));
      const known = await lists.findListIds(projectId, orders.map((order) => order.id), privacyView(projectAccess));
      const strangers = orders.filter((order) => !known.has(order.id)).map((order) => order.id);
      if (strangers.length > 0) throw invalidField("orders", say("task_lists.these_lists_not_project", { strangers: [...new Set(strangers)].join(", ") }));
      await ctx.db.transaction().execute((trx) => taskListsRepository(trx).setSortOrders(orders));
    },
  };
}

export type TaskListsService = ReturnType<typeof taskListsService>;

// The list reads of the tasks module, which never imports the task-lists repository.

/** The list with this id, in any project, or undefined. */
export function findTaskList(db: Kysely<Database>, id: number): Promise<TaskListRow | undefined> {
  return taskListsRepository(db).findList(id);
}

/** The project's inbox list (the first one marked as inbox), or undefined. */
export function findInboxList(db: Kysely<Database>, projectId: number): Promise<TaskListRow | undefined> {
  return taskListsRepository(db).findInbox(projectId);
}

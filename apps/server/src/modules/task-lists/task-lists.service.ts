import type { CreateTaskListBody, ListTaskListsQuery, Pagination, ShowTaskListQuery, TaskList, UpdateTaskListBody } from "@plotline/contracts";
import type { AppContext } from "../../context.js";
import type { TaskListRow } from "../../db/schema.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden, invalidField, notFound } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import { pageRequest, paginationMeta } from "../../lib/pagination.js";
import { sanitizeRichText } from "../../lib/rich-text.js";
import { privacyScopeOf, recordActivity, rescopeActivities, rescopeTaskActivities, type ActivityType } from "../activities/activity-recorder.js";
import { commentsRepository } from "../comments/comments.repository.js";
import { type AttachmentsService } from "../files/attachments.service.js";
import type { ProjectAccess, ProjectAccessService } from "../projects/project-access.js";
import { taskPagesRepository, type TaskHalf } from "../tasks/task-pages.repository.js";
import { taskLoader } from "../tasks/tasks.loader.js";
import { privacyView, taskPrivacyScope } from "../tasks/tasks.policy.js";
import { taskListPolicy } from "./task-lists.policy.js";
import { presentTaskList, type TaskPage } from "./task-lists.presenter.js";
import { taskListsRepository } from "./task-lists.repository.js";

/** How many of each half of every list's tasks to include, and from which page. */
interface TaskPaging {
  incomplete?: { page: number; perPage: number };
  complete?: { page: number; perPage: number };
}

/** The activity scope of a list: private ones are hidden from readers without view_private_list. */
function scopeOf(list: Pick<TaskListRow, "privacy">): string | null {
  return privacyScopeOf(list.privacy === 1 ? ["view_private_list"] : []);
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
  const message = `At most ${MAX_TASKS_PER_LISTING} tasks can be listed at once (here ${listsShown} lists x ${perList} tasks); ask for fewer lists per page or fewer tasks per list.`;
  const fields = query.per_page === -1
    ? ["per_page"]
    : [...(paging.incomplete ? ["incomplete_task_per_page"] : []), ...(paging.complete ? ["complete_task_per_page"] : [])];
  throw new AppError("rest_invalid_param", message, { params: Object.fromEntries(fields.map((field) => [field, [message]])) });
}

/** Task lists of a project: listing them with their first tasks, and every change, each with its activity. */
export function taskListsService(
  ctx: AppContext,
  access: ProjectAccessService,
  attachments: AttachmentsService,
) {
  const lists = taskListsRepository(ctx.db);
  const pages = taskPagesRepository(ctx.db);
  const comments = commentsRepository(ctx.db);
  const loader = taskLoader(ctx.db, ctx.config.timezone);
  const tz = ctx.config.timezone;

  /**
   * Presents lists with their counts, milestones, comment counts and (when asked) a page of each half of
   * their tasks. A fixed number of queries whatever the number of lists and tasks: counts grouped by list,
   * one windowed query per half, then the assignees and comment counts of all shown tasks, then one query
   * for every user shown.
   */
  async function presentMany(projectAccess: ProjectAccess, rows: readonly TaskListRow[], paging: TaskPaging): Promise<TaskList[]> {
    const listIds = rows.map((row) => row.id);
    const includePrivate = privacyView(projectAccess).privateTasks;
    const pageOf = (half: TaskHalf, spec: { page: number; perPage: number } | undefined) =>
      spec ? pages.pageTasksByList({ listIds, half, includePrivate, offset: (spec.page - 1) * spec.perPage, limit: spec.perPage }) : Promise.resolve([]);
    const [counts, milestones, listComments, incomplete, complete] = await Promise.all([
      pages.countTasksByList(listIds, includePrivate),
      lists.findMilestones(rows.flatMap((row) => (row.milestone_id === null ? [] : [row.milestone_id]))),
      comments.countComments("task_list", listIds),
      pageOf("incomplete", paging.incomplete),
      pageOf("complete", paging.complete),
    ]);
    const shownTasks = [...incomplete, ...complete];
    const relations = await loader.loadRelations(shownTasks);
    const users = await loader.loadUsers([...relations.userIds, ...rows.map((row) => row.created_by)]);
    const presentedTasks = loader.presentAll(shownTasks, relations, users, () => projectAccess);
    const byId = new Map(presentedTasks.map((task) => [task.id, task]));

    const pageFor = (listId: number, records: typeof incomplete, spec: { page: number; perPage: number } | undefined, total: number): TaskPage | undefined => {
      if (!spec) return undefined;
      const data = records.filter((record) => record.task_list_id === listId).flatMap((record) => byId.get(record.id) ?? []);
      const request = pageRequest(spec.page, spec.perPage, spec.perPage);
      return { data, meta: { pagination: paginationMeta(request, total, data.length) } };
    };

    return rows.map((row) => {
      const count = counts.get(row.id) ?? { complete: 0, incomplete: 0 };
      return presentTaskList(row, {
        access: projectAccess,
        users,
        milestone: milestones.find((milestone) => milestone.id === row.milestone_id) ?? null,
        counts: count,
        commentCount: listComments.get(row.id) ?? 0,
        incompleteTasks: pageFor(row.id, incomplete, paging.incomplete, count.incomplete),
        completeTasks: pageFor(row.id, complete, paging.complete, count.complete),
        timezone: tz,
      });
    });
  }

  /** The list, or 404 when it is not in the project or the reader may not see it. */
  async function requireVisibleList(projectAccess: ProjectAccess, listId: number): Promise<TaskListRow> {
    const list = await lists.findList(listId);
    if (!list || list.project_id !== projectAccess.projectId || !taskListPolicy.canSee(projectAccess, list)) throw notFound("Task list");
    return list;
  }

  async function presentOne(projectAccess: ProjectAccess, listId: number, paging: TaskPaging = {}): Promise<TaskList> {
    const list = await lists.findList(listId);
    if (!list) throw notFound("Task list");
    const [presented] = await presentMany(projectAccess, [list], paging);
    if (!presented) throw notFound("Task list");
    return presented;
  }

  /** A milestone id of this project that the actor sees, or 0 for none. */
  async function checkMilestone(projectAccess: ProjectAccess, milestoneId: number | undefined): Promise<void> {
    if (!milestoneId) return;
    const milestone = await lists.findProjectMilestone(projectAccess.projectId, milestoneId);
    if (!milestone || (milestone.privacy === 1 && !projectAccess.can("view_private_milestone"))) {
      throw invalidField("milestone", "Choose a milestone of this project.");
    }
  }

  return {
    async listTaskLists(actor: Actor, projectId: number, query: ListTaskListsQuery): Promise<{ lists: TaskList[]; pagination: Pagination }> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const page = pageRequest(query.page, query.per_page, 15);
      const filter = { projectId, status: query.status, includePrivate: privacyView(projectAccess).privateLists, milestoneId: query.milestone };
      const { rows, total } = await lists.listLists(filter, page.limit, page.offset);
      const paging: TaskPaging = {
        incomplete: query.with.includes("incomplete_tasks") ? { page: 1, perPage: query.incomplete_task_per_page } : undefined,
        complete: query.with.includes("complete_tasks") ? { page: 1, perPage: query.complete_task_per_page } : undefined,
      };
      checkListingSize(query, rows.length, paging);
      const presented = await presentMany(projectAccess, rows, paging);
      return { lists: presented, pagination: paginationMeta(page, total, presented.length) };
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
      if (!taskListPolicy.canCreate(projectAccess)) throw forbidden("You do not have permission to create task lists in this project.");
      if (input.privacy && !taskListPolicy.canMakePrivate(projectAccess)) throw forbidden("You do not have permission to create private task lists.");
      await checkMilestone(projectAccess, input.milestone);
      const now = nowUtc();
      const created = await ctx.db.transaction().execute(async (trx) => {
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
        await recordActivity(trx, actor, {
          projectId, type: "create", resource: "task_list", resourceId: list.id, title: list.title, privacyScope: scopeOf(list),
        });
        return list;
      });
      return presentOne(projectAccess, created.id);
    },

    /** Changes a list; `status` 0 archives it and 1 restores it. The Inbox stays current and public. */
    async updateTaskList(actor: Actor, projectId: number, listId: number, input: UpdateTaskListBody): Promise<TaskList> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const list = await requireVisibleList(projectAccess, listId);
      if (!taskListPolicy.canEdit(projectAccess, list)) throw forbidden("Only managers and the list's creator can change it.");
      if (input.privacy && list.privacy === 0 && !taskListPolicy.canMakePrivate(projectAccess)) throw forbidden("You do not have permission to make task lists private.");
      if (list.is_inbox === 1 && (input.status === 0 || input.privacy === true)) {
        throw new AppError("rule_broken", "The Inbox cannot be archived or made private: new tasks land in it.");
      }
      await checkMilestone(projectAccess, input.milestone);
      const now = nowUtc();
      await ctx.db.transaction().execute(async (trx) => {
        const updated = await taskListsRepository(trx).updateList(listId, {
          ...(input.title !== undefined && { title: input.title }),
          ...(input.description !== undefined && { description: sanitizeRichText(input.description) }),
          ...(input.milestone !== undefined && { milestone_id: input.milestone || null }),
          ...(input.privacy !== undefined && { privacy: input.privacy ? 1 : 0 }),
          ...(input.status !== undefined && { status: input.status }),
          updated_at: now,
        });
        if (!updated) throw notFound("Task list");
        if (updated.privacy !== list.privacy) {
          // The history of the list, of its tasks and of the comments on them follows the list's new privacy.
          await rescopeActivities(trx, { projectId, subject: "task_list", ids: [listId], scope: scopeOf(updated) });
          await rescopeTaskActivities(trx, { projectId, of: { listId }, scopeFor: (privacy) => taskPrivacyScope({ privacy }, updated) });
        }
        const statusChanged = input.status !== undefined && input.status !== list.status;
        const type: ActivityType = statusChanged ? (input.status === 0 ? "archive" : "restore") : "update";
        await recordActivity(trx, actor, {
          projectId, type, resource: "task_list", resourceId: listId, title: updated.title, privacyScope: scopeOf(updated),
        });
      });
      return presentOne(projectAccess, listId);
    },

    /** Deletes a list with its tasks and their comments. The Inbox cannot be deleted. */
    async deleteTaskList(actor: Actor, projectId: number, listId: number): Promise<void> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const list = await requireVisibleList(projectAccess, listId);
      if (list.is_inbox === 1) throw new AppError("rule_broken", "The Inbox cannot be deleted.");
      if (!taskListPolicy.canDelete(projectAccess, list)) throw forbidden("Only managers and the list's creator can delete it.");
      await ctx.db.transaction().execute(async (trx) => {
        await taskListsRepository(trx).deleteList(listId);
        await recordActivity(trx, actor, {
          projectId, type: "delete", resource: "task_list", resourceId: listId, title: list.title, privacyScope: scopeOf(list),
        });
      });
      // The files attached to its tasks and their comments go too, rows and bytes.
      await attachments.purgeOrphans(projectId);
    },

    /** Saves the order of a project's lists; the Inbox is always shown first whatever its index. */
    async sortTaskLists(actor: Actor, projectId: number, orders: ReadonlyArray<{ id: number; index: number }>): Promise<void> {
      const projectAccess = await access.requireAccess(actor, projectId);
      if (!taskListPolicy.canReorder(projectAccess)) throw forbidden("You do not have permission to reorder task lists in this project.");
      const known = await lists.findListIds(projectId, orders.map((order) => order.id), privacyView(projectAccess).privateLists);
      const strangers = orders.filter((order) => !known.has(order.id)).map((order) => order.id);
      if (strangers.length > 0) throw invalidField("orders", `These lists are not in the project: ${[...new Set(strangers)].join(", ")}.`);
      await ctx.db.transaction().execute((trx) => taskListsRepository(trx).setSortOrders(orders));
    },
  };
}

export type TaskListsService = ReturnType<typeof taskListsService>;

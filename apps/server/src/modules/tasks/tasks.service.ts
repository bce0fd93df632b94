import type { CreateTaskBody, ListTasksQuery, Pagination, SortTasksBody, Task, UpdateTaskBody } from "@plotline/contracts";
import type { AppContext } from "../../context.js";
import type { TaskListRow } from "../../db/schema.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden, invalidField, notFound } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import { pageRequest, paginationMeta } from "../../lib/pagination.js";
import { sanitizeRichText } from "../../lib/rich-text.js";
import { recordActivity, rescopeActivities, rescopeTaskActivities, resourcePhrase } from "../activities/activity-recorder.js";
import { type AttachmentsService, type AttachmentTarget } from "../files/attachments.service.js";
import type { UploadedFile } from "../files/files.upload.js";
import { labelsRepository } from "../labels/labels.repository.js";
import type { ProjectAccess, ProjectAccessService } from "../projects/project-access.js";
import { taskListPolicy } from "../task-lists/task-lists.policy.js";
import { taskListsRepository } from "../task-lists/task-lists.repository.js";
import { taskPagesRepository, type TaskSearch } from "./task-pages.repository.js";
import { projectIdsOf, scopesFor, searchFilters } from "./task-search.js";
import { taskLoader } from "./tasks.loader.js";
import { privacyView, taskPolicy, taskPrivacyScope } from "./tasks.policy.js";
import { tasksRepository, type NewTask, type TaskWithList } from "./tasks.repository.js";

/** A page of tasks with its pagination. */
export interface TaskListing {
  tasks: Task[];
  pagination: Pagination;
}

/** Fields that change with the status: completing stamps who and when, reopening clears both. */
function statusChanges(status: number, actor: Actor, at: string): Pick<NewTask, "status" | "completed_at" | "completed_by"> {
  return status === 1 ? { status, completed_at: at, completed_by: actor.id } : { status, completed_at: null, completed_by: null };
}

function checkDates(startAt: string | null | undefined, dueDate: string | null | undefined): void {
  if (startAt && dueDate && startAt > dueDate) throw invalidField("due_date", "The due date cannot be before the start date.");
}

/** Tasks: reading them with their privacy rules, and every change, each with its activity. */
/** The record attachments of a task are filed under: the task, with its privacy. */
function attachmentTarget(task: { id: number; project_id: number; title: string }, privacyScope: string | null): AttachmentTarget {
  return { projectId: task.project_id, type: "task", id: task.id, phrase: resourcePhrase("task", task.title), privacyScope, subject: { type: "task", id: task.id } };
}

export function tasksService(
  ctx: AppContext,
  access: ProjectAccessService,
  attachments: AttachmentsService,
) {
  const tasks = tasksRepository(ctx.db);
  const lists = taskListsRepository(ctx.db);
  const pages = taskPagesRepository(ctx.db);
  const loader = taskLoader(ctx.db, ctx.config.timezone);
  const labels = labelsRepository(ctx.db);

  /** The task, or 404 when it is not in the project or the reader may not see it. */
  async function requireVisibleTask(projectAccess: ProjectAccess, taskId: number): Promise<TaskWithList> {
    const task = await tasks.findTask(taskId);
    if (!task || task.project_id !== projectAccess.projectId || !taskPolicy.canSee(privacyView(projectAccess), task, { privacy: task.list_privacy })) {
      throw notFound("Task");
    }
    return task;
  }

  async function presentOne(projectAccess: ProjectAccess, taskId: number): Promise<Task> {
    const task = await tasks.findTask(taskId);
    if (!task) throw notFound("Task");
    const [[presented], files] = await Promise.all([loader.present([task], () => projectAccess), attachments.listFor("task", [taskId])]);
    if (!presented) throw notFound("Task");
    // One task's answers carry its attached files; listings carry only their count.
    return { ...presented, files: { data: files.get(taskId) ?? [] } };
  }

  /** The list a task goes to: the given one (a current list of this project the actor sees) or the Inbox. */
  async function resolveList(projectAccess: ProjectAccess, boardId: number | undefined): Promise<TaskListRow> {
    const list = boardId === undefined ? await lists.findInbox(projectAccess.projectId) : await lists.findList(boardId);
    if (!list || list.project_id !== projectAccess.projectId || !taskListPolicy.canSee(projectAccess, list)) {
      throw invalidField("board_id", "Choose a task list of this project.");
    }
    if (list.status !== 1) throw new AppError("rule_broken", "This task list is archived. Restore it before adding tasks to it.");
    return list;
  }

  async function checkAssignees(projectId: number, userIds: readonly number[] | undefined): Promise<void> {
    if (!userIds || userIds.length === 0) return;
    const members = await tasks.findMemberIds(projectId, userIds);
    const strangers = [...new Set(userIds)].filter((id) => !members.has(id));
    if (strangers.length > 0) throw invalidField("assignees", `Only members of this project can be assigned; not: ${strangers.join(", ")}.`);
  }

  /** `task_labels` must name labels of the task's project; the others are a 400 naming them. */
  async function checkLabels(projectId: number, labelIds: readonly number[] | undefined): Promise<void> {
    if (!labelIds || labelIds.length === 0) return;
    const known = await labels.findLabelIds(projectId, labelIds);
    const strangers = labelIds.filter((id) => !known.has(id));
    if (strangers.length > 0) throw invalidField("task_labels", `Choose labels of this project; not: ${strangers.join(", ")}.`);
  }

  async function checkType(typeId: number | null | undefined): Promise<void> {
    if (typeId && !(await tasks.taskTypeExists(typeId))) throw invalidField("type_id", "Choose an existing task type.");
  }

  /** One page of a search, presented; `accessesFor` gives the access to the projects the rows are in. */
  async function search(
    spec: TaskSearch,
    query: ListTasksQuery,
    accessesFor: (projectIds: number[]) => Promise<ReadonlyMap<number, ProjectAccess>>,
  ): Promise<TaskListing> {
    const page = pageRequest(query.page, query.per_page, 20);
    const { rows, total } = await pages.searchTasks(spec, page.limit, page.offset);
    const accesses = await accessesFor(rows.map((row) => row.project_id));
    const presented = await loader.present(rows, (id) => accesses.get(id));
    return { tasks: presented, pagination: paginationMeta(page, total, presented.length) };
  }

  return {
    /** `GET pm/v2/projects/{p}/tasks`: the project's tasks the actor may see, filtered. */
    async listProjectTasks(actor: Actor, projectId: number, query: ListTasksQuery): Promise<TaskListing> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const scope = { projectIds: [projectId], ...privacyView(projectAccess) };
      const accesses = new Map([[projectId, projectAccess]]);
      return search({ scopes: [scope], ...searchFilters(query, ctx.config.timezone) }, query, async () => accesses);
    },

    /** `GET pm/v2/tasks`: tasks across the actor's projects (site managers: every project), filtered. */
    async listTasks(actor: Actor, query: ListTasksQuery): Promise<TaskListing> {
      const filters = searchFilters(query, ctx.config.timezone);
      const projectIds = projectIdsOf(query);
      if (actor.isSiteManager) {
        const scopes = projectIds ? [{ projectIds, privateTasks: true, privateLists: true }] : null;
        return search({ scopes, ...filters }, query, (ids) => access.accessToProjects(actor, ids));
      }
      const memberships = await access.accessToMemberProjects(actor);
      const wanted = [...memberships.values()].filter((projectAccess) => !projectIds || projectIds.includes(projectAccess.projectId));
      if (wanted.length === 0) return { tasks: [], pagination: paginationMeta(pageRequest(query.page, query.per_page, 20), 0, 0) };
      return search({ scopes: scopesFor(wanted), ...filters }, query, async () => memberships);
    },

    async getTask(actor: Actor, projectId: number, taskId: number): Promise<Task> {
      const projectAccess = await access.requireAccess(actor, projectId);
      await requireVisibleTask(projectAccess, taskId);
      return presentOne(projectAccess, taskId);
    },

    /** Creates a task; `uploads` (multipart `files[]`) are stored as its attachments in the same transaction. */
    async createTask(actor: Actor, projectId: number, input: CreateTaskBody, uploads: readonly UploadedFile[] = []): Promise<Task> {
      const projectAccess = await access.requireAccess(actor, projectId);
      if (!taskPolicy.canCreate(projectAccess)) throw forbidden("You do not have permission to create tasks in this project.");
      if (input.privacy && !taskPolicy.canMakePrivate(projectAccess)) throw forbidden("You do not have permission to create private tasks.");
      checkDates(input.start_at, input.due_date);
      const parent = input.parent_id > 0 ? await tasks.findTask(input.parent_id) : undefined;
      // A parent the caller may not see answers exactly as a missing one, so that its existence does not leak.
      const parentUsable = parent !== undefined && parent.project_id === projectId && parent.parent_id === 0
        && taskPolicy.canSee(privacyView(projectAccess), parent, { privacy: parent.list_privacy });
      if (input.parent_id > 0 && !parentUsable) throw invalidField("parent_id", "Choose a task of this project.");
      const [list] = await Promise.all([
        resolveList(projectAccess, parent ? parent.task_list_id : input.board_id),
        checkAssignees(projectId, input.assignees),
        checkType(input.type_id),
      ]);
      const now = nowUtc();
      const taskId = await attachments.write(projectId, { uploads }, (apply) => ctx.db.transaction().execute(async (trx) => {
        const repo = tasksRepository(trx);
        const created = await repo.insertTask({
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
          status: 0,
          privacy: input.privacy ? 1 : 0,
          sort_order: await repo.nextSortOrder(list.id),
          type_id: input.type_id ?? null,
          created_by: actor.id,
          completed_by: null,
          completed_at: null,
          created_at: now,
          updated_at: now,
        });
        await repo.replaceAssignees(created.id, projectId, input.assignees, now);
        await recordActivity(trx, actor, {
          projectId, type: "create", resource: "task", resourceId: created.id, title: created.title,
          privacyScope: taskPrivacyScope(created, list), meta: { task_list_id: list.id },
        });
        await apply(trx, actor, attachmentTarget(created, taskPrivacyScope(created, list)));
        return created.id;
      }));
      return presentOne(projectAccess, taskId);
    },

    /** Changes a task; `uploads` are added to its attachments and `files_to_delete` removed from them. */
    async updateTask(actor: Actor, projectId: number, taskId: number, input: UpdateTaskBody, uploads: readonly UploadedFile[] = []): Promise<Task> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const task = await requireVisibleTask(projectAccess, taskId);
      if (!taskPolicy.canEdit(projectAccess, task)) throw forbidden("Only managers and the task's creator can change it.");
      if (input.privacy && task.privacy === 0 && !taskPolicy.canMakePrivate(projectAccess)) throw forbidden("You do not have permission to make tasks private.");
      checkDates(input.start_at !== undefined ? input.start_at : task.start_at, input.due_date !== undefined ? input.due_date : task.due_date);
      const moving = input.board_id !== undefined && input.board_id !== task.task_list_id;
      if (moving && task.parent_id !== 0) throw invalidField("board_id", "A sub-task moves with its parent task.");
      const [target] = await Promise.all([
        moving ? resolveList(projectAccess, input.board_id) : Promise.resolve(null),
        checkAssignees(projectId, input.assignees),
        checkType(input.type_id),
        checkLabels(projectId, input.task_labels),
      ]);
      const now = nowUtc();
      const statusChanged = input.status !== undefined && input.status !== task.status;
      const privacy = input.privacy !== undefined ? (input.privacy ? 1 : 0) : task.privacy;
      const privacyScope = taskPrivacyScope({ privacy }, target ?? { privacy: task.list_privacy });
      const fileChanges = { uploads, remove: input.files_to_delete ?? [] };
      await attachments.write(projectId, fileChanges, (apply) => ctx.db.transaction().execute(async (trx) => {
        const repo = tasksRepository(trx);
        await repo.updateTask(taskId, {
          ...(input.title !== undefined && { title: input.title }),
          ...(input.description !== undefined && { description: sanitizeRichText(input.description) }),
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
        if (input.task_labels) await labelsRepository(trx).replaceTaskLabels(taskId, projectId, input.task_labels);
        // The task's earlier history (and its sub-tasks' after a move) follows its new privacy.
        if (target || privacy !== task.privacy) await rescopeActivities(trx, { projectId, subject: "task", ids: [taskId], scope: privacyScope });
        if (target) {
          await rescopeTaskActivities(trx, { projectId, of: { parentId: taskId }, scopeFor: (subTaskPrivacy) => taskPrivacyScope({ privacy: subTaskPrivacy }, target) });
        }
        const title = input.title ?? task.title;
        const entry = { projectId, resource: "task", resourceId: taskId, title, privacyScope } as const;
        // A move and a status change in one call are two things that happened; each gets its entry.
        if (target) await recordActivity(trx, actor, { ...entry, type: "move", meta: { from_task_list_id: task.task_list_id, task_list_id: target.id } });
        if (statusChanged) await recordActivity(trx, actor, { ...entry, type: input.status === 1 ? "complete" : "incomplete", meta: { status: input.status } });
        if (!target && !statusChanged) {
          await recordActivity(trx, actor, { ...entry, type: "update", meta: input.task_labels ? { task_labels: input.task_labels } : {} });
        }
        await apply(trx, actor, attachmentTarget({ id: taskId, project_id: projectId, title }, privacyScope));
      }));
      return presentOne(projectAccess, taskId);
    },

    async changeStatus(actor: Actor, projectId: number, taskId: number, status: number): Promise<Task> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const task = await requireVisibleTask(projectAccess, taskId);
      const assigneeIds = (await tasks.findAssignees([taskId])).map((row) => row.user_id);
      if (!taskPolicy.canComplete(projectAccess, task, assigneeIds)) {
        throw forbidden("Only managers, the task's creator and its assignees can change its status.");
      }
      if (status !== task.status) {
        const now = nowUtc();
        await ctx.db.transaction().execute(async (trx) => {
          await tasksRepository(trx).updateTask(taskId, { ...statusChanges(status, actor, now), updated_at: now });
          await recordActivity(trx, actor, {
            projectId, type: status === 1 ? "complete" : "incomplete", resource: "task", resourceId: taskId, title: task.title,
            privacyScope: taskPrivacyScope(task, { privacy: task.list_privacy }), meta: { status },
          });
        });
      }
      return presentOne(projectAccess, taskId);
    },

    async deleteTask(actor: Actor, projectId: number, taskId: number): Promise<void> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const task = await requireVisibleTask(projectAccess, taskId);
      if (!taskPolicy.canDelete(projectAccess, task)) throw forbidden("Only managers and the task's creator can delete it.");
      await ctx.db.transaction().execute(async (trx) => {
        await tasksRepository(trx).deleteTask(taskId);
        await recordActivity(trx, actor, {
          projectId, type: "delete", resource: "task", resourceId: taskId, title: task.title,
          privacyScope: taskPrivacyScope(task, { privacy: task.list_privacy }),
        });
      });
      // Its attachments, its sub-tasks' and their comments' go with it, rows and bytes.
      await attachments.purgeOrphans(projectId);
    },

    /**
     * Puts a list's tasks in the given order. With `moved_task_id`, that task first moves into the list
     * (an edit of the task, so only those who may edit it), landing at the end unless `orders` places it.
     */
    async sortTasks(actor: Actor, projectId: number, input: SortTasksBody): Promise<void> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const list = await lists.findList(input.list_id);
      if (!list || list.project_id !== projectId || !taskListPolicy.canSee(projectAccess, list)) {
        throw invalidField("list_id", "Choose a task list of this project.");
      }
      const moved = input.moved_task_id === undefined ? null : await requireVisibleTask(projectAccess, input.moved_task_id);
      const moving = moved !== null && moved.task_list_id !== list.id;
      if (moving && moved) {
        if (!taskPolicy.canEdit(projectAccess, moved)) throw forbidden("Only managers and the task's creator can move it.");
        if (moved.parent_id !== 0) throw invalidField("moved_task_id", "A sub-task moves with its parent task.");
        if (list.status !== 1) throw new AppError("rule_broken", "This task list is archived. Restore it before adding tasks to it.");
      } else if (!taskPolicy.canReorder(projectAccess)) {
        throw forbidden("You do not have permission to reorder tasks in this project.");
      }
      const orderIds = input.orders.map((order) => order.id);
      // Hidden tasks read exactly like unknown ones, so the answer does not tell which private ids exist.
      const inList = await tasks.findTaskIdsInList(list.id, orderIds, privacyView(projectAccess));
      const strangers = orderIds.filter((id) => !inList.has(id) && !(moving && id === moved?.id));
      if (strangers.length > 0) throw invalidField("orders", `These tasks are not in the list: ${[...new Set(strangers)].join(", ")}.`);
      const now = nowUtc();
      await ctx.db.transaction().execute(async (trx) => {
        const repo = tasksRepository(trx);
        if (moving && moved) {
          await repo.moveTask(moved.id, list.id, await repo.nextSortOrder(list.id), now);
          const privacyScope = taskPrivacyScope(moved, list);
          await rescopeActivities(trx, { projectId, subject: "task", ids: [moved.id], scope: privacyScope });
          await rescopeTaskActivities(trx, { projectId, of: { parentId: moved.id }, scopeFor: (privacy) => taskPrivacyScope({ privacy }, list) });
          await recordActivity(trx, actor, {
            projectId, type: "move", resource: "task", resourceId: moved.id, title: moved.title,
            privacyScope, meta: { from_task_list_id: moved.task_list_id, task_list_id: list.id },
          });
        }
        await repo.setSortOrders(input.orders);
      });
    },
  };
}

export type TasksService = ReturnType<typeof tasksService>;

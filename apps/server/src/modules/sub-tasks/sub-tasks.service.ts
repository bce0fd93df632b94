import {
  SUB_TASK_PAGE_SIZE,
  type CreateSubTaskBody,
  type CreateTaskBody,
  type ListSubTasksQuery,
  type Pagination,
  type SortSubTasksBody,
  type SubTask,
  type SubTaskParentAbilities,
  type UndoTicket,
  type UpdateSubTaskBody,
  type UpdateTaskBody,
} from "@plotline/contracts";
import type { AppContext } from "../../context.js";
import { transact } from "../../events/record-event.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden, invalidField, notFound, say } from "../../lib/app-error.js";
import { pageRequest, paginationMeta } from "../../lib/pagination.js";
import type { PrivacyView } from "../privacy/privacy.rules.js";
import type { ProjectAccess, ProjectAccessService } from "../projects/project-access.js";
import { taskLoader } from "../tasks/tasks.loader.js";
import { privacyView, taskPolicy } from "../tasks/tasks.policy.js";
import type { TasksService } from "../tasks/tasks.service.js";
import { runningTimers } from "../time-tracker/task-time.js";
import { presentParentAbilities, presentSubTask } from "./sub-tasks.presenter.js";
import { subTaskPolicy } from "./sub-tasks.policy.js";
import { subTasksRepository, type TaskWithListState } from "./sub-tasks.repository.js";

/** A page of a parent's sub-tasks, with what the caller may do with them. */
export interface SubTaskListing {
  subTasks: SubTask[];
  pagination: Pagination;
  abilities: SubTaskParentAbilities;
  /** The parent's list is archived: nothing may be added or changed. */
  listArchived: boolean;
}

/** A parent task the caller may see, with their access to its project. */
interface ParentScope {
  parent: TaskWithListState;
  projectAccess: ProjectAccess;
  view: PrivacyView;
}

/** The update of the task that a sub-task update stands for: the same fields, under the tasks' names. */
function taskUpdateOf(input: UpdateSubTaskBody): UpdateTaskBody {
  return {
    ...(input.title !== undefined && { title: input.title }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.assignees !== undefined && { assignees: input.assignees }),
    ...(input.start_at !== undefined && { start_at: input.start_at }),
    ...(input.due_date !== undefined && { due_date: input.due_date }),
    ...(input.estimation !== undefined && { estimation: input.estimation }),
    ...(input.status !== undefined && { status: input.status }),
  };
}

/** Whether an update sets the status and nothing else (completing or reopening, open to assignees too). */
function changesStatusOnly(input: UpdateSubTaskBody): boolean {
  return input.status !== undefined && Object.entries(input).every(([field, value]) => field === "status" || value === undefined);
}

/**
 * Sub-tasks: the rules that belong to a task's sub-tasks as a whole (who may add and reorder them, the
 * archived list, which ids belong to a parent). The writes themselves are the tasks module's (create, update,
 * status, delete through the trash), so a sub-task keeps every rule of a task and records the same events.
 */
export function subTasksService(ctx: AppContext, access: ProjectAccessService, tasks: TasksService) {
  const repository = subTasksRepository(ctx.db);
  const loader = taskLoader(ctx.db, ctx.config.timezone);
  const running = runningTimers(ctx.tables, ctx.db);

  /**
   * The parent: a top-level task of a project the caller may enter, which they may see. Anything else is the
   * same 404, so that neither a hidden task nor a project the caller is not in shows that it exists.
   */
  async function requireParent(actor: Actor, taskId: number): Promise<ParentScope> {
    const missing = () => notFound(say("tasks.task_not_found"));
    const parent = await repository.findTask(taskId);
    if (!parent || parent.parent_id !== 0) throw missing();
    const projectAccess = (await access.accessToProjects(actor, [parent.project_id])).get(parent.project_id);
    if (!projectAccess) throw missing();
    const view = privacyView(projectAccess);
    if (!taskPolicy.canSee(view, parent, { privacy: parent.list_privacy })) throw missing();
    return { parent, projectAccess, view };
  }

  /** A sub-task of this parent that the caller may see; 404 otherwise. */
  async function requireSubTask({ parent, view }: ParentScope, subTaskId: number): Promise<TaskWithListState> {
    const subTask = await repository.findTask(subTaskId);
    if (!subTask || subTask.parent_id === 0 || subTask.parent_id !== parent.id || !taskPolicy.canSee(view, subTask, { privacy: subTask.list_privacy })) {
      throw notFound(say("sub_tasks.sub_task_not_found"));
    }
    return subTask;
  }

  /** Adding and changing sub-tasks waits for their list to be restored. */
  function refuseWhileArchived(parent: TaskWithListState): void {
    if (parent.list_status !== 1) throw new AppError("rule_broken", say("sub_tasks.list_archived_restore_to_change"));
  }

  /** What the caller may do with the parent's sub-tasks; the parent's assignees are not read for managers. */
  async function parentAbilities({ parent, projectAccess }: ParentScope): Promise<SubTaskParentAbilities> {
    const assigneeIds = projectAccess.isManager ? [] : await repository.findAssigneeIds(parent.id);
    return presentParentAbilities(subTaskPolicy.canCreate(projectAccess, parent, assigneeIds), subTaskPolicy.canSort(projectAccess, parent, assigneeIds));
  }

  return {
    /** `GET pm-pro/v2/tasks/{task_id}/sub-tasks`: a page of the parent's sub-tasks, in their order. */
    async listSubTasks(actor: Actor, taskId: number, query: ListSubTasksQuery): Promise<SubTaskListing> {
      const scope = await requireParent(actor, taskId);
      const { parent, projectAccess, view } = scope;
      const page = pageRequest(query.page, query.per_page, SUB_TASK_PAGE_SIZE);
      const [records, total, runningTaskId, abilities] = await Promise.all([
        repository.listSubTasks(parent.id, view, page.limit ?? SUB_TASK_PAGE_SIZE, page.offset),
        repository.countSubTasks(parent.id, view),
        running.taskOf(actor.id),
        parentAbilities(scope),
      ]);
      const lists = new Map(records.map((record) => [record.id, { id: record.task_list_id, title: record.list_title }]));
      const presented = await loader.present(records, () => projectAccess, runningTaskId);
      const subTasks = presented.map((task) => presentSubTask(task, lists.get(task.id) ?? { id: parent.task_list_id, title: parent.list_title }));
      return {
        subTasks,
        pagination: paginationMeta(page, total, subTasks.length),
        abilities,
        listArchived: parent.list_status !== 1,
      };
    },

    /**
     * `POST pm-pro/v2/tasks/{task_id}/sub-tasks`: a task with the parent as `parent_id`, in the parent's
     * list and project, with its privacy, after its other sub-tasks.
     */
    async createSubTask(actor: Actor, taskId: number, input: CreateSubTaskBody): Promise<SubTask> {
      const scope = await requireParent(actor, taskId);
      const { parent } = scope;
      if (!(await parentAbilities(scope)).can_create) throw forbidden(say("sub_tasks.who_may_create"));
      refuseWhileArchived(parent);
      const task: CreateTaskBody = {
        title: input.title,
        ...(input.description !== undefined && { description: input.description }),
        board_id: parent.task_list_id,
        assignees: input.assignees,
        ...(input.start_at !== undefined && { start_at: input.start_at }),
        ...(input.due_date !== undefined && { due_date: input.due_date }),
        estimation: input.estimation,
        // Privacy follows the parent; whoever sees a private parent may make private tasks.
        privacy: parent.privacy === 1,
        priority: 0,
        complexity: 0,
        payable: false,
        recurrent: 0,
        parent_id: parent.id,
      };
      const created = await tasks.createTask(actor, parent.project_id, task);
      return presentSubTask(created, { id: parent.task_list_id, title: parent.list_title });
    },

    /**
     * `POST .../sub-tasks/{sub_task_id}/update`: the task update, or with the status alone the status change
     * (which its assignees may make too).
     */
    async updateSubTask(actor: Actor, taskId: number, subTaskId: number, input: UpdateSubTaskBody): Promise<SubTask> {
      const scope = await requireParent(actor, taskId);
      const subTask = await requireSubTask(scope, subTaskId);
      const statusOnly = changesStatusOnly(input);
      // Whoever may do nothing with the sub-task hears so before hearing that its list is archived.
      const assigneeIds = await repository.findAssigneeIds(subTask.id);
      if (!taskPolicy.canComplete(scope.projectAccess, subTask, assigneeIds)) {
        throw forbidden(say(statusOnly ? "tasks.who_may_change_status" : "tasks.who_may_change"));
      }
      refuseWhileArchived(scope.parent);
      const projectId = scope.parent.project_id;
      const updated = statusOnly && input.status !== undefined
        ? await tasks.changeStatus(actor, projectId, subTask.id, input.status)
        : await tasks.updateTask(actor, projectId, subTask.id, taskUpdateOf(input));
      return presentSubTask(updated, { id: subTask.task_list_id, title: subTask.list_title });
    },

    /** `POST .../sub-tasks/{sub_task_id}/delete`: through the trash, as a task delete; answers the undo ticket. */
    async deleteSubTask(actor: Actor, taskId: number, subTaskId: number): Promise<UndoTicket> {
      const scope = await requireParent(actor, taskId);
      const subTask = await requireSubTask(scope, subTaskId);
      return tasks.deleteTask(actor, scope.parent.project_id, subTask.id);
    },

    /** `POST pm-pro/v2/sub-tasks/sorting`: sets the positions of one parent's sub-tasks. */
    async sortSubTasks(actor: Actor, input: SortSubTasksBody): Promise<void> {
      const scope = await requireParent(actor, input.task_id);
      if (!(await parentAbilities(scope)).can_sort) throw forbidden(say("sub_tasks.who_may_sort"));
      refuseWhileArchived(scope.parent);
      const ids = input.orders.map((order) => order.id);
      // Hidden sub-tasks read like ids of other tasks, so the answer does not tell which private ids exist.
      const known = await repository.findSubTaskIds(scope.parent.id, ids, scope.view);
      const strangers = [...new Set(ids.filter((id) => !known.has(id)))];
      if (strangers.length > 0) throw invalidField("orders", say("sub_tasks.not_sub_tasks_of_task", { strangers: strangers.join(", ") }));
      await transact(ctx, (trx) => subTasksRepository(trx).setSortOrders(input.orders));
    },
  };
}

export type SubTasksService = ReturnType<typeof subTasksService>;

import type { Task, TaskCustomFields, TaskLabel } from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { UserRow } from "../users/users.tables.js";
import { countComments } from "../comments/comments.service.js";
import { countAttachmentsWithComments } from "../files/attachments.service.js";
import { findLabelsOfTasks } from "../labels/labels.service.js";
import { presentTaskLabel } from "../labels/labels.presenter.js";
import type { ProjectAccess } from "../projects/project-access.js";
import { findUsersByIds } from "../users/users.service.js";
import { loggedTimeOfTasks, type LoggedTime } from "../time-tracker/task-time.js";
import { customFieldValuesOfTasks } from "../custom-fields/custom-fields.service.js";
import { presentTask, sharedPresentation } from "./tasks.presenter.js";
import { tasksRepository, type SubTaskCounts, type TaskRecord } from "./tasks.repository.js";

const NO_SUB_TASKS: SubTaskCounts = { total: 0, complete: 0, estimation: 0 };

/** Assignees and comment counts of a set of tasks. */
export interface TaskRelations {
  assignees: Map<number, number[]>;
  comments: Map<number, number>;
  /** Attached files per task, its comments' included. */
  files: Map<number, number>;
  /** Labels of each task, by name. */
  labels: Map<number, TaskLabel[]>;
  /** Each task's sub-tasks in sum (absent: none). */
  subTasks: Map<number, SubTaskCounts>;
  /** Seconds logged on each task and on its sub-tasks. */
  logged: LoggedTime;
  /** Custom field values of each task (absent: none). */
  customFields: Map<number, TaskCustomFields>;
  /** Creators and assignees: the users a presentation needs. */
  userIds: number[];
}

/** Relations of tasks that have none yet: a task just created. */
export function emptyRelations(assignees: Map<number, number[]>): TaskRelations {
  return { assignees, comments: new Map(), files: new Map(), labels: new Map(), subTasks: new Map(), logged: { own: new Map(), subTasks: new Map() }, customFields: new Map(), userIds: [] };
}

/**
 * Presents many tasks in a fixed number of queries, whatever their number: one for the assignees of all of
 * them, one for comment counts, one for their labels, one for their sub-tasks' counts, one for logged time,
 * one for the users. Task lists call the two halves apart so that list
 * creators share the one users query.
 */
export function taskLoader(db: Kysely<Database>, timezone: string) {
  const tasks = tasksRepository(db);

  async function loadRelations(records: readonly TaskRecord[]): Promise<TaskRelations> {
    const ids = records.map((record) => record.id);
    const [assigneeRows, comments, labelRows, files, subTasks, logged, customFields] = await Promise.all([
      tasks.findAssignees(ids),
      countComments(db, "task", ids),
      findLabelsOfTasks(db, ids),
      countAttachmentsWithComments(db, "task", ids),
      tasks.subTaskCounts(ids),
      loggedTimeOfTasks(db, ids),
      customFieldValuesOfTasks(db, ids),
    ]);
    const assignees = new Map<number, number[]>();
    for (const row of assigneeRows) assignees.set(row.task_id, [...(assignees.get(row.task_id) ?? []), row.user_id]);
    const userIds = new Set<number>(records.map((record) => record.created_by));
    for (const row of assigneeRows) userIds.add(row.user_id);
    const labels = new Map<number, TaskLabel[]>();
    for (const row of labelRows) labels.set(row.task_id, [...(labels.get(row.task_id) ?? []), presentTaskLabel(row)]);
    return { assignees, comments, files, labels, subTasks, logged, customFields, userIds: [...userIds] };
  }

  function presentAll(
    records: readonly TaskRecord[],
    relations: TaskRelations,
    users: ReadonlyMap<number, UserRow>,
    accessFor: (projectId: number) => ProjectAccess | undefined,
    runningTaskId: number | null = null,
  ): Task[] {
    const shared = sharedPresentation(users, timezone);
    return records.flatMap((record) => {
      const access = accessFor(record.project_id);
      if (!access) return [];
      return [
        presentTask(record, {
          access,
          assigneeIds: relations.assignees.get(record.id) ?? [],
          labels: relations.labels.get(record.id) ?? [],
          shared,
          commentCount: relations.comments.get(record.id) ?? 0,
          fileCount: relations.files.get(record.id) ?? 0,
          subTasks: relations.subTasks.get(record.id) ?? NO_SUB_TASKS,
          loggedSeconds: relations.logged.own.get(record.id) ?? 0,
          subTasksLoggedSeconds: relations.logged.subTasks.get(record.id) ?? 0,
          running: runningTaskId === record.id,
          customFields: relations.customFields.get(record.id) ?? {},
        }),
      ];
    });
  }

  async function loadUsers(ids: readonly number[]): Promise<Map<number, UserRow>> {
    const rows = await findUsersByIds(db, ids);
    return new Map(rows.map((row) => [row.id, row]));
  }

  return {
    loadRelations,
    loadUsers,
    presentAll,

    /** Loads what the tasks need and presents them, in order; `runningTaskId`: the reader's running timer's task. */
    async present(records: readonly TaskRecord[], accessFor: (projectId: number) => ProjectAccess | undefined, runningTaskId: number | null = null): Promise<Task[]> {
      if (records.length === 0) return [];
      const relations = await loadRelations(records);
      return presentAll(records, relations, await loadUsers(relations.userIds), accessFor, runningTaskId);
    },
  };
}

export type TaskLoader = ReturnType<typeof taskLoader>;

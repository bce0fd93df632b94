import type { DateObject, OptionalDateObject, Task, TaskCustomFields, TaskLabel, User } from "@plotline/contracts";
import type { UserRow } from "../users/users.tables.js";
import { emptyDateObject, toOptionalDateObject } from "../../lib/dates.js";
import { related } from "../../lib/envelope.js";
import { toRichText } from "../../lib/rich-text.js";
import type { ProjectAccess } from "../projects/project-access.js";
import { presentUserOrPlaceholder } from "../users/users.presenter.js";
import { taskAbilities } from "./tasks.policy.js";
import type { SubTaskCounts, TaskRecord } from "./tasks.repository.js";
import { privacyFlagText } from "../privacy/privacy.rules.js";

/**
 * The users and dates of one answer, each presented once however many tasks show them: a listing names the
 * same few people and days hundreds of times. The objects are shared, so they must not be changed.
 */
export interface SharedPresentation {
  /** The user, or the stand-in for a missing account. */
  user: (id: number) => User;
  /** The date object of a stored date or timestamp, in the site's time zone; the empty one for none. */
  date: (stored: string | null) => OptionalDateObject;
}

/** Presents users from `users` and dates in `timezone`, remembering each one. */
export function sharedPresentation(users: ReadonlyMap<number, UserRow>, timezone: string): SharedPresentation {
  const presentedUsers = new Map<number, User>();
  const dates = new Map<string, OptionalDateObject>();
  const none = emptyDateObject(timezone);
  return {
    user(id) {
      let user = presentedUsers.get(id);
      if (!user) {
        user = presentUserOrPlaceholder(users, id);
        presentedUsers.set(id, user);
      }
      return user;
    },
    date(stored) {
      if (stored === null) return none;
      let date = dates.get(stored);
      if (date === undefined) {
        date = toOptionalDateObject(stored, timezone);
        dates.set(stored, date);
      }
      return date;
    },
  };
}

/** Everything a task presentation is built from, loaded in bulk beforehand. */
export interface TaskExtras {
  access: ProjectAccess;
  assigneeIds: readonly number[];
  /** Users and dates, shared by the tasks of one answer. */
  shared: SharedPresentation;
  commentCount: number;
  /** Files attached to the task and to its comments. */
  fileCount: number;
  /** The task's labels, by name. */
  labels: readonly TaskLabel[];
  /** Its sub-tasks in sum. */
  subTasks: SubTaskCounts;
  /** Seconds of stopped logs on the task itself, and on its sub-tasks. */
  loggedSeconds: number;
  subTasksLoggedSeconds: number;
  /** The reader's timer runs on this task. */
  running: boolean;
  /** Its custom field values (`custom_fields` module), field id -> value. */
  customFields: TaskCustomFields;
}

function requiredDate(shared: SharedPresentation, stored: string): DateObject {
  const date = shared.date(stored);
  if (date.date === null) throw new Error(`Stored date "${stored}" cannot be read`);
  return date;
}

/** The fields of a task that leave the server. */
export function presentTask(record: TaskRecord, extras: TaskExtras): Task {
  const { shared } = extras;
  return {
    id: record.id,
    title: record.title,
    description: toRichText(record.description),
    estimation: record.estimation,
    start_at: shared.date(record.start_at),
    due_date: shared.date(record.due_date),
    complexity: record.complexity,
    priority: record.priority,
    payable: record.payable === 1,
    recurrent: record.recurrent,
    status: record.status,
    order: record.sort_order,
    project_id: record.project_id,
    task_list_id: record.task_list_id,
    parent_id: record.parent_id,
    kan_board_id: record.kan_board_id ?? null,
    created_at: requiredDate(shared, record.created_at),
    updated_at: requiredDate(shared, record.updated_at),
    completed_at: shared.date(record.completed_at),
    completed_by: record.completed_by,
    creator: related(shared.user(record.created_by)),
    assignees: related(extras.assigneeIds.map(shared.user)),
    labels: related([...extras.labels]),
    type: related(
      record.type_id !== null && record.type_title !== null
        ? { id: record.type_id, title: record.type_title, description: record.type_description ?? "" }
        : null,
    ),
    meta: { privacy: privacyFlagText(record.privacy), total_comment: extras.commentCount, total_files: extras.fileCount },
    sub_tasks: { total: extras.subTasks.total, complete: extras.subTasks.complete },
    rollup: { estimation: record.estimation + extras.subTasks.estimation, logged: extras.loggedSeconds + extras.subTasksLoggedSeconds },
    custom_fields: extras.customFields,
    time: { meta: { totalTime: extras.loggedSeconds, running: extras.running } },
    abilities: taskAbilities(extras.access, record, extras.assigneeIds),
  };
}

import type { Task, TaskLabel } from "@plotline/contracts";
import type { UserRow } from "../../db/schema.js";
import { toDateObject, toRequiredDateObject } from "../../lib/dates.js";
import { related } from "../../lib/envelope.js";
import { toRichText } from "../../lib/rich-text.js";
import type { ProjectAccess } from "../projects/project-access.js";
import { presentUserOrPlaceholder } from "../users/users.presenter.js";
import { taskAbilities } from "./tasks.policy.js";
import type { TaskRecord } from "./tasks.repository.js";

/** Everything a task presentation is built from, loaded in bulk beforehand. */
export interface TaskExtras {
  access: ProjectAccess;
  assigneeIds: readonly number[];
  users: ReadonlyMap<number, UserRow>;
  commentCount: number;
  /** Files attached to the task and to its comments. */
  fileCount: number;
  /** The task's labels, by name. */
  labels: readonly TaskLabel[];
  timezone: string;
}

/** The fields of a task that leave the server. */
export function presentTask(record: TaskRecord, extras: TaskExtras): Task {
  return {
    id: record.id,
    title: record.title,
    description: toRichText(record.description),
    estimation: record.estimation,
    start_at: toDateObject(record.start_at, extras.timezone),
    due_date: toDateObject(record.due_date, extras.timezone),
    complexity: record.complexity,
    priority: record.priority,
    payable: record.payable === 1,
    recurrent: record.recurrent,
    status: record.status,
    order: record.sort_order,
    project_id: record.project_id,
    task_list_id: record.task_list_id,
    parent_id: record.parent_id,
    created_at: toRequiredDateObject(record.created_at, extras.timezone),
    updated_at: toRequiredDateObject(record.updated_at, extras.timezone),
    completed_at: toDateObject(record.completed_at, extras.timezone),
    completed_by: record.completed_by,
    creator: related(presentUserOrPlaceholder(extras.users, record.created_by)),
    assignees: related(extras.assigneeIds.map((id) => presentUserOrPlaceholder(extras.users, id))),
    labels: related([...extras.labels]),
    type: related(
      record.type_id !== null && record.type_title !== null
        ? { id: record.type_id, title: record.type_title, description: record.type_description ?? "" }
        : null,
    ),
    meta: { privacy: record.privacy === 1 ? "1" : "0", total_comment: extras.commentCount, total_files: extras.fileCount },
    abilities: taskAbilities(extras.access, record, extras.assigneeIds),
  };
}

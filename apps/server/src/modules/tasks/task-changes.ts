import type { Changes, EventLabelRef, EventPerson, TaskFields, UpdateTaskBody } from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { fieldChanges } from "../../events/field-changes.js";
import { findLabelsOfTasks } from "../labels/labels.service.js";
import type { TaskListRow } from "../task-lists/task-lists.tables.js";
import { findTaskList } from "../task-lists/task-lists.service.js";
import { tasksRepository, type TaskWithList } from "./tasks.repository.js";

/** The plain fields of a task compared before and after an update. */
const PLAIN_FIELDS = [
  "title", "description", "start_at", "due_date", "estimation", "privacy", "priority", "complexity", "payable", "recurrent", "type_id", "status",
] as const;

/** What an update writes besides the input: the cleaned description, the flags as 0/1, the list it moves to. */
export interface TaskUpdatePlan {
  description?: string;
  privacy: number;
  target: Pick<TaskListRow, "id" | "title"> | null;
}

/** A task's assignees and labels as stored, read only when the update sets them. */
export interface TaskLinks {
  assignees: number[] | null;
  labels: EventLabelRef[] | null;
}

/** Reads the assignees and labels an update is about to replace (or has replaced). */
export async function readTaskLinks(trx: Kysely<Database>, taskId: number, input: UpdateTaskBody): Promise<TaskLinks> {
  return {
    assignees: input.assignees ? (await tasksRepository(trx).findAssignees([taskId])).map((row) => row.user_id) : null,
    labels: input.task_labels ? (await findLabelsOfTasks(trx, [taskId])).map((row) => ({ id: row.id, name: row.title })) : null,
  };
}

/**
 * What an update of `task` changed, field by field, for its `task.updated` event: people and labels with
 * their names and a move with both lists' titles, so that a subscriber never reads them again. Run inside
 * the update's transaction after its writes; `before` was read with `readTaskLinks` before them.
 */
export async function taskChanges(trx: Kysely<Database>, task: TaskWithList, input: UpdateTaskBody, plan: TaskUpdatePlan, before: TaskLinks): Promise<Changes<TaskFields>> {
  const after = {
    ...(input.title !== undefined && { title: input.title }),
    ...(plan.description !== undefined && { description: plan.description }),
    ...(input.start_at !== undefined && { start_at: input.start_at }),
    ...(input.due_date !== undefined && { due_date: input.due_date }),
    ...(input.estimation !== undefined && { estimation: input.estimation }),
    privacy: plan.privacy,
    ...(input.priority !== undefined && { priority: input.priority }),
    ...(input.complexity !== undefined && { complexity: input.complexity }),
    ...(input.payable !== undefined && { payable: input.payable ? 1 : 0 }),
    ...(input.recurrent !== undefined && { recurrent: input.recurrent }),
    ...(input.type_id !== undefined && { type_id: input.type_id }),
    ...(input.status !== undefined && { status: input.status }),
  };
  const changes: Changes<TaskFields> = fieldChanges<TaskFields>(PLAIN_FIELDS, task, after);
  if (plan.target) {
    const source = await findTaskList(trx, task.task_list_id);
    changes.task_list = { from: { id: task.task_list_id, title: source?.title ?? "" }, to: { id: plan.target.id, title: plan.target.title } };
  }
  const now = await readTaskLinks(trx, task.id, input);
  if (before.assignees && now.assignees && !sameIds(before.assignees, now.assignees)) {
    const names = await tasksRepository(trx).findUserNames([...before.assignees, ...now.assignees]);
    const person = (id: number): EventPerson => ({ id, name: names.get(id) ?? "" });
    changes.assignees = { from: before.assignees.map(person), to: now.assignees.map(person) };
  }
  if (before.labels && now.labels && !sameIds(before.labels.map((label) => label.id), now.labels.map((label) => label.id))) {
    changes.labels = { from: before.labels, to: now.labels };
  }
  return changes;
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const sorted = [...b].sort((x, y) => x - y);
  return a.length === b.length && [...a].sort((x, y) => x - y).every((id, index) => id === sorted[index]);
}

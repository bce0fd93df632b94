import type { TaskType } from "@plotline/contracts";
import type { TaskTypeRow } from "./task-types.repository.js";

/** The fields of a task type that leave the server. */
export function presentTaskType(row: Pick<TaskTypeRow, "id" | "title" | "description">): TaskType {
  return { id: row.id, title: row.title, description: row.description };
}

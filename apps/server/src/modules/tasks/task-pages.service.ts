import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { PrivacyView } from "../privacy/privacy.rules.js";
import { taskPagesRepository, type ListPagesRequest, type ListTaskCount } from "./task-pages.repository.js";
import type { TaskRecord } from "./tasks.repository.js";

// The task listings the task-lists module shows under each list. Apart from tasks.service.ts because that
// file reads task lists: one file for both would make the two modules' services import each other.

/** One page of tasks from each of several lists (see ListPagesRequest), numbered by position in `rn`. */
export function pageTasksByList(db: Kysely<Database>, request: ListPagesRequest): Promise<Array<TaskRecord & { rn: number }>> {
  return taskPagesRepository(db).pageTasksByList(request);
}

/** Visible top-level tasks of each list, complete and not. */
export function countTasksByList(db: Kysely<Database>, listIds: readonly number[], view: PrivacyView): Promise<Map<number, ListTaskCount>> {
  return taskPagesRepository(db).countTasksByList(listIds, view);
}

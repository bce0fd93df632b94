import type { Task, TaskAbilities } from "@plotline/contracts";
import { finishObject, openObject } from "../../lib/json-fragment.js";
import type { ProjectAccess } from "../projects/project-access.js";
import { taskAbilities, type TaskAbilityFacts } from "./tasks.policy.js";

/**
 * Every table a presented task is read from: a read cache of presented tasks names these
 * (shared/read-cache.ts; deletes that cascade into them are followed for it).
 */
export const TASK_READ_TABLES = [
  "task_lists", "tasks", "task_assignees", "task_labels", "labels", "task_types", "comments", "project_files", "users",
] as const;

/**
 * A presented task kept between requests, as every reader with one privacy view sees it: its JSON without
 * the abilities, which are each reader's own, with what they are worked out from.
 */
export interface KeptTask {
  /** The task's JSON up to where its abilities go, last: `{"id":1,…,"meta":{…}`. */
  head: string;
  facts: TaskAbilityFacts;
  assigneeIds: readonly number[];
}

/** Keeps a presented task (its abilities are dropped: they belong to the reader who caused the read). */
export function keepTask(task: Task, facts: TaskAbilityFacts, assigneeIds: readonly number[]): KeptTask {
  const { abilities: _abilities, ...shared } = task;
  const { created_by, privacy, parent_id } = facts;
  return { head: openObject(shared), facts: { created_by, privacy, parent_id }, assigneeIds };
}

/** The JSON of each set of abilities, written once (there are at most 64), by its flags as bits. */
const abilitiesJson = new Map<number, string>();

function abilitiesText(abilities: TaskAbilities): string {
  let key = 0;
  for (const can of Object.values(abilities)) key = key * 2 + (can ? 1 : 0);
  let text = abilitiesJson.get(key);
  if (text === undefined) {
    text = JSON.stringify(abilities);
    abilitiesJson.set(key, text);
  }
  return text;
}

/** A kept task as `access` sees it: its kept JSON with this reader's abilities, sent as it is. */
export function keptTaskFor(access: ProjectAccess, { head, facts, assigneeIds }: KeptTask): Task {
  return finishObject<Task>(head, `"abilities":${abilitiesText(taskAbilities(access, facts, assigneeIds))}`);
}

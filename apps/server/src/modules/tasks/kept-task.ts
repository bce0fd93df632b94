import type { Task, TaskAbilities, TimeLog } from "@plotline/contracts";
import { finishObject, openObject } from "../../lib/json-fragment.js";
import type { ProjectAccess } from "../projects/project-access.js";
import { taskAbilities, type TaskAbilityFacts } from "./tasks.policy.js";

/**
 * Every table a presented task is read from: a read cache of presented tasks names these
 * (shared/read-cache.ts; deletes that cascade into them are followed for it).
 */
export const TASK_READ_TABLES = [
  "task_lists", "tasks", "task_assignees", "task_labels", "labels", "task_types", "comments", "project_files", "users", "time_logs",
  "custom_fields", "custom_field_options", "custom_field_values",
] as const;

/**
 * A presented task kept between requests, as every reader with one privacy view sees it: its JSON without
 * its time and abilities, which are each reader's own, with what they are worked out from.
 */
export interface KeptTask {
  id: number;
  /** The task's JSON up to where its time and abilities go, last: `{"id":1,…,"rollup":{…}`. */
  head: string;
  facts: TaskAbilityFacts;
  assigneeIds: readonly number[];
  /** `time.meta.totalTime`: everyone's, the same for every reader. */
  totalTime: number;
}

/** What one reader adds to a kept task. */
export interface TaskReader {
  access: ProjectAccess;
  /** The task the reader's timer runs on, or null. */
  runningTaskId: number | null;
  /** The reader's own logs on the task, on one task's answers. */
  ownLogs?: readonly TimeLog[];
}

/** Keeps a presented task (its time and abilities are dropped: they belong to the reader who caused the read). */
export function keepTask(task: Task, facts: TaskAbilityFacts, assigneeIds: readonly number[]): KeptTask {
  const { abilities: _abilities, time, ...shared } = task;
  const { created_by, privacy, parent_id } = facts;
  return { id: task.id, head: openObject(shared), facts: { created_by, privacy, parent_id }, assigneeIds, totalTime: time.meta.totalTime };
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

/** A kept task as one reader sees it: its kept JSON with this reader's time and abilities, sent as it is. */
export function keptTaskFor(reader: TaskReader, { id, head, facts, assigneeIds, totalTime }: KeptTask): Task {
  const running = reader.runningTaskId === id;
  const data = reader.ownLogs ? `,"data":${JSON.stringify(reader.ownLogs)}` : "";
  const time = `"time":{"meta":{"totalTime":${totalTime},"running":${running}}${data}}`;
  return finishObject<Task>(head, `${time},"abilities":${abilitiesText(taskAbilities(reader.access, facts, assigneeIds))}`);
}

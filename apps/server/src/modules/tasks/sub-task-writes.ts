import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { invalidField, say } from "../../lib/app-error.js";
import { rescopeTaskActivities } from "../activities/activity-recorder.js";
import { taskPrivacyScope } from "./tasks.policy.js";
import { tasksRepository } from "./tasks.repository.js";

// A sub-task's privacy is its parent's (sub-tasks/README.md). The sub-tasks module creates each one with its
// parent's privacy; the task updates call these so that the rule keeps holding afterwards.

/** Refuses an update that would give a sub-task another privacy than its parent's (400 on `privacy`). */
export async function checkSubTaskPrivacy(db: Kysely<Database>, task: { parent_id: number; privacy: number }, requested: boolean | undefined): Promise<void> {
  if (requested === undefined || task.parent_id === 0 || (requested ? 1 : 0) === task.privacy) return;
  const parent = await tasksRepository(db).findTask(task.parent_id);
  if (parent && parent.privacy !== (requested ? 1 : 0)) throw invalidField("privacy", say("tasks.sub_task_privacy_follows_parent"));
}

/**
 * After a task's privacy changed, its sub-tasks take the same, and the entries about them (and the comments
 * on them) are re-scoped. Call it inside the change's transaction, like the task's own re-scoping.
 */
export async function followParentPrivacy(
  trx: Kysely<Database>,
  change: { projectId: number; parentId: number; privacy: number; list: { privacy: number }; at: string },
): Promise<void> {
  await tasksRepository(trx).setSubTasksPrivacy(change.parentId, change.privacy, change.at);
  await rescopeTaskActivities(trx, { projectId: change.projectId, of: { parentId: change.parentId }, scopeFor: (privacy) => taskPrivacyScope({ privacy }, change.list) });
}

import { canSeeTask, groupByView, privacyViewOf } from "../privacy/privacy.rules.js";
import type { ProjectAccess } from "../projects/project-access.js";
import type { NotificationVisibility, TaskFacts } from "./notifications.repository.js";

/**
 * Who sees which entries and who may follow what. An entry is its user's alone (another user's reads as
 * missing), and shows only while its user may see its task: that is decided when read, in SQL, from the
 * projects the user belongs to now and the privacy view each gives them.
 */
export const notificationPolicy = {
  /** The tasks whose entries a reader sees: every task for a site manager, else by membership and view. */
  visibility: (isSiteManager: boolean, memberships: Iterable<ProjectAccess>): NotificationVisibility =>
    isSiteManager ? null : groupByView([...memberships].map((access) => ({ projectId: access.projectId, view: privacyViewOf(access) }))),
  /** Following a task, or reading who follows it, is open to whoever may see the task. */
  canFollow: (access: ProjectAccess, task: TaskFacts) =>
    task.project_id === access.projectId && canSeeTask(privacyViewOf(access), task, { privacy: task.list_privacy }),
} as const;

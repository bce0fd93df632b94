import type { TaskListRow } from "../task-lists/task-lists.tables.js";
import type { ProjectAccess } from "../projects/project-access.js";
import { projectPolicy } from "../projects/projects.policy.js";
import { taskListPolicy } from "../task-lists/task-lists.policy.js";
import { privacyView } from "../tasks/tasks.policy.js";

/**
 * Who may duplicate what. The rules live with the records they copy (projectPolicy.canDuplicate,
 * taskListPolicy.canDuplicate), so that the abilities the web app reads and the checks here are one rule.
 */
export const duplicationPolicy = {
  /** The project's managers (site managers included) who may also create projects. */
  canDuplicateProject: (access: ProjectAccess, canCreateProjects: boolean) => projectPolicy.canDuplicate(access, canCreateProjects),
  /** Those with create_list, on a list they can see. */
  canDuplicateList: (access: ProjectAccess) => access.can("create_list"),
  /** Only current lists are copied; archived ones are refused with 422. */
  isCopyable: (list: Pick<TaskListRow, "status">) => list.status === 1,
  canSeeList: (access: ProjectAccess, list: Pick<TaskListRow, "privacy">) => taskListPolicy.canSee(access, list),
  /** A list copy holds only the tasks its maker can see: nothing hidden from them is copied into view or out of it. */
  copiedView: (access: ProjectAccess) => privacyView(access),
} as const;

import type { Pagination, Task, TaskList } from "@plotline/contracts";
import type { TaskListRow } from "./task-lists.tables.js";
import type { UserRow } from "../users/users.tables.js";
import { toOptionalDateObject, toRequiredDateObject } from "../../lib/dates.js";
import { related } from "../../lib/envelope.js";
import { toRichText } from "../../lib/rich-text.js";
import { canSeeMilestone, privacyFlagText, privacyViewOf } from "../privacy/privacy.rules.js";
import type { ProjectAccess } from "../projects/project-access.js";
import { presentUserOrPlaceholder } from "../users/users.presenter.js";
import { taskListAbilities } from "./task-lists.policy.js";
import type { MilestoneRef } from "./task-lists.repository.js";

/** A page of a list's tasks, ready to send. */
export interface TaskPage {
  data: Task[];
  meta: { pagination: Pagination };
}

/** Everything a list presentation is built from, loaded in bulk beforehand. */
export interface TaskListExtras {
  access: ProjectAccess;
  users: ReadonlyMap<number, UserRow>;
  milestone: MilestoneRef | null;
  counts: { complete: number; incomplete: number };
  commentCount: number;
  incompleteTasks?: TaskPage;
  completeTasks?: TaskPage;
  timezone: string;
}

/** The fields of a task list that leave the server; a milestone the reader may not see is left out. */
export function presentTaskList(row: TaskListRow, extras: TaskListExtras): TaskList {
  const milestone = extras.milestone && canSeeMilestone(privacyViewOf(extras.access), extras.milestone) ? extras.milestone : null;
  return {
    id: row.id,
    title: row.title,
    description: toRichText(row.description),
    order: row.sort_order,
    status: row.status,
    is_inbox: row.is_inbox === 1,
    project_id: row.project_id,
    created_at: toRequiredDateObject(row.created_at, extras.timezone),
    updated_at: toRequiredDateObject(row.updated_at, extras.timezone),
    creator: related(presentUserOrPlaceholder(extras.users, row.created_by)),
    milestone: related(milestone ? { id: milestone.id, title: milestone.title, achieve_date: toOptionalDateObject(milestone.achieve_date, extras.timezone) } : null),
    meta: {
      privacy: privacyFlagText(row.privacy),
      total_tasks: extras.counts.complete + extras.counts.incomplete,
      total_complete_tasks: extras.counts.complete,
      total_incomplete_tasks: extras.counts.incomplete,
      total_comments: extras.commentCount,
    },
    ...(extras.incompleteTasks && { incomplete_tasks: extras.incompleteTasks }),
    ...(extras.completeTasks && { complete_tasks: extras.completeTasks }),
    abilities: taskListAbilities(extras.access, row),
  };
}

import { COMMENTABLE_TYPES, ROLE, type CommentableType, type Member, type Project, type ProjectStatus } from "@plotline/contracts";
import type { ProjectRow } from "../../db/schema.js";
import { toRequiredDateObject } from "../../lib/dates.js";
import { related } from "../../lib/envelope.js";
import { toRichText } from "../../lib/rich-text.js";
import { readableScopes, readsEveryScope } from "../activities/activity-recorder.js";
import { capabilitiesToSee } from "../comments/comments.policy.js";
import { presentUser } from "../users/users.presenter.js";
import type { ProjectAccess } from "./project-access.js";
import { projectAbilities } from "./projects.policy.js";
import type { CountRow, MemberWithUser } from "./projects.repository.js";

const ROLE_TITLES = { [ROLE.manager]: ["Manager", "manager"], [ROLE.co_worker]: ["Co-Worker", "co_worker"], [ROLE.client]: ["Client", "client"] } as const;

/** A member as the API shows it: the user with `roles.data`. */
export function presentMember(row: MemberWithUser): Member {
  const [title, slug] = ROLE_TITLES[row.role_id as 1 | 2 | 3] ?? ROLE_TITLES[ROLE.co_worker];
  return { ...presentUser(row), roles: related([{ id: row.role_id, title, slug }]) };
}

function isCommentableType(type: string | null): type is CommentableType {
  return (COMMENTABLE_TYPES as readonly string[]).includes(type ?? "");
}

/**
 * Sums raw counts into what this reader may see, by the rules of the listings themselves: a comment counts
 * when its record may be seen (comments' own rule), an activity when the feed would show it.
 */
export function visibleCounts(rows: readonly CountRow[], access: ProjectAccess) {
  const counts = {
    total_task_lists: 0, total_tasks: 0, total_complete_tasks: 0, total_incomplete_tasks: 0,
    total_discussion_boards: 0, total_milestones: 0, total_comments: 0, total_files: 0, total_activities: 0,
  };
  const seesPrivateTask = access.can("view_private_task");
  const seesPrivateList = access.can("view_private_list");
  const readsEveryActivity = access.isManager || readsEveryScope(access.can);
  const scopes = new Set(readableScopes(access.can));
  for (const row of rows) {
    switch (row.kind) {
      case "list":
        if (row.privacy === 0 || seesPrivateList) counts.total_task_lists += row.count;
        break;
      case "task":
        if ((row.privacy === 0 || seesPrivateTask) && (row.list_privacy === 0 || seesPrivateList)) {
          counts.total_tasks += row.count;
          if (row.status === 1) counts.total_complete_tasks += row.count;
          else counts.total_incomplete_tasks += row.count;
        }
        break;
      case "discussion":
        if (row.privacy === 0 || access.can("view_private_message")) counts.total_discussion_boards += row.count;
        break;
      case "milestone":
        if (row.privacy === 0 || access.can("view_private_milestone")) counts.total_milestones += row.count;
        break;
      case "comment":
        if (isCommentableType(row.target_type) && capabilitiesToSee(row.target_type, row).every((capability) => access.can(capability))) {
          counts.total_comments += row.count;
        }
        break;
      case "activity":
        if (readsEveryActivity || row.scope === null || scopes.has(row.scope)) counts.total_activities += row.count;
        break;
      case "file":
        // A file counts when its record may be seen: the file itself (and its folders), or what holds an attachment.
        if (isCommentableType(row.target_type) && capabilitiesToSee(row.target_type, row).every((capability) => access.can(capability))) {
          counts.total_files += row.count;
        }
        break;
    }
  }
  return counts;
}

/** Everything a project presentation is built from, loaded in bulk by the service. */
export interface ProjectExtras {
  members: MemberWithUser[];
  favourite: boolean;
  access: ProjectAccess;
  /** Whether the reader may create (and so duplicate) projects. */
  canCreateProjects: boolean;
  counts?: CountRow[];
  timezone: string;
}

/** The fields of a project that leave the server. */
export function presentProject(row: ProjectRow, extras: ProjectExtras): Project {
  const creator = extras.members.find((member) => member.id === row.created_by);
  return {
    id: row.id,
    title: row.title,
    description: toRichText(row.description),
    status: row.status as ProjectStatus,
    color: row.color,
    department_id: row.department_id ?? 0,
    favourite: extras.favourite,
    created_at: toRequiredDateObject(row.created_at, extras.timezone),
    updated_at: toRequiredDateObject(row.updated_at, extras.timezone),
    ...(creator && { creator: related(presentUser(creator)) }),
    assignees: related(extras.members.map(presentMember)),
    ...(extras.counts && { meta: related(visibleCounts(extras.counts, extras.access)) }),
    abilities: projectAbilities(extras.access, extras.canCreateProjects),
  };
}

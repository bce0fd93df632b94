import { projectCountsSchema, ROLE, type Member, type Project, type ProjectCounts, type ProjectStatus } from "@plotline/contracts";
import type { ProjectRow } from "./projects.tables.js";
import { toRequiredDateObject } from "../../lib/dates.js";
import { related } from "../../lib/envelope.js";
import { toRichText } from "../../lib/rich-text.js";
import { presentUser } from "../users/users.presenter.js";
import type { MemberWithUser } from "./projects.repository.js";

const ROLE_TITLES = { [ROLE.manager]: ["Manager", "manager"], [ROLE.co_worker]: ["Co-Worker", "co_worker"], [ROLE.client]: ["Client", "client"] } as const;

/** A member as the API shows it: the user with `roles.data`. */
export function presentMember(row: MemberWithUser): Member {
  const [title, slug] = ROLE_TITLES[row.role_id as 1 | 2 | 3] ?? ROLE_TITLES[ROLE.co_worker];
  return { ...presentUser(row), roles: related([{ id: row.role_id, title, slug }]) };
}

/** Every field of `projectCountsSchema` (0 when no module counts it), plus any field a module adds. */
function countsOf(moduleCounts: Record<string, number>): ProjectCounts {
  const counts: Record<string, number> = Object.fromEntries(Object.keys(projectCountsSchema.shape).map((field) => [field, 0]));
  for (const [field, count] of Object.entries(moduleCounts)) counts[field] = (counts[field] ?? 0) + count;
  return counts as ProjectCounts;
}

/** What every reader with one privacy view is shown of a project, loaded in bulk by the service. */
export interface SharedProjectExtras {
  members: MemberWithUser[];
  /** What the modules count in this project for this view (see `ModuleDefinition.projectCounts`); no `meta` without. */
  moduleCounts?: Record<string, number>;
  timezone: string;
}

/** The fields of a project that are each reader's own, last in the answer so that the rest can be kept as text. */
export type ReaderProjectFields = Pick<Project, "favourite" | "abilities">;

/** A project as every reader with one privacy view sees it: all fields but the reader's own. */
export function presentSharedProject(row: ProjectRow, extras: SharedProjectExtras): Omit<Project, keyof ReaderProjectFields> {
  const creator = extras.members.find((member) => member.id === row.created_by);
  return {
    id: row.id,
    title: row.title,
    description: toRichText(row.description),
    status: row.status as ProjectStatus,
    color: row.color,
    department_id: row.department_id ?? 0,
    created_at: toRequiredDateObject(row.created_at, extras.timezone),
    updated_at: toRequiredDateObject(row.updated_at, extras.timezone),
    ...(creator && { creator: related(presentUser(creator)) }),
    assignees: related(extras.members.map(presentMember)),
    ...(extras.moduleCounts && { meta: related(countsOf(extras.moduleCounts)) }),
  };
}

import type { Milestone } from "@plotline/contracts";
import type { MilestoneRow } from "./milestones.tables.js";
import type { UserRow } from "../users/users.tables.js";
import { toOptionalDateObject, toRequiredDateObject } from "../../lib/dates.js";
import { related } from "../../lib/envelope.js";
import { toRichText } from "../../lib/rich-text.js";
import type { ProjectAccess } from "../projects/project-access.js";
import { presentUserOrPlaceholder } from "../users/users.presenter.js";
import { milestoneAbilities } from "./milestones.policy.js";
import type { LinkedRow } from "./milestones.repository.js";
import { privacyFlagText } from "../privacy/privacy.rules.js";

/** Everything a milestone presentation is built from, loaded in bulk by the service. */
export interface MilestoneExtras {
  access: ProjectAccess;
  users: ReadonlyMap<number, UserRow>;
  /** Linked lists and discussions the reader may see. */
  lists: readonly LinkedRow[];
  discussions: readonly LinkedRow[];
  timezone: string;
}

/** The fields of a milestone that leave the server. */
export function presentMilestone(row: MilestoneRow, extras: MilestoneExtras): Milestone {
  const lists = extras.lists.filter((list) => list.milestone_id === row.id).map(({ id, title }) => ({ id, title }));
  const discussions = extras.discussions.filter((board) => board.milestone_id === row.id).map(({ id, title }) => ({ id, title }));
  return {
    id: row.id,
    title: row.title,
    description: toRichText(row.description),
    achieve_date: toOptionalDateObject(row.achieve_date, extras.timezone),
    status: row.status,
    order: row.sort_order,
    project_id: row.project_id,
    created_at: toRequiredDateObject(row.created_at, extras.timezone),
    creator: related(presentUserOrPlaceholder(extras.users, row.created_by)),
    task_lists: related(lists),
    discussion_boards: related(discussions),
    meta: { privacy: privacyFlagText(row.privacy), total_task_list: lists.length, total_discussion_boards: discussions.length },
    abilities: milestoneAbilities(extras.access, row),
  };
}

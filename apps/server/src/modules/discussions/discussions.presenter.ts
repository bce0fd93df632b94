import type { Attachment, Discussion } from "@plotline/contracts";
import type { DiscussionRow } from "./discussions.tables.js";
import type { UserRow } from "../users/users.tables.js";
import { toOptionalDateObject, toRequiredDateObject } from "../../lib/dates.js";
import { related } from "../../lib/envelope.js";
import { toRichText } from "../../lib/rich-text.js";
import type { ProjectAccess } from "../projects/project-access.js";
import { presentUserOrPlaceholder } from "../users/users.presenter.js";
import { discussionAbilities } from "./discussions.policy.js";
import type { MilestoneRefRow } from "./discussions.repository.js";
import { privacyFlagText } from "../privacy/privacy.rules.js";

/** Everything a discussion presentation is built from, loaded in bulk by the service. */
export interface DiscussionExtras {
  access: ProjectAccess;
  users: ReadonlyMap<number, UserRow>;
  /** Linked milestones the reader may see; a private one they may not see is simply absent. */
  milestones: ReadonlyMap<number, MilestoneRefRow>;
  commentCounts: ReadonlyMap<number, number>;
  /** Files attached to each discussion, and the count of those and of its comments' files. */
  files: ReadonlyMap<number, Attachment[]>;
  fileCounts: ReadonlyMap<number, number>;
  timezone: string;
}

/** The fields of a discussion that leave the server. */
export function presentDiscussion(row: DiscussionRow, extras: DiscussionExtras): Discussion {
  const milestone = row.milestone_id === null ? undefined : extras.milestones.get(row.milestone_id);
  return {
    id: row.id,
    title: row.title,
    description: toRichText(row.description),
    order: row.sort_order,
    project_id: row.project_id,
    created_at: toRequiredDateObject(row.created_at, extras.timezone),
    updated_at: toRequiredDateObject(row.updated_at, extras.timezone),
    creator: related(presentUserOrPlaceholder(extras.users, row.created_by)),
    milestone: related(milestone ? { id: milestone.id, title: milestone.title, achieve_date: toOptionalDateObject(milestone.achieve_date, extras.timezone) } : null),
    meta: { privacy: privacyFlagText(row.privacy), total_comments: extras.commentCounts.get(row.id) ?? 0, total_files: extras.fileCounts.get(row.id) ?? 0 },
    files: related(extras.files.get(row.id) ?? []),
    abilities: discussionAbilities(extras.access, row),
  };
}

import type { Attachment, Comment, CommentableType } from "@plotline/contracts";
import type { CommentRow } from "./comments.tables.js";
import type { UserRow } from "../users/users.tables.js";
import { toRequiredDateObject } from "../../lib/dates.js";
import { related } from "../../lib/envelope.js";
import type { ProjectAccess } from "../projects/project-access.js";
import { presentUserOrPlaceholder } from "../users/users.presenter.js";
import { commentAbilities } from "./comments.policy.js";

/** Everything a comment presentation is built from, loaded in bulk by the service. */
export interface CommentExtras {
  access: ProjectAccess;
  users: ReadonlyMap<number, UserRow>;
  notifyUsers: ReadonlyMap<number, number[]>;
  /** Files attached to each comment. */
  files: ReadonlyMap<number, Attachment[]>;
  timezone: string;
}

/** The fields of a comment that leave the server. */
export function presentComment(row: CommentRow, extras: CommentExtras): Comment {
  return {
    id: row.id,
    content: row.content,
    commentable_type: row.commentable_type as CommentableType,
    commentable_id: row.commentable_id,
    project_id: row.project_id,
    created_at: toRequiredDateObject(row.created_at, extras.timezone),
    updated_at: toRequiredDateObject(row.updated_at, extras.timezone),
    creator: related(presentUserOrPlaceholder(extras.users, row.created_by)),
    notify_users: extras.notifyUsers.get(row.id) ?? [],
    files: related(extras.files.get(row.id) ?? []),
    abilities: commentAbilities(extras.access, row),
  };
}

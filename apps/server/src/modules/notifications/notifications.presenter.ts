import { NOTIFICATION_TYPES, commentableLink, isCommentableType, type Notification, type NotificationType, type TaskFollowing } from "@plotline/contracts";
import { say, type Said } from "../../lib/app-error.js";
import { toRequiredDateObject } from "../../lib/dates.js";
import { presentUser } from "../users/users.presenter.js";
import type { UserRow } from "../users/users.tables.js";
import type { ListedNotificationRow } from "./notifications.repository.js";

/** What a page of entries is presented with: the actors, loaded in bulk, and the site's time zone. */
export interface NotificationExtras {
  actors: ReadonlyMap<number, UserRow>;
  timezone: string;
}

function isNotificationType(value: string): value is NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(value);
}

/** The entry's sentence, with the actor's name as it is now ("Someone" for the system or an account that is gone). */
function sentenceOf(type: NotificationType, actorName: string, task: string, dueOn: string | null): Said {
  switch (type) {
    case "assigned":
      return say("notifications.assigned", { actor: actorName, task });
    case "mentioned":
      return say("notifications.mentioned", { actor: actorName, task });
    case "commented":
      return say("notifications.commented", { actor: actorName, task });
    case "completed":
      return say("notifications.completed", { actor: actorName, task });
    case "due_soon":
      return say("notifications.due_soon", { task, date: dueOn ?? "" });
  }
}

/** The fields of an Inbox entry that leave the server. */
export function presentNotification(row: ListedNotificationRow, extras: NotificationExtras): Notification {
  const actor = row.actor_id === null ? undefined : extras.actors.get(row.actor_id);
  // A kind this version does not know (written by a newer one) reads as the closest general one.
  const type: NotificationType = isNotificationType(row.type) ? row.type : "commented";
  const subjectType = isCommentableType(row.subject_type) ? row.subject_type : "task";
  const sentence = sentenceOf(type, actor?.display_name ?? say("notifications.someone").text, row.subject_title, row.due_on);
  return {
    id: row.id,
    type,
    read: row.read_at !== null,
    created_at: toRequiredDateObject(row.created_at, extras.timezone),
    actor: actor ? presentUser(actor) : null,
    project: { id: row.project_id, title: row.project_title },
    subject: { type: subjectType, id: row.subject_id, title: row.subject_title },
    link: commentableLink(subjectType, row.project_id, row.subject_id, { type: row.file_type, folderId: row.file_folder_id ?? 0 }),
    text: sentence.text,
    message: { key: sentence.key, params: sentence.params },
    excerpt: row.excerpt,
    due_on: row.due_on,
  };
}

/** A task's following as the caller sees it. */
export function presentFollowing(taskId: number, callerId: number, followers: readonly UserRow[]): TaskFollowing {
  return {
    task_id: taskId,
    following: followers.some((user) => user.id === callerId),
    followers: followers.map(presentUser),
  };
}

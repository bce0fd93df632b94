import { COMMENTABLE_TYPES, NOTIFICATION_TYPES, type CommentableType, type Notification, type NotificationType, type TaskFollowing } from "@plotline/contracts";
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

/** Where an entry leads: the page of its record, by the route names of contracts' ROUTES. */
function linkOf(type: CommentableType, row: ListedNotificationRow): Notification["link"] {
  const project = row.project_id;
  const id = row.subject_id;
  switch (type) {
    case "task":
      return { route: "single_task", params: { project_id: project, task_id: id } };
    case "task_list":
      return { route: "single_list", params: { project_id: project, list_id: id } };
    case "milestone":
      return { route: "milestones", params: { project_id: project } };
    case "discussion_board":
      return { route: "individual_discussions", params: { project_id: project, discussion_id: id } };
    case "file": {
      const folder = row.file_folder_id ?? 0;
      if (row.file_type === "doc") return { route: "single_doc", params: { project_id: project, folder_id: folder, doc_id: id } };
      if (row.file_type === "link") return { route: "single_link", params: { project_id: project, folder_id: folder, link_id: id } };
      return { route: "single_file", params: { project_id: project, folder_id: folder, file_id: id } };
    }
  }
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
  const subjectType = COMMENTABLE_TYPES.find((kind) => kind === row.subject_type) ?? "task";
  const sentence = sentenceOf(type, actor?.display_name ?? say("notifications.someone").text, row.subject_title, row.due_on);
  return {
    id: row.id,
    type,
    read: row.read_at !== null,
    created_at: toRequiredDateObject(row.created_at, extras.timezone),
    actor: actor ? presentUser(actor) : null,
    project: { id: row.project_id, title: row.project_title },
    subject: { type: subjectType, id: row.subject_id, title: row.subject_title },
    link: linkOf(subjectType, row),
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

import { isCommentableType } from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { DispatchedEvent, EventSubscribers } from "../../events/event-subscribers.js";
import { mentionedUserIds } from "../comments/mentions.js";
import { eventKey, itemsFor, mentionKey, PROJECT_FILES, recipients } from "./mail-items.js";
import { mailNotificationsRepository } from "./mail-notifications.repository.js";
import type { NewMailNotificationItem } from "./mail-notifications.tables.js";
import type { MailNotificationsService } from "./mail-notifications.service.js";

/**
 * Who is to be told what by mail, written from domain events through the transaction that marks each event
 * handed out (`db`), so the items commit with that mark, once; each item's key makes a repeated delivery
 * write nothing. Items are written for whoever the rule names; privacy and each user's choices are decided
 * when the mail is sent.
 *
 * - assigned: the users a task was given to, at creation or by a change of its assignees;
 * - mention: the users a comment @mentions (among its `notify_users`, which the comments module keeps to
 *   members who may see what it is on), once per comment, an edit telling only the newly named;
 * - comment: on a task, its assignees and creator; on anything, the comment's other `notify_users`;
 * - discussion, file: every member of the project (a folder is not news: only docs, links and uploads).
 *
 * The job of each group is enqueued in the same transaction (the service's `sendLater`).
 */
export function mailNotificationsSubscribers(notices: MailNotificationsService): EventSubscribers {
  async function write(db: Kysely<Database>, items: readonly NewMailNotificationItem[]): Promise<void> {
    if (items.length === 0) return;
    await notices.sendLater(await mailNotificationsRepository(db).insertItems(items), db);
  }

  /** The items of a comment's mentions: once per comment and user, at creation or in a later edit. */
  function mentionItems(event: DispatchedEvent<"comment.created" | "comment.updated">, mentioned: readonly number[]): NewMailNotificationItem[] {
    const { on, projectId, id } = event.payload;
    if (!isCommentableType(on.type)) return [];
    const record = { type: on.type, id: on.id };
    return itemsFor(recipients(mentioned, event.actor.id), {
      kind: "mention", projectId, group: record, record, commentId: id, actorId: event.actor.id, sourceKey: mentionKey(id), at: event.occurredAt,
    });
  }

  /** The users a comment mentions and may tell: @mentions among its `notify_users`. */
  function mentionedIn(comment: { content: string; notifyUserIds: number[] }): number[] {
    const told = new Set(comment.notifyUserIds);
    return mentionedUserIds(comment.content).filter((id) => told.has(id));
  }

  /** Every member of the project, about a new discussion or file. */
  async function projectActivity(
    db: Kysely<Database>,
    event: DispatchedEvent<"discussion.created" | "file.created" | "file.uploaded">,
    kind: "discussion" | "file",
  ): Promise<void> {
    const { projectId, id } = event.payload;
    const members = await mailNotificationsRepository(db).findMemberIds(projectId);
    const record = kind === "discussion" ? ({ type: "discussion_board", id } as const) : ({ type: "file", id } as const);
    // New files of one person in a short while are one mail about the project's files, not one per upload.
    const group = kind === "discussion" ? record : { type: PROJECT_FILES, id: projectId };
    await write(db, itemsFor(recipients(members, event.actor.id), { kind, projectId, group, record, actorId: event.actor.id, sourceKey: eventKey(event.id), at: event.occurredAt }));
  }

  return {
    "task.created": {
      batch: async (events, db) => {
        const assignments = await mailNotificationsRepository(db).findAssignments(events.map((event) => event.payload.id));
        const items = events.flatMap((event) => {
          // Assignees given with the task: those added by a later change have an event of their own.
          const assignees = (assignments.get(event.payload.id) ?? []).filter((row) => row.assignedAt <= event.occurredAt).map((row) => row.userId);
          const task = { type: "task", id: event.payload.id } as const;
          return itemsFor(recipients(assignees, event.actor.id), {
            kind: "assigned", projectId: event.payload.projectId, group: task, record: task, actorId: event.actor.id, sourceKey: eventKey(event.id), at: event.occurredAt,
          });
        });
        await write(db, items);
      },
    },

    "task.updated": async (event, db) => {
      const change = event.payload.changes.assignees;
      if (!change) return;
      const before = new Set(change.from.map((person) => person.id));
      const added = change.to.map((person) => person.id).filter((id) => !before.has(id));
      const task = { type: "task", id: event.payload.id } as const;
      await write(db, itemsFor(recipients(added, event.actor.id), {
        kind: "assigned", projectId: event.payload.projectId, group: task, record: task, actorId: event.actor.id, sourceKey: eventKey(event.id), at: event.occurredAt,
      }));
    },

    "comment.created": async (event, db) => {
      const { on, projectId, id } = event.payload;
      if (!isCommentableType(on.type)) return;
      const repo = mailNotificationsRepository(db);
      const comment = await repo.findComment(id);
      if (!comment) return;
      const mentioned = mentionedIn(comment);
      const concerned = [...comment.notifyUserIds];
      if (on.type === "task") {
        const people = await repo.findTaskPeople(on.id);
        if (people) concerned.push(...people.assigneeIds, people.creatorId);
      }
      const record = { type: on.type, id: on.id };
      // Someone mentioned hears of the comment once, as a mention.
      const commented = itemsFor(recipients(concerned, event.actor.id, mentioned), {
        kind: "comment", projectId, group: record, record, commentId: id, actorId: event.actor.id, sourceKey: eventKey(event.id), at: event.occurredAt,
      });
      await write(db, [...mentionItems(event, mentioned), ...commented]);
    },

    "comment.updated": async (event, db) => {
      // Only mentions: an edit tells the users newly named in it (the key skips those told before).
      const comment = await mailNotificationsRepository(db).findComment(event.payload.id);
      if (comment) await write(db, mentionItems(event, mentionedIn(comment)));
    },

    "discussion.created": (event, db) => projectActivity(db, event, "discussion"),

    "file.created": async (event, db) => {
      if (event.payload.type !== "folder") await projectActivity(db, event, "file");
    },

    "file.uploaded": (event, db) => projectActivity(db, event, "file"),
  };
}

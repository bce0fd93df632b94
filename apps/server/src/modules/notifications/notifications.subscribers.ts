import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { DispatchedEvent, EventSubscribers } from "../../events/event-subscribers.js";
import { commentSubject, entriesFor, eventKey, excerptOf, mentionKey, recipients, taskSubject } from "./notification-entries.js";
import { notificationsRepository, type NewNotification } from "./notifications.repository.js";

/**
 * The Inbox is written from domain events, after the change committed, through the transaction that marks
 * the event handed out (`db`): entries and follows commit with that mark, once. Each entry's key makes a
 * repeated delivery write nothing (see `notification-entries.ts`). Entries are written for whoever the rule
 * names; whether they may see the task is decided when the Inbox is read, so an entry hidden now shows
 * again when its task does.
 *
 * - assigned: the users a task was given to, at creation or by a change of its assignees;
 * - mentioned: the users a comment tells (`notify_users` and @mentions, which the comments module keeps to
 *   members who may see what it is on), once per comment, an edit telling only the newly mentioned; the
 *   entry is about what the comment is on: a task, a list, a milestone, a discussion or a file;
 * - commented: the task's followers, but those mentioned by the same comment;
 * - completed: the task's followers.
 *
 * Following: a task's creator, its assignees and whoever comments on it follow it.
 */
export function notificationsSubscribers(): EventSubscribers {
  /** The task the event is about, when it is still there: a task deleted since took its entries with it. */
  function taskOf(db: Kysely<Database>, taskId: number) {
    return notificationsRepository(db).findTask(taskId);
  }

  async function mentions(event: DispatchedEvent<"comment.created" | "comment.updated">, db: Kysely<Database>): Promise<{ told: number[]; excerpt: string | null } | null> {
    const repo = notificationsRepository(db);
    const subject = commentSubject(event.payload.on);
    const comment = await repo.findComment(event.payload.id);
    if (!comment || !subject) return null;
    const excerpt = excerptOf(comment.content);
    const told = recipients(comment.notifyUserIds, event.actor.id);
    await repo.insertNotifications(
      entriesFor(told, {
        type: "mentioned", subject, actorId: event.actor.id, sourceKey: mentionKey(event.payload.id),
        commentId: event.payload.id, excerpt, at: event.occurredAt,
      }),
    );
    return { told, excerpt };
  }

  return {
    // Batches (a bulk change hands out one event per task): a fixed number of queries for all of them.
    "task.created": {
      batch: async (events, db) => {
        const repo = notificationsRepository(db);
        const taskIds = events.map((event) => event.payload.id);
        const assignments = await repo.findAssignmentsOf(taskIds);
        const entries: NewNotification[] = [];
        const follows: Array<{ taskId: number; userId: number }> = [];
        for (const event of events) {
          const taskId = event.payload.id;
          // A task deleted since took its entries and follows with it.
          const assigned = assignments.get(taskId);
          if (!assigned) continue;
          // Assignees given with the task: those added by a later change have an event of their own.
          const assignees = assigned.filter((row) => row.assignedAt <= event.occurredAt).map((row) => row.userId);
          entries.push(...entriesFor(recipients(assignees, event.actor.id), { type: "assigned", subject: taskSubject(taskId), actorId: event.actor.id, sourceKey: eventKey(event.id), at: event.occurredAt }));
          for (const userId of [...(event.actor.id === null ? [] : [event.actor.id]), ...assignees]) follows.push({ taskId, userId });
        }
        await repo.insertNotifications(entries);
        await repo.addFollows(follows, events[0]?.occurredAt ?? "");
      },
    },

    "task.updated": async (event, db) => {
      const change = event.payload.changes.assignees;
      if (!change) return;
      const before = new Set(change.from.map((person) => person.id));
      const added = change.to.map((person) => person.id).filter((id) => !before.has(id));
      if (added.length === 0) return;
      const task = await taskOf(db, event.payload.id);
      if (!task) return;
      const repo = notificationsRepository(db);
      await repo.insertNotifications(
        entriesFor(recipients(added, event.actor.id), { type: "assigned", subject: taskSubject(task.id), actorId: event.actor.id, sourceKey: eventKey(event.id), at: event.occurredAt }),
      );
      await repo.addFollowers(task.id, added, event.occurredAt);
    },

    "task.completed": {
      batch: async (events, db) => {
        const repo = notificationsRepository(db);
        // A task deleted since has no followers left, so it tells nobody.
        const followers = await repo.findFollowerIdsOf(events.map((event) => event.payload.id));
        await repo.insertNotifications(events.flatMap((event) =>
          entriesFor(recipients(followers.get(event.payload.id) ?? [], event.actor.id), {
            type: "completed", subject: taskSubject(event.payload.id), actorId: event.actor.id, sourceKey: eventKey(event.id), at: event.occurredAt,
          })));
      },
    },

    "comment.created": async (event, db) => {
      // Only a task has followers: a comment on anything else tells those it mentions.
      if (event.payload.on.type !== "task") return void (await mentions(event, db));
      const task = await taskOf(db, event.payload.on.id);
      if (!task) return;
      const repo = notificationsRepository(db);
      // Followers as they were before this comment: its author starts following below.
      const followers = await repo.findFollowerIds(task.id);
      const told = await mentions(event, db);
      if (!told) return;
      await repo.insertNotifications(
        entriesFor(recipients(followers, event.actor.id, told.told), {
          type: "commented", subject: taskSubject(task.id), actorId: event.actor.id, sourceKey: eventKey(event.id),
          commentId: event.payload.id, excerpt: told.excerpt, at: event.occurredAt,
        }),
      );
      if (event.actor.id !== null) await repo.addFollowers(task.id, [event.actor.id], event.occurredAt);
    },

    "comment.updated": async (event, db) => {
      // A task deleted since took its entries with it (a foreign key a new entry could not meet).
      if (event.payload.on.type === "task" && !(await taskOf(db, event.payload.on.id))) return;
      // Only mentions: an edit tells the users newly named in it, not the followers again.
      await mentions(event, db);
    },
  };
}

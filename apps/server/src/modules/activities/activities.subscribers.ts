import type { Changes, JsonValue, RecordEventBase } from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { DatabaseKind } from "../../db/kysely.js";
import type { Database } from "../../db/schema.js";
import type { DispatchedEvent, EventHandler, EventSubscribers, EventSubscription } from "../../events/event-subscribers.js";
import { capabilitiesToSee, privacyScopeOf } from "../privacy/privacy.rules.js";
import { activitiesRepository } from "./activities.repository.js";
import { activityRow, resourcePhrase, type ActivityChange, type ActivityEvent, type ActivityResource, type ActivityType } from "./activity-recorder.js";

type EntryFields = Omit<ActivityEvent, "projectId" | "resourceId" | "title" | "privacyScope" | "eventId">;

/** `{ title: { from, to } }` as the activity's list of changes, in the order the fields were reported. */
function changeList(changes: Changes<Record<string, JsonValue>>): ActivityChange[] {
  return Object.entries(changes).flatMap(([field, change]) => (change ? [{ field, from: change.from, to: change.to }] : []));
}

/**
 * Activities: each domain event becomes the project's activity entry it stood for when services wrote
 * entries themselves (same action, resource, subject, scope and meta). A repeated delivery of one event
 * writes one entry: the entry carries the event's id, which the activities table keeps unique.
 */
export function activitiesSubscribers(ctx: { kind: DatabaseKind }): EventSubscribers {
  // On PostgreSQL the rows read are held until the entry commits (see findSubjectPrivacy); SQLite runs one
  // transaction at a time, so nothing can change in between.
  const lock = ctx.kind === "postgres";

  /**
   * Writes the entries of a batch of events with a fixed number of queries: their records' privacy, their
   * projects, one insert. The entry is written after the change committed, maybe much later on a retry: if
   * its record has been made private (or public) meanwhile, the re-scoping of that change did not see this
   * entry yet. So the entry takes its record's privacy as it is now; a deleted record keeps the scope the
   * event carried.
   */
  async function writeAll(db: Kysely<Database>, pending: ReadonlyArray<{ event: DispatchedEvent; entry: ActivityEvent }>): Promise<void> {
    if (pending.length === 0) return;
    const activities = activitiesRepository(db);
    const subjectOf = (entry: ActivityEvent) => entry.subject ?? (entry.resourceId === null ? null : { type: entry.resource, id: entry.resourceId });
    const current = await activities.findSubjectPrivacies(pending.flatMap(({ entry }) => subjectOf(entry) ?? []), { lock });
    const recordOf = (entry: ActivityEvent) => {
      const subject = subjectOf(entry);
      return subject ? current.get(`${subject.type}:${subject.id}`) : undefined;
    };
    // A record found means its project is there; otherwise a project deleted before its event was handed
    // out took its feed with it, and nothing is left to write.
    const projects = await activities.findExistingProjects([...new Set(pending.filter(({ entry }) => !recordOf(entry)).map(({ entry }) => entry.projectId))], { lock });
    await activities.insertEventActivities(pending.flatMap(({ event, entry }) => {
      const record = recordOf(entry);
      if (event.actor.id === null || (!record && !projects.has(entry.projectId))) return [];
      const privacyScope = record ? privacyScopeOf(capabilitiesToSee(record)) : entry.privacyScope;
      return [activityRow({ id: event.actor.id, displayName: event.actor.displayName }, { ...entry, privacyScope, eventId: event.id, occurredAt: event.occurredAt })];
    }));
  }

  /** Entries of the batch under way in a transaction, written together when its events have all been read. */
  const pendingIn = new WeakMap<Kysely<Database>, Array<{ event: DispatchedEvent; entry: ActivityEvent }>>();

  async function write(event: DispatchedEvent, db: Kysely<Database>, entry: ActivityEvent): Promise<void> {
    // Entries are signed by a person; an event of the system itself has no entry to write.
    if (event.actor.id === null) return;
    const pending = pendingIn.get(db);
    if (pending) pending.push({ event, entry });
    else await writeAll(db, [{ event, entry }]);
  }

  /** A handler of single events as one that takes a batch: its entries are collected, then written at once. */
  function batched<N extends DispatchedEvent["name"]>(handler: EventHandler<N>): EventSubscription<N> {
    return {
      batch: async (events, db) => {
        const pending: Array<{ event: DispatchedEvent; entry: ActivityEvent }> = [];
        pendingIn.set(db, pending);
        try {
          for (const event of events) await handler(event, db);
        } finally {
          pendingIn.delete(db);
        }
        await writeAll(db, pending);
      },
    };
  }

  /** The entry about the record an event names, of the given kind. */
  function about(resource: ActivityResource, type: ActivityType, fields: Omit<EntryFields, "type" | "resource"> = {}) {
    return (event: DispatchedEvent & { payload: RecordEventBase }, db: Kysely<Database>) =>
      write(event, db, {
        projectId: event.payload.projectId, resourceId: event.payload.id, title: event.payload.title,
        privacyScope: event.payload.privacyScope, type, resource, ...fields,
      });
  }

  function commentEntry(type: ActivityType) {
    return (event: DispatchedEvent<"comment.created" | "comment.updated" | "comment.deleted" | "comment.restored">, db: Kysely<Database>) => {
      const { projectId, id, on, privacyScope } = event.payload;
      return write(event, db, {
        projectId, type, resource: "comment", resourceId: id, title: resourcePhrase(on.type, on.title), privacyScope,
        // The entry is about the commented record: its scope follows that record's privacy from now on.
        subject: { type: on.type, id: on.id },
        meta: { commentable_type: on.type, commentable_id: on.id },
      });
    };
  }

  function attachmentEntry(type: ActivityType) {
    return (event: DispatchedEvent<"file.attached" | "file.detached">, db: Kysely<Database>) => {
      const { projectId, id, title, phrase, privacyScope, subject, fileable } = event.payload;
      return write(event, db, {
        projectId, type, resource: "file", resourceId: id, title: `${title} (attached to ${phrase})`, privacyScope, subject,
        meta: { fileable_type: fileable.type, fileable_id: fileable.id },
      });
    };
  }

  const handlers: EventSubscribers = {
    "project.created": about("project", "create"),
    "project.updated": (event, db) => about("project", "update", { changes: changeList(event.payload.changes) })(event, db),
    "project.duplicated": (event, db) => about("project", "duplicate", { meta: { source_project_id: event.payload.sourceProjectId } })(event, db),

    "task_list.created": about("task_list", "create"),
    "task_list.updated": (event, db) => {
      const { changes } = event.payload;
      const type: ActivityType = changes.status ? (changes.status.to === 0 ? "archive" : "restore") : "update";
      return about("task_list", type, { changes: changeList(changes) })(event, db);
    },
    "task_list.deleted": about("task_list", "delete"),
    // Undo of a delete (the trash): "Ana restored the task list Design", as after an archive.
    "task_list.restored": about("task_list", "restore"),
    "task_list.duplicated": (event, db) => about("task_list", "duplicate", { meta: { source_list_id: event.payload.sourceListId } })(event, db),

    "task.created": (event, db) => about("task", "create", { meta: { task_list_id: event.payload.taskListId } })(event, db),
    "task.updated": (event, db) => {
      const { changes, labelIds, shiftOf } = event.payload;
      // One of many tasks a Gantt reschedule moved: the shift's single entry comes from task.dependents_shifted.
      if (shiftOf !== undefined) return Promise.resolve();
      const list = changes.task_list;
      if (list) {
        return about("task", "move", { changes: changeList(changes), meta: { from_task_list_id: list.from.id, task_list_id: list.to.id } })(event, db);
      }
      // A status change has its own entry, from task.completed or task.reopened.
      if (changes.status) return Promise.resolve();
      return about("task", "update", { changes: changeList(changes), meta: labelIds ? { task_labels: labelIds } : {} })(event, db);
    },
    "task.dependents_shifted": (event, db) => {
      const { taskIds } = event.payload;
      return about("task", "update", { changes: [{ field: "dependent_tasks", from: null, to: taskIds.length }], meta: { shifted_task_ids: taskIds } })(event, db);
    },
    "task.completed": about("task", "complete", { meta: { status: 1 } }),
    "task.reopened": about("task", "incomplete", { meta: { status: 0 } }),
    "task.deleted": about("task", "delete"),
    "task.restored": about("task", "restore"),

    "milestone.created": about("milestone", "create"),
    "milestone.updated": (event, db) => {
      const { changes } = event.payload;
      // A status change reads as completing or reopening; anything else is an update.
      const type: ActivityType = changes.status ? (changes.status.to === 1 ? "complete" : "incomplete") : "update";
      return about("milestone", type, { changes: changeList(changes) })(event, db);
    },
    "milestone.deleted": about("milestone", "delete"),

    "discussion.created": about("discussion_board", "create"),
    "discussion.updated": (event, db) => about("discussion_board", "update", { changes: changeList(event.payload.changes) })(event, db),
    "discussion.deleted": about("discussion_board", "delete"),

    "comment.created": commentEntry("create"),
    "comment.updated": commentEntry("update"),
    "comment.deleted": commentEntry("delete"),
    "comment.restored": commentEntry("restore"),

    "file.created": about("file", "create"),
    "file.uploaded": about("file", "create"),
    "file.updated": (event, db) => about("file", "update", { changes: changeList(event.payload.changes) })(event, db),
    "file.moved": (event, db) => about("file", "move", { changes: changeList(event.payload.changes) })(event, db),
    "file.deleted": about("file", "delete"),
    "file.restored": about("file", "restore"),
    "file.attached": attachmentEntry("create"),
    "file.detached": attachmentEntry("delete"),

    "label.created": (event, db) => about("label", "create", { meta: { color: event.payload.color } })(event, db),
    "label.updated": (event, db) => {
      const { changes, color } = event.payload;
      return about("label", "update", { changes: changeList(changes), meta: { ...(changes.title && { from_title: changes.title.from }), color } })(event, db);
    },
    "label.deleted": about("label", "delete"),

    "project_settings.updated": (event, db) => {
      const { projectId, key, changes } = event.payload;
      return write(event, db, { projectId, type: "update", resource: "project_settings", resourceId: null, title: key, meta: { key, changes } });
    },
  };
  // Every handler takes its events in batches, so a bulk change's entries cost a few queries, not a few per task.
  return Object.fromEntries(
    Object.entries(handlers).map(([name, handler]) => [name, batched(handler as EventHandler<DispatchedEvent["name"]>)]),
  ) as EventSubscribers;
}

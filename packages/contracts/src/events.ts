/**
 * Domain events: one typed record of each kind of change, written by the server in the change's own
 * transaction (the outbox) and handed to subscribers after commit (activities today; webhooks, e-mail, the
 * digest and live updates later). Payloads are plain JSON and carry everything a subscriber needs, so that
 * none has to read the record again (it may be gone or changed since).
 */

import type { SlackSettingChanges } from "./chat-integration.js";

/** A JSON value, as stored in the outbox. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** One field's value before and after a change. */
export interface FieldChange<T extends JsonValue = JsonValue> {
  from: T;
  to: T;
}

/** The fields a change really changed, each with its value before and after; unchanged fields are absent. */
export type Changes<Fields extends Record<string, JsonValue>> = { [K in keyof Fields]?: FieldChange<Fields[K]> };

/** What a change of the `git_bit` setting tells: its switch, whether a secret is set, and a new token. */
export type GitBitSettingFields = {
  status: string;
  has_secret: boolean;
  /** `from: false, to: true` when a secret replaced another. */
  new_secret: boolean;
  /** `from: false, to: true` when the incoming address got a new token (first enabled or regenerated). */
  new_token: boolean;
};

/** A user named in a change (an assignee), with the name they had then. */
export interface EventPerson {
  [key: string]: JsonValue;
  id: number;
  name: string;
}

/** A task list named in a change (a task's move), with the title it had then. */
export interface EventListRef {
  [key: string]: JsonValue;
  id: number;
  title: string;
}

/** A label named in a change (a task's labels), with the name it had then. */
export interface EventLabelRef {
  [key: string]: JsonValue;
  id: number;
  name: string;
}

/** What every event about a record of a project carries. */
export interface RecordEventBase {
  /** The project the record belongs to. */
  projectId: number;
  /** The record's id. */
  id: number;
  /** The record's title after the change (before it, for a deletion). */
  title: string;
  /**
   * Who may see the record: null for everyone in the project, else the `view_private_*` capability
   * (or joined scope, `list+task`) a reader needs, as the record's privacy stood after the change.
   */
  privacyScope: string | null;
}

/** Kinds of record an event can name: what a comment or an attachment belongs to, whose privacy it follows. */
export type EventRecordType =
  | "project" | "task_list" | "task" | "milestone" | "discussion_board" | "comment" | "file" | "label" | "project_settings";

/** The record a comment or an attachment belongs to, as a sentence names it. */
export interface EventParent {
  type: EventRecordType;
  id: number;
  title: string;
}

/** Fields of a project whose changes `project.updated` reports. */
export interface ProjectFields {
  [field: string]: JsonValue;
  title: string;
  description: string;
  status: string;
  color: string | null;
  department_id: number | null;
}

/** Fields of a task list whose changes `task_list.updated` reports; `status` 0 is archived, 1 current. */
export interface TaskListFields {
  [field: string]: JsonValue;
  title: string;
  description: string;
  milestone_id: number | null;
  privacy: number;
  status: number;
}

/** Fields of a task whose changes `task.updated` reports; a `task_list` change is a move to another list. */
export interface TaskFields {
  [field: string]: JsonValue;
  title: string;
  description: string;
  start_at: string | null;
  due_date: string | null;
  estimation: number;
  privacy: number;
  priority: number;
  complexity: number;
  payable: number;
  recurrent: number;
  type_id: number | null;
  status: number;
  /** The list the task is in: a change is a move. */
  task_list: EventListRef;
  assignees: EventPerson[];
  labels: EventLabelRef[];
}

/** Fields of a milestone whose changes `milestone.updated` reports; `status` 1 is achieved. */
export interface MilestoneFields {
  [field: string]: JsonValue;
  title: string;
  description: string;
  achieve_date: string | null;
  status: number;
  privacy: number;
  sort_order: number;
}

/** Fields of a discussion whose changes `discussion.updated` reports. */
export interface DiscussionFields {
  [field: string]: JsonValue;
  title: string;
  description: string;
  privacy: number;
  milestone_id: number | null;
}

/** Fields of an item of the files area whose changes `file.updated` and `file.moved` report. */
export interface FileFields {
  [field: string]: JsonValue;
  title: string;
  description: string;
  url: string;
  privacy: number;
  parent_id: number;
}

/** Fields of a label whose changes `label.updated` reports. */
export interface LabelFields {
  [field: string]: JsonValue;
  title: string;
  description: string;
  color: string;
}

/** A comment event: the comment and the record it is on (whose privacy the comment follows). */
export interface CommentEventPayload {
  projectId: number;
  /** The comment's id. */
  id: number;
  /** The record commented on. */
  on: EventParent;
  /** Who may see the comment: the scope of the record it is on. */
  privacyScope: string | null;
}

/** A file attached to, or removed from, a discussion, task, task list, comment or doc. */
export interface AttachmentEventPayload extends RecordEventBase {
  /** What holds the file: its type and id as stored on the file row. */
  fileable: { type: string; id: number };
  /** How a sentence names what holds it: "the task Homepage", "a comment on the task Homepage". */
  phrase: string;
  /** The record whose privacy the file follows: for a comment's attachment, the record commented on. */
  subject: { type: EventRecordType; id: number };
}

/**
 * Time logged on a task or taken off it (the time tracker): enough for a feed and for reports to add up
 * without reading the log again, which may be gone.
 */
export interface TimeLogEventPayload {
  projectId: number;
  /** The time log's id. */
  timeId: number;
  taskId: number;
  /** The task's title at the time. */
  title: string;
  /** Whose time it is. */
  userId: number;
  /** Whole seconds logged. */
  seconds: number;
  /** The day the time belongs to (YYYY-MM-DD, the site's time zone when it was written). */
  day: string;
  /** `timer` or `custom` (typed in). */
  source: string;
  /** The server stopped a forgotten timer at `PLOTLINE_TIMER_MAX_HOURS`. */
  stoppedByCap: boolean;
  /** Who may see it: the task's privacy scope (as `RecordEventBase.privacyScope`). */
  privacyScope: string | null;
}

/** Every domain event, by name, with its payload. */
export interface DomainEventMap {
  "project.created": RecordEventBase;
  "project.updated": RecordEventBase & { changes: Changes<ProjectFields> };
  /** A copy of a project was made; `id` is the copy, `title` the source's title. */
  "project.duplicated": RecordEventBase & { sourceProjectId: number };
  "task_list.created": RecordEventBase;
  /** A list changed; a `status` change archives (0) or restores (1) it. */
  "task_list.updated": RecordEventBase & { changes: Changes<TaskListFields> };
  "task_list.deleted": RecordEventBase;
  /** A deleted list came back with its tasks (undo): the payload its `task_list.deleted` carried. */
  "task_list.restored": RecordEventBase;
  /** A copy of a list was made; `id` is the copy, `title` the source's title. */
  "task_list.duplicated": RecordEventBase & { sourceListId: number };
  "task.created": RecordEventBase & { taskListId: number };
  /**
   * A task changed. A `task_list` change is a move. A `status` change comes with its own
   * `task.completed` or `task.reopened` event. `labelIds` are the labels the change set, when it set them.
   */
  "task.updated": RecordEventBase & {
    changes: Changes<TaskFields>;
    labelIds?: number[];
    /**
     * The task whose move shifted this one's dates (the Gantt's rescheduling): the shift is told by one
     * activity, from its `task.dependents_shifted` event, and none is written for this event.
     */
    shiftOf?: number;
  };
  /** A task's move shifted the dates of `taskIds`, its successors on the Gantt chart; `id` is the moved task. */
  "task.dependents_shifted": RecordEventBase & { taskIds: number[] };
  "task.completed": RecordEventBase;
  "task.reopened": RecordEventBase;
  "task.deleted": RecordEventBase;
  /** A deleted task came back whole (undo): the payload its `task.deleted` carried. */
  "task.restored": RecordEventBase;
  "milestone.created": RecordEventBase;
  /** A milestone changed; a `status` change achieves (1) or reopens (0) it. */
  "milestone.updated": RecordEventBase & { changes: Changes<MilestoneFields> };
  "milestone.deleted": RecordEventBase;
  "discussion.created": RecordEventBase;
  "discussion.updated": RecordEventBase & { changes: Changes<DiscussionFields> };
  "discussion.deleted": RecordEventBase;
  "comment.created": CommentEventPayload;
  "comment.updated": CommentEventPayload;
  "comment.deleted": CommentEventPayload;
  /** A deleted comment came back (undo): the payload its `comment.deleted` carried. */
  "comment.restored": CommentEventPayload;
  /** A folder, doc or link was created in the files area. */
  "file.created": RecordEventBase & { type: string };
  /** A file was uploaded to the files area. */
  "file.uploaded": RecordEventBase;
  "file.updated": RecordEventBase & { changes: Changes<FileFields> };
  "file.moved": RecordEventBase & { changes: Changes<FileFields> };
  "file.deleted": RecordEventBase;
  /** A deleted item of the files area came back with what was in it (undo): the payload its `file.deleted` carried. */
  "file.restored": RecordEventBase;
  "file.attached": AttachmentEventPayload;
  "file.detached": AttachmentEventPayload;
  "label.created": RecordEventBase & { color: string };
  "label.updated": RecordEventBase & { color: string; changes: Changes<LabelFields> };
  "label.deleted": RecordEventBase;
  /** Time was logged: a timer stopped (by its owner, by a new start, or at the cap by the server) or custom time added. */
  "time.logged": TimeLogEventPayload;
  /** A time log was deleted by its owner. */
  "time.deleted": TimeLogEventPayload;
  /** One project setting changed; `changes` holds only what really changed, per role and capability. */
  /**
   * `changes`: per role the capabilities changed (`capabilities`), or the old and new value of a flag
   * (`assignees_can_edit`) or of the working days (`working_days`), or the fields of the code-hosting
   * integration that changed (`git_bit`: never its secret or token, only that they changed), or of the chat
   * integration (`slack`: never the webhook's address, only that it changed).
   */
  "project_settings.updated": {
    projectId: number;
    key: string;
    changes:
      | { [role: string]: { [capability: string]: boolean } }
      | { from: boolean; to: boolean }
      | { from: number[]; to: number[] }
      | Changes<GitBitSettingFields>
      | SlackSettingChanges;
  };
}

/** The name of a domain event. */
export type DomainEventName = keyof DomainEventMap;

/** One domain event: its name and payload, discriminated by name. */
export type DomainEvent = { [N in DomainEventName]: { name: N; payload: DomainEventMap[N] } }[DomainEventName];

/** The one event of a given name. */
export type DomainEventOf<N extends DomainEventName> = Extract<DomainEvent, { name: N }>;

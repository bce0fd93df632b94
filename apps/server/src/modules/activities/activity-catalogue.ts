/**
 * The words of activity sentences, one catalogue per language. The renderer (`activity-sentences.ts`) picks
 * what happened and formats the values (dates, names); a catalogue only puts them into its language's order,
 * so a new language is one more file like `activity-catalogue.en.ts` and one line in `CATALOGUES`.
 */

/** A JSON value as stored in an activity's `changes`. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Kinds of record an activity can be about. */
export const ACTIVITY_RESOURCES = [
  "project", "task_list", "task", "milestone", "discussion_board", "comment", "file", "label", "project_settings",
] as const;
export type ActivityResource = (typeof ACTIVITY_RESOURCES)[number];

/** What can happen to a record (the API's `action_type`). */
export const ACTIVITY_TYPES = [
  "create", "update", "delete", "complete", "incomplete", "archive", "restore", "move", "duplicate",
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/**
 * One field of a record that changed, by its API name (`title`, `due_date`, `assignees`, `board_id`, ...),
 * with its value before and after. People and labels are arrays of `{id, name}`; a list is `{id, title}`.
 */
export interface ActivityChange {
  field: string;
  from: JsonValue;
  to: JsonValue;
}

/** The languages activity sentences are written in. */
export type ActivityLocale = "en";

/**
 * One language's sentences. Every argument is already formatted for display (dates in the site's format,
 * people and labels by name); `subject` is the record's title at the time of the change.
 */
export interface ActivityCatalogue {
  /** "the task Homepage copy": how a sentence names a record. */
  record(resource: ActivityResource, title: string): string;
  /** The sentence of everything but a described update: "Ana created the task Homepage copy". */
  summary(actor: string, type: ActivityType, resource: ActivityResource, title: string): string;
  /** "Ana " + clauses joined as a list: "Ana renamed ... and assigned ...". */
  sentence(actor: string, clauses: readonly string[]): string;
  /** "Ben", "Ben and Cleo", "Ben, Cleo and Dan". */
  list(items: readonly string[]): string;
  /** A field's name in a sentence ("due date"), or null when the catalogue does not know it. */
  fieldName(field: string): string | null;
  /** A yes/no field's value: "on", "off". */
  flag(isOn: boolean): string;
  /** What an empty value reads as: "no due date", "none". */
  none(field: string): string;
  clauses: {
    renamed(resource: ActivityResource, from: string, to: string): string;
    /** A field changed from one value to another ("changed the due date of Wireframes from 11/20 to 11/25"). */
    changed(field: string, subject: string, from: string, to: string): string;
    /** A field whose value is not quoted (a description). */
    edited(field: string, subject: string): string;
    assigned(subject: string, people: string): string;
    unassigned(subject: string, people: string): string;
    labelled(subject: string, labels: string, count: number): string;
    unlabelled(subject: string, labels: string, count: number): string;
    movedToList(subject: string, list: string): string;
    /** A move whose destination is not told: "moved the task Wireframes". */
    moved(resource: ActivityResource, subject: string): string;
    madePrivate(resource: ActivityResource, subject: string, isPrivate: boolean): string;
    statusChanged(resource: ActivityResource, subject: string, isDone: boolean): string;
    /** The Gantt's rescheduling moved `count` tasks after `subject`: "shifted 3 dependent tasks of Wireframes". */
    shiftedDependents(subject: string, count: number): string;
  };
}

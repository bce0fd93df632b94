import {
  ACTIVITY_RESOURCES,
  ACTIVITY_TYPES,
  type ActivityCatalogue,
  type ActivityChange,
  type ActivityLocale,
  type ActivityResource,
  type ActivityType,
  type JsonValue,
} from "./activity-catalogue.js";
import { englishCatalogue } from "./activity-catalogue.en.js";

const CATALOGUES: Record<ActivityLocale, ActivityCatalogue> = { en: englishCatalogue };

/** How a day is shown when the site sets no date format: month and day, `11/25`. */
export const DEFAULT_DATE_FORMAT = "MM/DD";

/** Longest sentence, as stored before migration 0013. */
export const MAX_SENTENCE_LENGTH = 600;

/** Longest value quoted in a change (a title, a name), so that renaming a long title still reads as a sentence. */
const MAX_VALUE_LENGTH = 120;

/** What a sentence is made from: who did what to which record, and which of its fields changed how. */
export interface ActivityFacts {
  actorName: string;
  type: ActivityType;
  resource: ActivityResource;
  /** The record's title when it happened. */
  title: string;
  changes: readonly ActivityChange[];
  /**
   * Whether the reader may see the names of private lists. A move names the list the record went to, and an
   * entry's scope follows its record, not that list: a task that later leaves a private list would otherwise
   * show the private list's name to everyone.
   */
  mayNameLists: boolean;
}

/** How the reader reads: their language and the site's date format (tokens YYYY, YY, MM, DD, M, D). */
export interface SentenceOptions {
  locale: ActivityLocale;
  dateFormat?: string;
}

/** Whether a stored `action_type` is one the catalogues know. */
export function isActivityType(value: string): value is ActivityType {
  return (ACTIVITY_TYPES as readonly string[]).includes(value);
}

/** Whether a stored `resource_type` is one the catalogues know. */
export function isActivityResource(value: string): value is ActivityResource {
  return (ACTIVITY_RESOURCES as readonly string[]).includes(value);
}

/** Cuts a long value to MAX_VALUE_LENGTH characters, ending with an ellipsis. */
function shorten(text: string): string {
  const chars = Array.from(text);
  return chars.length <= MAX_VALUE_LENGTH ? text : `${chars.slice(0, MAX_VALUE_LENGTH - 1).join("")}…`;
}

/** A stored day (`2025-11-25`, a timestamp, or a date object's `date`) in the given format; null for none. */
export function formatDay(value: JsonValue | undefined, format: string = DEFAULT_DATE_FORMAT): string | null {
  const raw = value !== null && typeof value === "object" && !Array.isArray(value) ? value.date : value;
  if (typeof raw !== "string" || raw.trim() === "") return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(raw.trim());
  if (!match) return shorten(raw);
  const [, year = "", month = "", day = ""] = match;
  const parts: Record<string, string> = {
    YYYY: year, YY: year.slice(2), MM: month, DD: day, M: String(Number(month)), D: String(Number(day)),
  };
  return format.replace(/YYYY|YY|MM|DD|M|D/g, (token) => parts[token] ?? token);
}

/** The name a person, label or list goes by in a change: `{name}`, `{display_name}` or `{title}`. */
function nameOf(value: JsonValue): string | null {
  if (typeof value === "string") return value.trim() === "" ? null : shorten(value);
  // A bare id cannot be named: the clause is left out rather than show "#12".
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  for (const key of ["name", "display_name", "title"]) {
    const name = value[key];
    if (typeof name === "string" && name.trim() !== "") return shorten(name);
  }
  return null;
}

/** What tells two members of a people or label list apart: the id, else the name. */
function keyOf(value: JsonValue): string {
  if (value !== null && typeof value === "object" && !Array.isArray(value) && value.id !== undefined) return `id:${String(value.id)}`;
  if (typeof value === "number") return `id:${value}`;
  return `name:${nameOf(value) ?? ""}`;
}

function asList(value: JsonValue): JsonValue[] {
  if (Array.isArray(value)) return value;
  return value === null || value === "" ? [] : [value];
}

/** Members of `to` that are not in `from`, by name. */
function added(from: JsonValue, to: JsonValue): string[] {
  const before = new Set(asList(from).map(keyOf));
  return asList(to).filter((item) => !before.has(keyOf(item))).flatMap((item) => nameOf(item) ?? []);
}

function isOn(value: JsonValue): boolean {
  return value === true || value === 1 || value === "1" || value === "private";
}

/** Any other value as text: a number, a name, a list of names; null for an empty value. */
function valueText(value: JsonValue, catalogue: ActivityCatalogue): string | null {
  if (typeof value === "boolean") return catalogue.flag(value);
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) {
    const names = value.flatMap((item) => nameOf(item) ?? []);
    return names.length > 0 ? catalogue.list(names) : null;
  }
  return nameOf(value);
}

const DATE_FIELDS = new Set(["start_at", "due_date", "achieve_date"]);
const PEOPLE_FIELDS = new Set(["assignees", "users"]);
const LABEL_FIELDS = new Set(["labels", "task_labels"]);
const LIST_FIELDS = new Set(["board_id", "list", "task_list", "task_list_id"]);

/** The clauses one change adds to a sentence: none when nothing readable changed. */
function clausesOf(change: ActivityChange, facts: ActivityFacts, catalogue: ActivityCatalogue, dateFormat: string): string[] {
  const subject = shorten(facts.title);
  const { field, from, to } = change;
  const fieldName = catalogue.fieldName(field) ?? field.replace(/_/g, " ");
  if (field === "title") {
    const before = nameOf(from);
    const after = nameOf(to);
    // Compared whole: two long titles may differ only past the shortened part.
    return before && after && JSON.stringify(from) !== JSON.stringify(to) ? [catalogue.clauses.renamed(facts.resource, before, after)] : [];
  }
  if (DATE_FIELDS.has(field)) {
    const before = formatDay(from, dateFormat) ?? catalogue.none(field);
    const after = formatDay(to, dateFormat) ?? catalogue.none(field);
    return before === after ? [] : [catalogue.clauses.changed(fieldName, subject, before, after)];
  }
  if (PEOPLE_FIELDS.has(field) || LABEL_FIELDS.has(field)) {
    const gained = added(from, to);
    const lost = added(to, from);
    const isPeople = PEOPLE_FIELDS.has(field);
    const clauses: string[] = [];
    if (gained.length > 0) {
      clauses.push(isPeople ? catalogue.clauses.assigned(subject, catalogue.list(gained)) : catalogue.clauses.labelled(subject, catalogue.list(gained), gained.length));
    }
    if (lost.length > 0) {
      clauses.push(isPeople ? catalogue.clauses.unassigned(subject, catalogue.list(lost)) : catalogue.clauses.unlabelled(subject, catalogue.list(lost), lost.length));
    }
    return clauses;
  }
  if (LIST_FIELDS.has(field)) {
    // Only the list it went to: the list it left may be private to this reader.
    const list = facts.mayNameLists ? nameOf(to) : null;
    return list ? [catalogue.clauses.movedToList(subject, list)] : [];
  }
  if (field === "privacy") return [catalogue.clauses.madePrivate(facts.resource, subject, isOn(to))];
  // A 0/1 status is done or not; a named one (a project's "archived", "pending") is told as it is.
  if (field === "status" && typeof to !== "string") return [catalogue.clauses.statusChanged(facts.resource, subject, isOn(to))];
  if (field === "description") return [catalogue.clauses.edited(fieldName, subject)];
  if (field === "dependent_tasks") return typeof to === "number" ? [catalogue.clauses.shiftedDependents(subject, to)] : [];
  // Other references (`milestone_id`, `type_id`) are told only when the change names them.
  if (field.endsWith("_id") && (nameOf(from) ?? nameOf(to)) === null) return [];
  const before = valueText(from, catalogue) ?? catalogue.none(field);
  const after = valueText(to, catalogue) ?? catalogue.none(field);
  return before === after ? [] : [catalogue.clauses.changed(fieldName, subject, before, after)];
}

/**
 * The sentence of an activity in the reader's language: what changed for an update or a move that carries
 * its changes ("Ana changed the due date of Wireframes from 11/20 to 11/25"), otherwise the summary that was
 * stored before 0013 ("Ana created the task Wireframes", "Ana updated the task Wireframes").
 */
export function renderActivitySentence(facts: ActivityFacts, options: SentenceOptions): string {
  const catalogue = CATALOGUES[options.locale];
  const dateFormat = options.dateFormat ?? DEFAULT_DATE_FORMAT;
  if (facts.type === "update" || facts.type === "move") {
    const isMove = facts.type === "move";
    // A status change made with a move has an entry of its own (completed, reopened).
    const told = isMove ? facts.changes.filter((change) => change.field !== "status") : facts.changes;
    const clauses = told.flatMap((change) => clausesOf(change, facts, catalogue, dateFormat));
    const namesList = facts.mayNameLists && told.some((change) => LIST_FIELDS.has(change.field) && nameOf(change.to) !== null);
    // A move whose list is not named still says it moved, before what else changed with it.
    if (isMove && !namesList && clauses.length > 0) clauses.unshift(catalogue.clauses.moved(facts.resource, shorten(facts.title)));
    if (clauses.length > 0) return catalogue.sentence(facts.actorName, clauses).slice(0, MAX_SENTENCE_LENGTH);
  }
  return catalogue.summary(facts.actorName, facts.type, facts.resource, facts.title).slice(0, MAX_SENTENCE_LENGTH);
}

/** "the task Homepage copy": how a sentence names a record, e.g. the one a comment is on. */
export function recordPhrase(resource: ActivityResource, title: string, locale: ActivityLocale = "en"): string {
  return CATALOGUES[locale].record(resource, title);
}

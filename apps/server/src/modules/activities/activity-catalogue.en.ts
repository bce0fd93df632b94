import type { ActivityCatalogue, ActivityResource, ActivityType } from "./activity-catalogue.js";

const RESOURCE_WORDS: Record<ActivityResource, string> = {
  project: "the project",
  task_list: "the task list",
  task: "the task",
  milestone: "the milestone",
  discussion_board: "the discussion",
  comment: "a comment on",
  file: "the file",
  label: "the label",
  project_settings: "the project setting",
};

const VERBS: Record<ActivityType, string> = {
  create: "created",
  update: "updated",
  delete: "deleted",
  complete: "completed",
  incomplete: "reopened",
  archive: "archived",
  restore: "restored",
  move: "moved",
  duplicate: "duplicated",
};

/** Field names as a sentence says them; the API names of tasks, lists, milestones and discussions. */
const FIELD_NAMES: Record<string, string> = {
  title: "title",
  description: "description",
  start_at: "start date",
  due_date: "due date",
  achieve_date: "due date",
  estimation: "estimate",
  priority: "priority",
  complexity: "complexity",
  type_id: "type",
  type: "type",
  milestone: "milestone",
  milestone_id: "milestone",
  department_id: "department",
  recurrent: "recurrence",
  payable: "billing",
  color: "color",
  status: "status",
  url: "link",
  order: "order",
};

/** English, the first catalogue. Its create/delete/... sentences are the ones stored before 0013. */
export const englishCatalogue: ActivityCatalogue = {
  record: (resource, title) => `${RESOURCE_WORDS[resource]} ${title}`,

  summary(actor, type, resource, title) {
    if (resource === "comment") {
      const verb = type === "create" ? "added" : VERBS[type];
      return `${actor} ${verb} a comment on ${title}`;
    }
    return `${actor} ${VERBS[type]} ${RESOURCE_WORDS[resource]} ${title}`;
  },

  sentence: (actor, clauses) => `${actor} ${englishCatalogue.list(clauses)}`,

  list(items) {
    if (items.length <= 1) return items[0] ?? "";
    return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1] ?? ""}`;
  },

  fieldName: (field) => FIELD_NAMES[field] ?? null,

  flag: (isOn) => (isOn ? "on" : "off"),

  none(field) {
    const name = FIELD_NAMES[field];
    // "no due date", "no estimate"; a field without a known name reads as "none".
    return name ? `no ${name}` : "none";
  },

  clauses: {
    renamed: (resource, from, to) => `renamed ${RESOURCE_WORDS[resource]} ${from} to ${to}`,
    changed: (field, subject, from, to) => `changed the ${field} of ${subject} from ${from} to ${to}`,
    edited: (field, subject) => `changed the ${field} of ${subject}`,
    assigned: (subject, people) => `assigned ${subject} to ${people}`,
    unassigned: (subject, people) => `unassigned ${people} from ${subject}`,
    labelled: (subject, labels, count) => `added the ${count === 1 ? "label" : "labels"} ${labels} to ${subject}`,
    unlabelled: (subject, labels, count) => `removed the ${count === 1 ? "label" : "labels"} ${labels} from ${subject}`,
    movedToList: (subject, list) => `moved ${subject} to the list ${list}`,
    moved: (resource, subject) => `moved ${RESOURCE_WORDS[resource]} ${subject}`,
    madePrivate: (resource, subject, isPrivate) => `made ${RESOURCE_WORDS[resource]} ${subject} ${isPrivate ? "private" : "public"}`,
    statusChanged: (resource, subject, isDone) => `${isDone ? "completed" : "reopened"} ${RESOURCE_WORDS[resource]} ${subject}`,
    shiftedDependents: (subject, count) => `shifted ${count} dependent ${count === 1 ? "task" : "tasks"} of ${subject}`,
  },
};

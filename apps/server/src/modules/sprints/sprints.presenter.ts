import type { Sprint, SprintAbilities, SprintCounters, SprintProject, SprintTasks, User } from "@plotline/contracts";
import { toOptionalDateObject, toRequiredDateObject } from "../../lib/dates.js";
import { toRichText } from "../../lib/rich-text.js";
import type { SprintProjectRow } from "./sprints.repository.js";
import type { SprintRow } from "./sprints.tables.js";

/** What a sprint's answer carries besides its row, each worked out for the reader. */
export interface SprintParts {
  /** Its projects the reader may enter. */
  projects: readonly SprintProjectRow[];
  creator: User;
  counters: SprintCounters;
  abilities: SprintAbilities;
  /** With `with=tasks`. */
  tasks?: SprintTasks;
}

/** Nothing counted. */
export const NO_COUNTERS: SprintCounters = { tasks: { total: 0, complete: 0 }, estimation: { total: 0, complete: 0 } };

const STATUSES = ["planned", "active", "completed"] as const;

/** A stored status as the API names it (an unknown value reads as planned, the state that allows least). */
export function sprintStatusOf(stored: string): Sprint["status"] {
  return STATUSES.find((status) => status === stored) ?? "planned";
}

function presentProject(row: SprintProjectRow): SprintProject {
  return { id: row.project_id, title: row.title, color: row.color };
}

/** A sprint as the API shows it: an exact contract object, field by field. */
export function presentSprint(row: SprintRow, parts: SprintParts, timezone: string): Sprint {
  return {
    id: row.id,
    title: row.title,
    description: toRichText(row.description),
    goal: row.goal,
    status: sprintStatusOf(row.status),
    start_at: toRequiredDateObject(row.start_at, timezone),
    due_date: toRequiredDateObject(row.due_date, timezone),
    started_at: toOptionalDateObject(row.started_at, timezone),
    completed_at: toOptionalDateObject(row.completed_at, timezone),
    carried_over_to: row.carried_over_to,
    created_at: toRequiredDateObject(row.created_at, timezone),
    updated_at: toRequiredDateObject(row.updated_at, timezone),
    projects: { data: parts.projects.map(presentProject) },
    creator: { data: parts.creator },
    ...(parts.tasks && { tasks: parts.tasks }),
    counters: parts.counters,
    abilities: parts.abilities,
  };
}

import type { Label, TaskLabel } from "@plotline/contracts";
import type { LabelRow } from "./labels.tables.js";
import { toRequiredDateObject } from "../../lib/dates.js";
import type { ProjectAccess } from "../projects/project-access.js";
import { labelAbilities } from "./labels.policy.js";
import type { TaskLabelRow } from "./labels.repository.js";

/** The fields of a label that leave the server. */
export function presentLabel(row: LabelRow, access: ProjectAccess, timezone: string): Label {
  return {
    id: row.id,
    project_id: row.project_id,
    title: row.title,
    description: row.description,
    color: row.color,
    created_by: row.created_by,
    created_at: toRequiredDateObject(row.created_at, timezone),
    updated_at: toRequiredDateObject(row.updated_at, timezone),
    abilities: labelAbilities(access),
  };
}

/** A label as a task carries it. */
export function presentTaskLabel(row: TaskLabelRow): TaskLabel {
  return { id: row.id, title: row.title, description: row.description, color: row.color };
}

import type { KanboardColumn, KanboardTaskPage, KanboardWip } from "@plotline/contracts";
import type { ProjectAccess } from "../projects/project-access.js";
import { columnAbilities } from "./kanboard.policy.js";
import type { ColumnCount } from "./kanboard.repository.js";
import type { KanbanBoardRow } from "./kanboard.tables.js";

const EMPTY: ColumnCount = { total: 0, incomplete: 0 };

/** A column as the API shows it, with its counts for the reader and, on one column's GET, a page of cards. */
export function presentColumn(row: KanbanBoardRow, access: ProjectAccess, count: ColumnCount = EMPTY, page?: KanboardTaskPage): KanboardColumn {
  return {
    id: row.id,
    title: row.title,
    color: row.color,
    wip_limit: row.wip_limit,
    is_done: row.is_done === 1,
    order: row.sort_order,
    project_id: row.project_id,
    meta: { total_tasks: count.total, total_incomplete_tasks: count.incomplete },
    ...(page && { task: page }),
    abilities: columnAbilities(access),
  };
}

/** A column's WIP state with `total` cards in it. */
export function presentWip(limit: number | null, total: number): KanboardWip {
  return { limit, total, at_limit: limit !== null && total === limit, exceeded: limit !== null && total > limit };
}

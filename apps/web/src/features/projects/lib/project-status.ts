import type { ProjectStatus } from "@plotline/contracts";

/** Badge colour of each project status. */
export const STATUS_COLORS: Record<ProjectStatus, string> = {
  incomplete: "blue",
  complete: "green",
  pending: "yellow",
  archived: "gray",
};

/** Share of a project's tasks that are done, 0 to 100, from its counts. */
export function progressPercent(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((done / total) * 100);
}

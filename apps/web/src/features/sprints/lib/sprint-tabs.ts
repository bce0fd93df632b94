import { routePath, type RouteName } from "@plotline/contracts";

/** The tabs of the sprints page. */
export const SPRINT_TABS = ["active", "planned", "completed"] as const;
export type SprintTab = (typeof SPRINT_TABS)[number];

/** The route names that draw the sprints page. */
export type SprintsRouteName = Extract<RouteName, "sprints" | "completed_sprint" | "completed_sprint_pagination">;

/** The search parameter that picks the Planned tab on the `sprints` route. */
export const TAB_PARAM = "tab";

/**
 * The tab a route shows: the tab follows the route name (spec, "Tab state of Progress and completed
 * sprints follows the route name"). `sprints` holds Active and Planned, told apart by `?tab=planned` so a
 * reload or Back keeps the one that was open; the completed routes show Completed.
 */
export function sprintTabOf(route: SprintsRouteName, tabParam: string | null): SprintTab {
  if (route !== "sprints") return "completed";
  return tabParam === "planned" ? "planned" : "active";
}

/** The address of a tab (the Completed one at its first page). */
export function sprintTabPath(tab: SprintTab): string {
  if (tab === "completed") return routePath("completed_sprint");
  return tab === "planned" ? `${routePath("sprints")}?${TAB_PARAM}=planned` : routePath("sprints");
}

/** The address of a page of completed sprints: the first is `completed_sprint`, the others its pagination route. */
export function completedPagePath(page: number): string {
  return page <= 1 ? routePath("completed_sprint") : routePath("completed_sprint_pagination", { current_page_number: page });
}

/** The page number of `pages/:current_page_number`: anything but a whole number from 1 reads as the first page. */
export function pageNumberOf(raw: string | undefined): number {
  if (raw === undefined || !/^\d+$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 ? page : 1;
}

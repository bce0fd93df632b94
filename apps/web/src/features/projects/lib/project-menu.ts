import { MENU_ENTRIES, type Me, type MenuEntry, type Project, type RouteName } from "@plotline/contracts";

/**
 * A project's menu for this user: entries of modules that are on, that have a page in this build, and
 * that the user may see (project-manager entries need the project's `can_manage`), by their order.
 */
export function projectMenu(me: Me, project: Pick<Project, "abilities">, pages: ReadonlySet<RouteName>): MenuEntry[] {
  const active = new Set<string>(["core", ...me.active_modules]);
  return MENU_ENTRIES.filter((entry) => {
    if (entry.area !== "project" || !active.has(entry.module) || !pages.has(entry.route)) return false;
    if (entry.audience === "project_manager") return project.abilities.can_manage;
    if (entry.audience === "site_manager") return me.capabilities.manage_pm;
    return true;
  }).sort((a, b) => a.order - b.order);
}

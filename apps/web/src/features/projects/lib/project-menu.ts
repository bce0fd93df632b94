import { type Me, type MenuEntry, type Project, type RouteName } from "@plotline/contracts";

/**
 * A project's menu for this user: the project entries the server sent (those of modules that are on), that
 * have a page in this build and that the user may see (project-manager entries need the project's
 * `can_manage`), by their order.
 */
export function projectMenu(me: Me, project: Pick<Project, "abilities">, pages: ReadonlySet<RouteName>): MenuEntry[] {
  return me.menu.filter((entry) => {
    if (entry.area !== "project" || !pages.has(entry.route)) return false;
    if (entry.audience === "project_manager") return project.abilities.can_manage;
    if (entry.audience === "site_manager") return me.capabilities.manage_pm;
    return true;
  }).sort((a, b) => a.order - b.order);
}

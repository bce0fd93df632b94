import { MENU_ENTRIES, type Me, type MenuEntry, type RouteName } from "@plotline/contracts";

/**
 * The site menu for this user: entries of modules that are on, that the user may see, and that have a
 * page in this build, in the documents' order.
 */
export function siteMenu(me: Me, pages: ReadonlySet<RouteName>): MenuEntry[] {
  const active = new Set<string>(["core", ...me.active_modules]);
  return MENU_ENTRIES.filter(
    (entry) =>
      entry.area === "site" &&
      active.has(entry.module) &&
      pages.has(entry.route) &&
      (entry.audience === "everyone" || me.capabilities.manage_pm),
  ).sort((a, b) => a.order - b.order);
}

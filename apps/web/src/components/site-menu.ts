import { type Me, type MenuEntry, type RouteName } from "@plotline/contracts";

/**
 * The site menu for this user: the site entries the server sent (those of modules that are on, that the
 * user may see) that have a page in this build, in the documents' order.
 */
export function siteMenu(me: Me, pages: ReadonlySet<RouteName>): MenuEntry[] {
  return me.menu
    .filter((entry) => entry.area === "site" && pages.has(entry.route) && (entry.audience === "everyone" || me.capabilities.manage_pm))
    .sort((a, b) => a.order - b.order);
}

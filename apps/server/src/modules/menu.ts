import type { MenuEntry } from "@plotline/contracts";
import { JsonFragment } from "../lib/json-fragment.js";
import type { ModuleDefinition } from "./module.js";

/**
 * The menu entries one user is sent: those of the modules that are on, without site-manager entries for
 * anyone else, in their order. Project-manager entries come along; the web shows them in the projects the
 * user manages.
 */
export function menuFor(modules: readonly ModuleDefinition[], activeModules: readonly string[], isSiteManager: boolean): MenuEntry[] {
  return keptMenu(modules, activeModules, isSiteManager).entries;
}

/** The same menu as JSON text, written once: GET /api/auth/me sends it on every page load. */
export function menuJsonFor(modules: readonly ModuleDefinition[], activeModules: readonly string[], isSiteManager: boolean): MenuEntry[] {
  return keptMenu(modules, activeModules, isSiteManager).json.asValue();
}

interface KeptMenu {
  entries: MenuEntry[];
  json: JsonFragment<MenuEntry[]>;
}

/** Menus already built, per module list and per switches and audience: a handful of each. */
const menusOf = new WeakMap<readonly ModuleDefinition[], Map<string, KeptMenu>>();

function keptMenu(modules: readonly ModuleDefinition[], activeModules: readonly string[], isSiteManager: boolean): KeptMenu {
  // Every request of GET /api/auth/me asks; the answer changes only with the switches and the audience.
  let menus = menusOf.get(modules);
  if (!menus) {
    menus = new Map();
    menusOf.set(modules, menus);
  }
  const key = `${isSiteManager ? "site_manager" : "everyone"}:${activeModules.join(",")}`;
  let menu = menus.get(key);
  if (!menu) {
    const entries = buildMenu(modules, activeModules, isSiteManager);
    menu = { entries, json: new JsonFragment(JSON.stringify(entries)) };
    menus.set(key, menu);
  }
  return menu;
}

function buildMenu(modules: readonly ModuleDefinition[], activeModules: readonly string[], isSiteManager: boolean): MenuEntry[] {
  const active = new Set<string>(["core", ...activeModules]);
  return modules
    .filter((module) => active.has(module.switch))
    .flatMap((module) => module.menu ?? [])
    .filter((entry) => entry.audience !== "site_manager" || isSiteManager)
    .sort((a, b) => (a.area === b.area ? a.order - b.order : a.area === "site" ? -1 : 1));
}

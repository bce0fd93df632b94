import type { Me, MenuEntry, RouteName } from "@plotline/contracts";
import { describe, expect, it } from "vitest";
import { projectMenu } from "./project-menu.js";

// The menu as the server sends it (the server leaves out modules that are off): out of order on purpose.
const MENU: MenuEntry[] = [
  { module: "core", area: "project", label: "menu.settings", order: 100, route: "pm_pro_settings", audience: "project_manager" },
  { module: "files", area: "project", label: "menu.files", order: 5, route: "pm_files", audience: "everyone" },
  { module: "core", area: "project", label: "menu.milestones", order: 4, route: "milestones", audience: "everyone" },
  { module: "core", area: "site", label: "menu.projects", order: 1, route: "project_lists", audience: "everyone" },
  { module: "core", area: "project", label: "menu.overview", order: 1, route: "pm_overview", audience: "everyone" },
  { module: "core", area: "project", label: "menu.discussions", order: 3, route: "discussions", audience: "everyone" },
  { module: "core", area: "project", label: "menu.task_lists", order: 2, route: "task_lists", audience: "everyone" },
];
const me = (menu: MenuEntry[] = MENU, manager = false) =>
  ({ user: { id: 1 }, nonce: "n", capabilities: { manage_pm: manager }, active_modules: [], menu }) as unknown as Me;
const abilities = (canManage: boolean) => ({ abilities: { can_manage: canManage } }) as Parameters<typeof projectMenu>[1];
const ALL: ReadonlySet<RouteName> = new Set<RouteName>(["pm_overview", "task_lists", "discussions", "milestones", "pm_files", "pm_pro_settings"]);

describe("projectMenu", () => {
  it("lists the project entries the server sent, in the documents' order", () => {
    const routes = projectMenu(me(), abilities(false), ALL).map((entry) => entry.route);
    expect(routes).toEqual(["pm_overview", "task_lists", "discussions", "milestones", "pm_files"]);
  });

  it("shows no entry of a module the server left out", () => {
    const withoutFiles = MENU.filter((entry) => entry.module !== "files");
    expect(projectMenu(me(withoutFiles), abilities(false), ALL).map((entry) => entry.route)).not.toContain("pm_files");
  });

  it("shows project-manager entries only to those who manage the project", () => {
    expect(projectMenu(me(), abilities(true), ALL).at(-1)?.route).toBe("pm_pro_settings");
    expect(projectMenu(me(MENU, true), abilities(false), ALL).map((entry) => entry.route)).not.toContain("pm_pro_settings");
  });

  it("leaves out routes that have no page in this build", () => {
    const pages = new Set<RouteName>(["pm_overview", "milestones"]);
    expect(projectMenu(me(), abilities(true), pages).map((entry) => entry.route)).toEqual(["pm_overview", "milestones"]);
  });
});

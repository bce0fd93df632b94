import type { Me, RouteName } from "@plotline/contracts";
import { describe, expect, it } from "vitest";
import { projectMenu } from "./project-menu.js";

const me = (modules: string[], manager = false) =>
  ({ user: { id: 1 }, nonce: "n", capabilities: { manage_pm: manager }, active_modules: modules }) as unknown as Me;
const abilities = (canManage: boolean) => ({ abilities: { can_manage: canManage } }) as Parameters<typeof projectMenu>[1];
const ALL: ReadonlySet<RouteName> = new Set<RouteName>(["pm_overview", "task_lists", "discussions", "milestones", "pm_files", "pm_pro_settings"]);

describe("projectMenu", () => {
  it("lists the core entries in the documents' order", () => {
    const routes = projectMenu(me([]), abilities(false), ALL).map((entry) => entry.route);
    expect(routes).toEqual(["pm_overview", "task_lists", "discussions", "milestones"]);
  });

  it("adds a Pro entry only while its module is on", () => {
    expect(projectMenu(me(["files"]), abilities(false), ALL).map((entry) => entry.route)).toContain("pm_files");
  });

  it("shows project-manager entries only to those who manage the project", () => {
    expect(projectMenu(me([]), abilities(true), ALL).at(-1)?.route).toBe("pm_pro_settings");
    expect(projectMenu(me([], true), abilities(false), ALL).map((entry) => entry.route)).not.toContain("pm_pro_settings");
  });

  it("leaves out routes that have no page in this build", () => {
    const pages = new Set<RouteName>(["pm_overview", "milestones"]);
    expect(projectMenu(me([]), abilities(true), pages).map((entry) => entry.route)).toEqual(["pm_overview", "milestones"]);
  });
});

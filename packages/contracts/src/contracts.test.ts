import { describe, expect, it } from "vitest";
import { dateOf, DEFAULT_CAPABILITIES, loginBody, MENU_ORDER, routePath, setupBody, zFlag } from "./index.js";

describe("validation messages", () => {
  it("name the field in every default message", () => {
    const result = setupBody.safeParse({ display_name: "  ", password: "short" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
    expect(messages).toEqual({
      display_name: "display_name is required",
      email: "email is required",
      password: "password must have at least 8 characters",
    });
  });

  it("lower-cases e-mail addresses", () => {
    expect(loginBody.parse({ email: " Ana@Example.TEST ", password: "x" }).email).toBe("ana@example.test");
  });

  it("reads flags as the documents send them", () => {
    expect([1, "1", true, "true"].map((value) => zFlag.parse(value))).toEqual([true, true, true, true]);
    expect([0, "0", false, "false"].map((value) => zFlag.parse(value))).toEqual([false, false, false, false]);
    expect(zFlag.safeParse("yes").success).toBe(false);
  });
});

describe("roles and menus", () => {
  it("gives co-workers every capability and clients the five create_* without view_private_*", () => {
    expect(Object.values(DEFAULT_CAPABILITIES.co_worker).every(Boolean)).toBe(true);
    const granted = Object.entries(DEFAULT_CAPABILITIES.client).filter(([, on]) => on).map(([cap]) => cap);
    expect(granted).toEqual(["create_message", "create_list", "create_task", "create_milestone", "create_file"]);
  });

  it("keeps the documents' menu orders", () => {
    expect([MENU_ORDER.calendar, MENU_ORDER.reports, MENU_ORDER.progress, MENU_ORDER.module_lists, MENU_ORDER.settings]).toEqual([4, 5, 6, 8, 100]);
  });

  it("builds links by route name", () => {
    expect(routePath("pm_overview", { project_id: 3 })).toBe("/projects/3/overview");
    expect(() => routePath("pm_overview")).toThrow(/project_id/);
  });
});

describe("dates", () => {
  it("reads the day of a set date, and null for the empty date object or none", () => {
    expect(dateOf({ date: "2026-03-01" })).toBe("2026-03-01");
    expect(dateOf({ date: null })).toBeNull();
    expect(dateOf(null)).toBeNull();
    expect(dateOf(undefined)).toBeNull();
  });
});

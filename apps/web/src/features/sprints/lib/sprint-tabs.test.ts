import { describe, expect, it } from "vitest";
import { completedPagePath, pageNumberOf, sprintTabOf, sprintTabPath } from "./sprint-tabs.js";

describe("sprintTabOf", () => {
  it("follows the route name: the completed routes show Completed whatever the search says", () => {
    expect(sprintTabOf("completed_sprint", null)).toBe("completed");
    expect(sprintTabOf("completed_sprint_pagination", "planned")).toBe("completed");
  });

  it("shows Active on `sprints`, and Planned when the search asks for it", () => {
    expect(sprintTabOf("sprints", null)).toBe("active");
    expect(sprintTabOf("sprints", "planned")).toBe("planned");
    expect(sprintTabOf("sprints", "completed")).toBe("active");
    expect(sprintTabOf("sprints", "")).toBe("active");
  });
});

describe("addresses", () => {
  it("sends each tab to its route", () => {
    expect(sprintTabPath("active")).toBe("/sprints");
    expect(sprintTabPath("planned")).toBe("/sprints?tab=planned");
    expect(sprintTabPath("completed")).toBe("/sprints/completed");
  });

  it("gives the first completed page its own route and the others the pagination route", () => {
    expect(completedPagePath(1)).toBe("/sprints/completed");
    expect(completedPagePath(0)).toBe("/sprints/completed");
    expect(completedPagePath(3)).toBe("/sprints/completed/pages/3");
  });

  it("reads a page number, anything else as the first page", () => {
    expect(pageNumberOf("4")).toBe(4);
    expect(pageNumberOf(undefined)).toBe(1);
    expect(pageNumberOf("0")).toBe(1);
    expect(pageNumberOf("-2")).toBe(1);
    expect(pageNumberOf("2x")).toBe(1);
  });
});

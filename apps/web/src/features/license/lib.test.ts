import { describe, expect, it } from "vitest";
import { displayDay, planLabel } from "./lib.js";

describe("license display helpers", () => {
  it("names plans in title case", () => {
    expect(planLabel("pro")).toBe("Pro");
    expect(planLabel("agency_plus")).toBe("Agency Plus");
    expect(planLabel("team-10")).toBe("Team 10");
    expect(planLabel(null)).toBe("");
  });

  it("shows days as MM/DD/YYYY", () => {
    expect(displayDay("2027-05-01")).toBe("05/01/2027");
    expect(displayDay("2026-11-21T19:32:23.179Z")).toBe("11/21/2026");
    expect(displayDay(null)).toBe("");
  });
});

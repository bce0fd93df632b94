import { describe, expect, it } from "vitest";
import { planLabel } from "./lib.js";

describe("license display helpers", () => {
  it("names plans in title case", () => {
    expect(planLabel("pro")).toBe("Pro");
    expect(planLabel("agency_plus")).toBe("Agency Plus");
    expect(planLabel("team-10")).toBe("Team 10");
    expect(planLabel(null)).toBe("");
  });
});

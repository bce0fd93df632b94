import type { Milestone } from "@plotline/contracts";
import { describe, expect, it } from "vitest";
import { groupMilestones } from "./group-milestones.js";

function milestone(id: number, status: number, date: string | null): Milestone {
  const when = date ? { date, time: "00:00:00", datetime: `${date} 00:00:00`, timezone: "UTC", timestamp: 0 } : { date: null, time: null, datetime: null, timezone: "UTC", timestamp: null };
  return { id, status, achieve_date: when } as Milestone;
}

describe("groupMilestones", () => {
  const today = "2025-03-10";

  it("puts an incomplete milestone dated before today in late", () => {
    expect(groupMilestones([milestone(1, 0, "2025-03-09")], today).late.map((m) => m.id)).toEqual([1]);
  });

  it("keeps one due today, in the future or without a date in upcoming", () => {
    const groups = groupMilestones([milestone(1, 0, "2025-03-10"), milestone(2, 0, "2026-01-01"), milestone(3, 0, null)], today);
    expect(groups.upcoming.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(groups.late).toEqual([]);
  });

  it("puts every complete milestone in completed, even when its date has passed", () => {
    const groups = groupMilestones([milestone(1, 1, "2020-01-01"), milestone(2, 1, null)], today);
    expect(groups.completed.map((m) => m.id)).toEqual([1, 2]);
    expect(groups.late).toEqual([]);
  });
});

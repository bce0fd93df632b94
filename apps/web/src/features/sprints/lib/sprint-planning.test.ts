import { describe, expect, it } from "vitest";
import { carryOverTargets } from "./sprint-planning.js";

describe("carryOverTargets", () => {
  const sprint = (id: number, status: "planned" | "active" | "completed", start: string, projectIds: number[]) => ({
    id,
    status,
    start_at: { date: `${start} 00:00:00` },
    projects: { data: projectIds.map((projectId) => ({ id: projectId })) },
  });

  it("offers the other planned sprints, soonest first", () => {
    const sprints = [sprint(1, "active", "2026-11-23", [1]), sprint(2, "planned", "2026-12-14", [1]), sprint(3, "planned", "2026-12-07", [1]), sprint(4, "completed", "2026-11-01", [1])];
    expect(carryOverTargets(sprints, { id: 1 }, [1]).map((target) => target.sprint.id)).toEqual([3, 2]);
  });

  it("never offers the completing sprint itself", () => {
    expect(carryOverTargets([sprint(5, "planned", "2026-12-07", [1])], { id: 5 }, [1])).toEqual([]);
  });

  it("marks a sprint that does not span every project of the open tasks", () => {
    const targets = carryOverTargets([sprint(2, "planned", "2026-12-07", [1]), sprint(3, "planned", "2026-12-08", [1, 2])], { id: 1 }, [1, 2, 2]);
    expect(targets.map((target) => [target.sprint.id, target.coversProjects])).toEqual([
      [2, false],
      [3, true],
    ]);
  });
});

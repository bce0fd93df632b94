import { describe, expect, it } from "vitest";
import { carryOverTargets, plannableProjects } from "./sprint-planning.js";

const ME = 7;

const project = (id: number, abilities: { can_manage: boolean; create_task: boolean }, myRole: "manager" | "co_worker" | "client" | null) => ({
  id,
  abilities,
  assignees: { data: myRole === null ? [{ id: 99, roles: { data: [{ slug: "manager" }] } }] : [{ id: ME, roles: { data: [{ slug: myRole }] } }] },
});

describe("plannableProjects", () => {
  it("offers the projects the user manages (site managers manage every one)", () => {
    expect(plannableProjects([project(1, { can_manage: true, create_task: true }, null)], ME).map((entry) => entry.id)).toEqual([1]);
  });

  it("offers a co-worker's projects where they may create tasks, and no others", () => {
    const projects = [project(2, { can_manage: false, create_task: true }, "co_worker"), project(3, { can_manage: false, create_task: false }, "co_worker")];
    expect(plannableProjects(projects, ME).map((entry) => entry.id)).toEqual([2]);
  });

  it("never offers a client's projects, even where clients may create tasks", () => {
    expect(plannableProjects([project(4, { can_manage: false, create_task: true }, "client")], ME)).toEqual([]);
  });
});

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

import type { PersonalReportProject } from "@plotline/contracts";
import { describe, expect, it } from "vitest";
import { chartRows, estimatedProjects } from "./report-figures.js";

function project(title: string, estimatedTask: number | null, estimatedSub: number | null, estimated: number | null, completed: number): PersonalReportProject {
  const text = (value: number | null) => (value === null ? null : `${value}:00`);
  return {
    project: { data: { id: title.length, title } },
    completed_tasks: 1,
    completed_sub_tasks: 0,
    estimated_task_hours: estimatedTask,
    estimated_task_hours_tf: text(estimatedTask),
    estimated_sub_task_hours: estimatedSub,
    estimated_sub_task_hours_tf: text(estimatedSub),
    estimated_hours: estimated,
    estimated_hours_tf: text(estimated),
    completed_hours: completed,
    completed_hours_tf: `${completed}:00`,
  };
}

describe("personal report figures", () => {
  const projects = [project("Alpha", 4, null, 4, 3), project("Beta", null, null, null, 1), project("Gamma", null, 2, null, 0)];

  it("charts only the projects with estimated hours above 0", () => {
    expect(chartRows(projects)).toEqual([{ project: "Alpha", estimated: 4, completed: 3 }]);
  });

  it("leaves the projects with null estimation out of the table", () => {
    expect(estimatedProjects(projects).map((row) => row.project.data.title)).toEqual(["Alpha", "Gamma"]);
  });
});

import { describe, expect, it } from "vitest";
import { taskOfPath } from "./palette-task.js";

describe("the task an address opens", () => {
  it("reads the project and the task of every task modal's address", () => {
    expect(taskOfPath("/projects/4/task-lists/tasks/12")).toEqual({ projectId: 4, taskId: 12 });
    expect(taskOfPath("/projects/4/task-lists/7/tasks/12")).toEqual({ projectId: 4, taskId: 12 });
    expect(taskOfPath("/calendar/projects/4/tasks/12")).toEqual({ projectId: 4, taskId: 12 });
  });

  it("finds none on other pages", () => {
    expect(taskOfPath("/projects/4/task-lists")).toBeNull();
    expect(taskOfPath("/projects/4/task-lists/tasks/12/edit")).toBeNull();
    expect(taskOfPath("/my-tasks")).toBeNull();
  });
});

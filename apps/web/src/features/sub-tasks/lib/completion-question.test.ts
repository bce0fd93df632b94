import { afterEach, describe, expect, it } from "vitest";
import { askAboutSubTasks, needsCompletionQuestion, openSubTaskCount, registerCompletionHost, type PendingQuestion } from "./completion-question.js";

const parent = (total: number, complete: number, status = 0) => ({ title: "Launch", status, sub_tasks: { total, complete } });

describe("needsCompletionQuestion", () => {
  it("asks when an open task with open sub-tasks is completed", () => {
    expect(needsCompletionQuestion(parent(5, 2), 1, true)).toBe(true);
    expect(openSubTaskCount(parent(5, 2))).toBe(3);
  });

  it("does not ask when every sub-task is done, or there are none", () => {
    expect(needsCompletionQuestion(parent(3, 3), 1, true)).toBe(false);
    expect(needsCompletionQuestion(parent(0, 0), 1, true)).toBe(false);
  });

  it("does not ask when reopening, setting pending, for a task already complete, or with the module off", () => {
    expect(needsCompletionQuestion(parent(5, 2), 0, true)).toBe(false);
    expect(needsCompletionQuestion(parent(5, 2), 2, true)).toBe(false);
    expect(needsCompletionQuestion(parent(5, 2, 1), 1, true)).toBe(false);
    expect(needsCompletionQuestion(parent(5, 2), 1, false)).toBe(false);
  });
});

describe("askAboutSubTasks", () => {
  let stop: (() => void) | null = null;
  afterEach(() => {
    stop?.();
    stop = null;
  });

  it("completes the task alone, without asking, when the rule does not ask", async () => {
    const asked: PendingQuestion[] = [];
    stop = registerCompletionHost((question) => asked.push(question));
    await expect(askAboutSubTasks(parent(2, 2), 1, true)).resolves.toEqual({ completeSubTasks: false });
    expect(asked).toEqual([]);
  });

  it("waits for the dialog's answer: complete all, only this task, or cancel", async () => {
    const asked: PendingQuestion[] = [];
    stop = registerCompletionHost((question) => asked.push(question));
    const all = askAboutSubTasks(parent(4, 1), 1, true);
    asked[0]?.answer({ completeSubTasks: true });
    await expect(all).resolves.toEqual({ completeSubTasks: true });
    const only = askAboutSubTasks(parent(4, 1), 1, true);
    asked[1]?.answer({ completeSubTasks: false });
    await expect(only).resolves.toEqual({ completeSubTasks: false });
    const cancelled = askAboutSubTasks(parent(4, 1), 1, true);
    asked[2]?.answer(null);
    await expect(cancelled).resolves.toBeNull();
    expect(asked.map((question) => question.task.title)).toEqual(["Launch", "Launch", "Launch"]);
  });

  it("completes the task alone when no dialog is there to ask", async () => {
    await expect(askAboutSubTasks(parent(4, 1), 1, true)).resolves.toEqual({ completeSubTasks: false });
  });
});

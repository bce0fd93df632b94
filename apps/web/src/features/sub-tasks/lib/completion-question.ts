import type { Task } from "@plotline/contracts";

/**
 * Completing a task that has open sub-tasks asks whether to complete them too. The rule and the question
 * live here and in `CompletionQuestionHost`, the one dialog that asks it, wherever a task is completed
 * (its row, the keyboard, the palette, the task modal, My Tasks).
 */

/** What to send with the completion: `complete_sub_tasks`. Null when the person cancelled. */
export type CompletionChoice = { completeSubTasks: boolean } | null;

/** The part of a task the question reads. */
export type CompletedTask = Pick<Task, "title" | "status" | "sub_tasks">;

/** How many of a task's sub-tasks are still open. */
export function openSubTaskCount(task: Pick<Task, "sub_tasks">): number {
  return Math.max(0, task.sub_tasks.total - task.sub_tasks.complete);
}

/** Whether setting `status` on `task` asks the question: completing a task with open sub-tasks, while the module is on. */
export function needsCompletionQuestion(task: CompletedTask, status: number, isModuleOn: boolean): boolean {
  return isModuleOn && status === 1 && task.status !== 1 && openSubTaskCount(task) > 0;
}

/** A question waiting for its answer. */
export interface PendingQuestion {
  task: CompletedTask;
  answer: (choice: CompletionChoice) => void;
}

type Host = (question: PendingQuestion) => void;

let host: Host | null = null;

/** The dialog makes itself the one that asks; returns the function that stops it. */
export function registerCompletionHost(show: Host): () => void {
  host = show;
  return () => {
    if (host === show) host = null;
  };
}

/**
 * Asks, when the rule says so, whether completing `task` completes its open sub-tasks too. Without the
 * question (or without a dialog on screen to ask it) the answer is to complete the task alone.
 */
export function askAboutSubTasks(task: CompletedTask, status: number, isModuleOn: boolean): Promise<CompletionChoice> {
  const show = host;
  if (!show || !needsCompletionQuestion(task, status, isModuleOn)) return Promise.resolve({ completeSubTasks: false });
  return new Promise((resolve) => show({ task, answer: resolve }));
}

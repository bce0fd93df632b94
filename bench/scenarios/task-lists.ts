import { defineScenario } from "../lib/scenario.js";
import { ensureBigLoad, ensureThousandTaskProject } from "../lib/shared-load.js";

// The call the task-lists page makes: the first 15 current lists, each with its first 20 open tasks (done
// tasks are fetched when a list's "show completed" opens).
const taskListsPath = (projectId: number) => `/api/pm/v2/projects/${projectId}/task-lists?with=incomplete_tasks&incomplete_task_per_page=20`;

/** The task-lists page of a 1,000-task project: the original plugin took 2.2 s and 403 queries here. */
export const taskListsThousand = defineScenario({
  name: "task lists, 1k-task project",
  target: "plotline",
  seed: (ctx) => ensureThousandTaskProject(ctx),
  request: (ctx, load) => ({ method: "GET", path: taskListsPath(load.bigProjectId), headers: ctx.plotline.authHeaders }),
});

/** The task-lists page of a 10,000-task project. */
export const taskListsTenThousand = defineScenario({
  name: "task lists, 10k-task project",
  target: "plotline",
  seed: (ctx) => ensureBigLoad(ctx),
  request: (ctx, load) => ({ method: "GET", path: taskListsPath(load.bigProjectId), headers: ctx.plotline.authHeaders }),
});

/**
 * The documents' Kanban call on a 10,000-task project: every list (`per_page=2000`) with its first 20 open
 * tasks, about 4,000 tasks in one answer.
 */
export const taskListsKanbanTenThousand = defineScenario({
  name: "task lists per_page=2000 (Kanban), 10k-task project",
  target: "plotline",
  seed: (ctx) => ensureBigLoad(ctx),
  request: (ctx, load) => ({
    method: "GET",
    path: `/api/pm/v2/projects/${load.bigProjectId}/task-lists?with=incomplete_tasks&per_page=2000`,
    headers: ctx.plotline.authHeaders,
  }),
});

import { defineScenario } from "../lib/scenario.js";
import { ensureBigLoad, ensureThousandTaskProject } from "../lib/shared-load.js";

const taskListsPath = (projectId: number) => `/api/pm/v2/projects/${projectId}/task-lists?with=incomplete_tasks,complete_tasks`;

/** The task-lists page of a 1,000-task project: the original plugin took 2.2 s and 403 queries here. */
export const taskListsThousand = defineScenario({
  name: "task lists, 1k-task project",
  target: "plotline",
  seed: (ctx) => ensureThousandTaskProject(ctx),
  request: (ctx, load) => ({ method: "GET", path: taskListsPath(load.bigProjectId), headers: ctx.plotline.authHeaders }),
});

/** The task-lists page (first 15 lists with their incomplete and complete tasks) of a 10,000-task project. */
export const taskListsTenThousand = defineScenario({
  name: "task lists, 10k-task project",
  target: "plotline",
  seed: (ctx) => ensureBigLoad(ctx),
  request: (ctx, load) => ({ method: "GET", path: taskListsPath(load.bigProjectId), headers: ctx.plotline.authHeaders }),
});

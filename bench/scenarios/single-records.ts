import { defineScenario } from "../lib/scenario.js";
import { ensureThousandTaskProject } from "../lib/shared-load.js";

/** The projects page: the first page of projects with their counts, on the site of the 1,000-task project. */
export const projectsList = defineScenario({
  name: "GET projects",
  target: "plotline",
  seed: (ctx) => ensureThousandTaskProject(ctx),
  request: (ctx, _load) => ({ method: "GET", path: "/api/pm/v2/projects", headers: ctx.plotline.authHeaders }),
});

/** One project with its counts, as its overview opens it. */
export const oneProject = defineScenario({
  name: "GET one project",
  target: "plotline",
  seed: (ctx) => ensureThousandTaskProject(ctx),
  request: (ctx, load) => ({ method: "GET", path: `/api/pm/v2/projects/${load.bigProjectId}`, headers: ctx.plotline.authHeaders }),
});

/** One task of the 1,000-task project, as the task window opens it. */
export const oneTask = defineScenario({
  name: "GET one task",
  target: "plotline",
  seed: async (ctx) => {
    const load = await ensureThousandTaskProject(ctx);
    const task = await ctx.plotline.database.db
      .selectFrom("tasks").select("id").where("project_id", "=", load.bigProjectId).orderBy("id").offset(500).limit(1).executeTakeFirstOrThrow();
    return { projectId: load.bigProjectId, taskId: task.id };
  },
  request: (ctx, seeded) => ({ method: "GET", path: `/api/pm/v2/projects/${seeded.projectId}/tasks/${seeded.taskId}`, headers: ctx.plotline.authHeaders }),
});

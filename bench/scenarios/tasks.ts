import { defineScenario } from "../lib/scenario.js";
import { ensureBigLoad } from "../lib/shared-load.js";

/** Open tasks due before today across every project of 100,000 tasks (the site manager sees them all). */
export const tasksFiltered = defineScenario({
  name: "GET tasks, filters, 100k",
  target: "plotline",
  seed: (ctx) => ensureBigLoad(ctx),
  request: (ctx, _load) => {
    const today = new Date().toISOString().slice(0, 10);
    return {
      method: "GET" as const,
      path: `/api/pm/v2/tasks?status=0&due_date[operator]=less_than&due_date[date]=${today}&per_page=20`,
      headers: ctx.plotline.authHeaders,
    };
  },
});

/** One user's open tasks across projects, the My Tasks page over 100,000 tasks. */
export const tasksOfUser = defineScenario({
  name: "GET tasks, one user, 100k",
  target: "plotline",
  seed: (ctx) => ensureBigLoad(ctx),
  request: (ctx, load) => ({ method: "GET", path: `/api/pm/v2/tasks?users=${load.userIds[1] ?? 1}&status=0&per_page=20`, headers: ctx.plotline.authHeaders }),
});

/** Creating a task in a list of the big project: validation, insert, assignee, activity. */
export const taskCreate = defineScenario({
  name: "POST task (create)",
  target: "plotline",
  seed: async (ctx) => {
    const load = await ensureBigLoad(ctx);
    const list = await ctx.plotline.database.db.selectFrom("task_lists").select("id").where("project_id", "=", load.bigProjectId).where("is_inbox", "=", 0).orderBy("id").executeTakeFirstOrThrow();
    return { projectId: load.bigProjectId, listId: list.id };
  },
  request: (ctx, seeded) => ({
    method: "POST",
    path: `/api/pm/v2/projects/${seeded.projectId}/tasks`,
    headers: ctx.plotline.authHeaders,
    body: { title: "Benchmark task", board_id: seeded.listId, due_date: "2030-01-15", estimation: 90 },
  }),
});

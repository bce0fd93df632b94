import { defineScenario } from "../lib/scenario.js";
import { ensureBigLoad } from "../lib/shared-load.js";

/** Tasks one bulk request completes. */
const BULK_TASKS = 200;

/**
 * Completing 200 open tasks of the 10,000-task project in one bulk call: the checks, one update, 200 events
 * and their activities, and the 200 tasks presented. The cycle reopens them next, so each request changes
 * all 200 again. Under load the connections complete and reopen the same tasks at once and some requests
 * find them done already: req/s is a mix, the solo figures (one request at a time) are the measure.
 */
export const bulkCompleteTasks = defineScenario({
  name: "POST tasks/bulk, complete 200",
  target: "plotline",
  seed: async (ctx) => {
    const load = await ensureBigLoad(ctx);
    const projectId = load.bigProjectId;
    const list = (await ctx.plotline.api("POST", `/api/pm/v2/projects/${projectId}/task-lists`, { title: "Bulk bench" })) as { data: { id: number } };
    const taskIds: number[] = [];
    for (let index = 0; index < BULK_TASKS; index += 1) {
      const body = { title: `Bulk bench task ${index + 1}`, board_id: list.data.id, assignees: [load.userIds[1] ?? 1] };
      const created = (await ctx.plotline.api("POST", `/api/pm/v2/projects/${projectId}/tasks`, body)) as { data: { id: number } };
      taskIds.push(created.data.id);
    }
    return { projectId, taskIds };
  },
  request: (ctx, seeded) => {
    const path = `/api/pm/v2/projects/${seeded.projectId}/tasks/bulk`;
    return [
      { method: "POST", path, headers: ctx.plotline.authHeaders, body: { action: "complete", task_ids: seeded.taskIds } },
      { method: "POST", path, headers: ctx.plotline.authHeaders, body: { action: "reopen", task_ids: seeded.taskIds } },
    ];
  },
});

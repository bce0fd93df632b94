import { defineScenario } from "../lib/scenario.js";
import type { BenchContext } from "../lib/scenario.js";

/**
 * A task's title changed, with the project's chat integration on and off: with it on, the change's events
 * also write a delivery and enqueue its job in the same hand-out, and that is all the request waits for
 * (the post to the chat service is the job's). The two figures should match. The jobs are left waiting
 * here (the bench's server runs none); `lib/chat-delivery.ts` measures the deliveries themselves. The
 * address is a loopback one written straight to the setting: with the default policy it would be refused
 * when saved and when sent, so nothing leaves the machine whatever runs.
 */
async function seedTask(ctx: BenchContext, chatOn: boolean): Promise<{ projectId: number; taskId: number }> {
  const project = (await ctx.plotline.api("POST", "/api/pm/v2/projects", { title: chatOn ? "Chat on" : "Chat off" })) as { data: { id: number } };
  const projectId = project.data.id;
  const list = (await ctx.plotline.api("POST", `/api/pm/v2/projects/${projectId}/task-lists`, { title: "Updates" })) as { data: { id: number } };
  const task = (await ctx.plotline.api("POST", `/api/pm/v2/projects/${projectId}/tasks`, { title: "Title A", board_id: list.data.id })) as { data: { id: number } };
  if (chatOn) {
    const value = JSON.stringify({ status: "enable", webhook: "http://127.0.0.1:9/services/bench", options: { tasks: { update: true } } });
    await ctx.plotline.database.db.insertInto("project_settings").values({ project_id: projectId, key: "slack", value, updated_at: "2026-01-01 00:00:00" }).execute();
  }
  return { projectId, taskId: task.data.id };
}

/** Each connection renames the task back and forth, so that most requests are a real change with its events. */
function renames(ctx: BenchContext, seeded: { projectId: number; taskId: number }) {
  const path = `/api/pm/v2/projects/${seeded.projectId}/tasks/${seeded.taskId}/update`;
  return [
    { method: "POST" as const, path, headers: ctx.plotline.authHeaders, body: { title: "Title B" } },
    { method: "POST" as const, path, headers: ctx.plotline.authHeaders, body: { title: "Title A" } },
  ];
}

export const taskUpdateChatOff = defineScenario({
  name: "POST task update, chat off",
  target: "plotline",
  seed: (ctx) => seedTask(ctx, false),
  request: renames,
});

export const taskUpdateChatOn = defineScenario({
  name: "POST task update, chat on",
  target: "plotline",
  seed: (ctx) => seedTask(ctx, true),
  request: renames,
});

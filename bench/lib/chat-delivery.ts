import { startHttpReceiver } from "../../apps/server/test/http-receiver.js";
import { createBenchContext } from "./bench-context.js";
import { sendOk } from "./http-client.js";
import { startPlotline } from "./plotline-server.js";
import { createSiteManagerToken } from "./site-manager.js";
import type { Teardown } from "./teardown.js";

/** How long chat messages took from the change that queued them to the chat service receiving them. */
export interface ChatDeliveryFigures {
  messages: number;
  /** Task changes sent at once while queuing. */
  concurrency: number;
  /** From a change's answer (its delivery and job committed) to the receiver having the message, in ms. */
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** From the first change's answer to the last message received. */
  totalSeconds: number;
  deliveriesPerSecond: number;
}

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

/**
 * One more fresh Plotline running its jobs (as `npm start` does, one delivery at a time), whose project's
 * chat integration posts to a loopback receiver: `count` task changes (each a new title, 10 at a time), each
 * becoming one delivery job; the latency of each message is measured from its change's answer to its
 * arrival, so it holds the wait in the queue behind the others.
 */
export async function measureChatDelivery(teardown: Teardown, count = 1000, concurrency = 10): Promise<ChatDeliveryFigures> {
  const receiver = await startHttpReceiver();
  teardown.add(() => receiver.close());
  const plotline = await startPlotline(teardown, { environment: { PLOTLINE_ALLOW_HTTP_WEBHOOKS: "1", PLOTLINE_ALLOW_PRIVATE_WEBHOOKS: "1" }, runJobs: true });
  const { api, authHeaders } = createBenchContext(plotline.origin, await createSiteManagerToken(plotline.origin), plotline.database).plotline;

  const project = (await api("POST", "/api/pm/v2/projects", { title: "Chat latency" })) as { data: { id: number } };
  const projectId = project.data.id;
  const list = (await api("POST", `/api/pm/v2/projects/${projectId}/task-lists`, { title: "Deliveries" })) as { data: { id: number } };
  const task = (await api("POST", `/api/pm/v2/projects/${projectId}/tasks`, { title: "Delivery 0", board_id: list.data.id })) as { data: { id: number } };
  await api("POST", `/api/pm/v2/projects/${projectId}/settings`, { key: "slack", value: { status: "enable", webhook: `${receiver.origin}/services/bench`, options: { tasks: { create: false } } } });

  const answeredAt = new Map<number, number>();
  let next = 1;
  const path = `/api/pm/v2/projects/${projectId}/tasks/${task.data.id}/update`;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next <= count) {
        const index = next;
        next += 1;
        await sendOk(plotline.origin, { method: "POST", path, headers: authHeaders, body: { title: `Delivery ${index}` } });
        answeredAt.set(index, Date.now());
      }
    }),
  );
  const received = await receiver.waitFor(count, 300_000);

  const latencies: number[] = [];
  for (const request of received) {
    const index = Number(/Delivery (\d+)/.exec(request.body)?.[1]);
    const answered = answeredAt.get(index);
    if (answered === undefined) throw new Error(`The receiver got a message of no change: ${request.body.slice(0, 200)}`);
    latencies.push(Math.max(0, request.at - answered));
  }
  latencies.sort((a, b) => a - b);
  const first = Math.min(...answeredAt.values());
  const last = Math.max(...received.map((request) => request.at));
  const totalSeconds = (last - first) / 1000;
  return {
    messages: count,
    concurrency,
    p50Ms: percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
    maxMs: latencies.at(-1) ?? 0,
    totalSeconds,
    deliveriesPerSecond: count / totalSeconds,
  };
}

/** The figures as lines for the console. */
export function formatChatDelivery(figures: ChatDeliveryFigures): string {
  return [
    `  ${figures.messages} task changes (${figures.concurrency} at a time), each one chat message to a loopback receiver`,
    `  change answered -> message received: p50 ${figures.p50Ms} ms, p95 ${figures.p95Ms} ms, max ${figures.maxMs} ms`,
    `  all delivered in ${figures.totalSeconds.toFixed(1)} s (${figures.deliveriesPerSecond.toFixed(0)} deliveries/s, one job at a time)`,
  ].join("\n");
}

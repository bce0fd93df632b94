import dns from "node:dns";
import { chatDeliveryListEnvelope, chatTestEnvelope, type ChatDelivery } from "@plotline/contracts";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { buildComment, buildProject, buildTask, buildTaskList, type BuiltProject } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/helpers.js";
import { scripted, startHttpReceiver, type HttpReceiver } from "../../../test/http-receiver.js";
import { startJobRunner } from "../../jobs/job-runner.js";
import type { ChatMessage } from "./chat-message.js";

// Deliveries of chat messages to a loopback receiver, through the real job runner of each engine. The site
// allows http and private addresses here (as PLOTLINE_ALLOW_*_WEBHOOKS=1 would), but for the last block.

const PUBLIC_URL = "https://plotline.example.com";

let t: TestApp;
let receiver: HttpReceiver;
let project: BuiltProject;

beforeAll(async () => {
  t = await createTestApp({ config: { allowHttpWebhooks: true, allowPrivateWebhooks: true, webhookRetryMs: 50, publicUrl: PUBLIC_URL } });
  await startJobRunner(t.app.jobs, t.app.modules);
  receiver = await startHttpReceiver();
  project = await buildProject(t.app, { title: "Website <relaunch>" });
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.answerWith(() => ({}));
});

async function enableChat(target: BuiltProject, value: Record<string, unknown> = {}): Promise<void> {
  const response = await target.manager.inject({
    method: "POST",
    url: `/api/pm/v2/projects/${target.id}/settings`,
    payload: { key: "slack", value: { status: "enable", webhook: `${receiver.origin}/services/hook`, ...value } },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function deliveriesOf(target: BuiltProject): Promise<ChatDelivery[]> {
  const response = await target.manager.inject({ method: "GET", url: `/api/pm-pro/v2/projects/${target.id}/integrations/deliveries` });
  expect(response.statusCode, response.body).toBe(200);
  return chatDeliveryListEnvelope.parse(response.json()).data;
}

/** Waits until the project's newest delivery has finished (delivered or failed). */
async function settledDelivery(target: BuiltProject, timeoutMs = 8000): Promise<ChatDelivery> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [newest] = await deliveriesOf(target);
    if (newest && (newest.status === "delivered" || newest.status === "failed")) return newest;
    if (Date.now() > deadline) throw new Error(`The delivery did not finish: ${JSON.stringify(newest)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function messageOf(index: number): ChatMessage {
  return JSON.parse(receiver.received[index]?.body ?? "null") as ChatMessage;
}

/** Gives pending jobs time to run, to see that nothing was sent. */
function settle(ms = 600): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describe("chat messages of task events", () => {
  beforeAll(() => enableChat(project));

  it("posts a created task: who, what, the title linked to the task, and the project", async () => {
    const task = await buildTask(t.app, { project, title: "Homepage & hero" });
    const [request] = await receiver.waitFor(1);
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/services/hook");
    expect(request?.headers["content-type"]).toBe("application/json; charset=utf-8");
    const link = `${PUBLIC_URL}/#/projects/${project.id}/task-lists/tasks/${task.id}`;
    expect(messageOf(0)).toEqual({
      text: `Mia Manager created the task <${link}|Homepage &amp; hero> in Website &lt;relaunch&gt;`,
      blocks: [
        { type: "section", text: { type: "mrkdwn", text: `*Mia Manager* created the task <${link}|Homepage &amp; hero>` } },
        { type: "context", elements: [{ type: "mrkdwn", text: `Project: <${PUBLIC_URL}/#/projects/${project.id}/task-lists|Website &lt;relaunch&gt;>` }] },
      ],
    });
    const delivery = await settledDelivery(project);
    expect(delivery).toMatchObject({ channel: "slack", event: "create", status: "delivered", tries: 1, error: null });
    expect(delivery.delivered_at?.datetime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it("posts a real update with what changed, and nothing for an update that changes nothing", async () => {
    const task = await buildTask(t.app, { project, title: "Pricing" });
    await receiver.waitFor(1);
    const update = (payload: Record<string, unknown>) => project.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${project.id}/tasks/${task.id}/update`, payload });
    expect((await update({ title: "Pricing page", due_date: "2030-05-01" })).statusCode).toBe(200);
    await receiver.waitFor(2);
    expect(messageOf(1).text).toMatch(/^Mia Manager updated the task <[^|]+\|Pricing page> in Website &lt;relaunch&gt;\. Changed: title, due date$/);
    expect((await update({ title: "Pricing page" })).statusCode).toBe(200);
    await settle();
    expect(receiver.received).toHaveLength(2);
  });

  it("posts completing and reopening a task once each, not also as an update", async () => {
    const task = await buildTask(t.app, { project, title: "Checkout" });
    await receiver.waitFor(1);
    const status = (value: number) => project.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${project.id}/tasks/${task.id}/change-status`, payload: { status: value } });
    expect((await status(1)).statusCode).toBe(200);
    await receiver.waitFor(2);
    expect((await status(0)).statusCode).toBe(200);
    await receiver.waitFor(3);
    await settle();
    expect(receiver.received.map((_request, index) => messageOf(index).text.split(" <")[0])).toEqual([
      "Mia Manager created the task",
      "Mia Manager completed the task",
      "Mia Manager reopened the task",
    ]);
  });

  it("posts a comment with its words, and a comment's edit only when chosen", async () => {
    const task = await buildTask(t.app, { project, title: "Footer" });
    await receiver.waitFor(1);
    const comment = await buildComment(t.app, { on: { ...task, type: "task" }, content: "<p>Looks <strong>good</strong> to me &amp; ship it</p>" });
    await receiver.waitFor(2);
    const message = messageOf(1);
    expect(message.text).toMatch(/^Mia Manager commented on the task <[^|]+\|Footer> in Website &lt;relaunch&gt;: “Looks good to me &amp; ship it”$/);
    expect(message.blocks[1]).toEqual({ type: "section", text: { type: "mrkdwn", text: ">Looks good to me &amp; ship it" } });

    const edit = (content: string) => project.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${project.id}/comments/${comment.id}`, payload: { content } });
    expect((await edit("<p>Edited once</p>")).statusCode).toBe(200);
    await settle();
    expect(receiver.received).toHaveLength(2);
    await enableChat(project, { options: { tasks: { updateComment: true } } });
    expect((await edit("<p>Edited twice</p>")).statusCode).toBe(200);
    await receiver.waitFor(3);
    expect(messageOf(2).text).toContain("edited a comment on the task");
    expect(messageOf(2).text).toContain("“Edited twice”");
    await enableChat(project, { options: { tasks: { updateComment: false } } });
  });

  it("posts nothing about a private task, a task in a private list, or their comments", async () => {
    const secret = await buildTask(t.app, { project, title: "Layoffs", privacy: true });
    const privateList = await buildTaskList(t.app, { project, privacy: true });
    const hidden = await buildTask(t.app, { list: privateList, title: "Acquisition" });
    await buildComment(t.app, { on: { ...secret, type: "task" }, content: "<p>Hush</p>" });
    await buildComment(t.app, { on: { ...hidden, type: "task" }, content: "<p>Hush</p>" });
    await settle();
    expect(receiver.received).toHaveLength(0);
  });

  it("posts nothing for an event left out, nor while the integration or the module is off", async () => {
    await enableChat(project, { options: { tasks: { create: false } } });
    await buildTask(t.app, { project, title: "Not chosen" });
    await enableChat(project, { status: "disable", options: { tasks: { create: true } } });
    await buildTask(t.app, { project, title: "Integration off" });
    await enableChat(project);
    await t.app.services.moduleStates.setActive("integrations", false);
    try {
      await buildTask(t.app, { project, title: "Module off" });
    } finally {
      await t.app.services.moduleStates.setActive("integrations", true);
    }
    await settle();
    expect(receiver.received).toHaveLength(0);
    await buildTask(t.app, { project, title: "On again" });
    await receiver.waitFor(1);
    expect(messageOf(0).text).toContain("On again");
  });

  it("posts one message for a bulk change, naming the first ten tasks", async () => {
    const list = await buildTaskList(t.app, { project, title: "Bulk" });
    const created = await project.manager.inject({
      method: "POST",
      url: `/api/pm/v2/projects/${project.id}/tasks/bulk`,
      payload: { action: "complete", task_ids: await seededTaskIds(list, 12) },
    });
    expect(created.statusCode, created.body).toBe(200);
    const requests = await receiver.waitFor(1);
    await settle();
    expect(requests).toHaveLength(1);
    expect(receiver.received).toHaveLength(1);
    const message = messageOf(0);
    expect(message.text).toMatch(/^Mia Manager completed 12 tasks in Website &lt;relaunch&gt;: /);
    expect(message.text).toContain("and 2 more");
    expect(message.blocks[1]?.type).toBe("section");
  });

  /** Tasks made beforehand, whose own messages are set aside. */
  async function seededTaskIds(list: Awaited<ReturnType<typeof buildTaskList>>, count: number): Promise<number[]> {
    const ids: number[] = [];
    for (let index = 0; index < count; index += 1) ids.push((await buildTask(t.app, { project, list, title: `Bulk ${index + 1}` })).id);
    await receiver.waitFor(count);
    await settle(200);
    receiver.received.length = 0;
    return ids;
  }
});

describe("delivery tries", () => {
  let retried: BuiltProject;
  beforeAll(async () => {
    retried = await buildProject(t.app, { title: "Retries" });
    await enableChat(retried);
  });

  it("tries again after network errors and 5xx, waiting longer each time, until the message is received", async () => {
    receiver.answerWith(scripted({ status: 500, body: "upstream down" }, { status: 503 }, { status: 200 }));
    await buildTask(t.app, { project: retried, title: "Flaky" });
    const requests = await receiver.waitFor(3);
    const delivery = await settledDelivery(retried);
    expect(delivery).toMatchObject({ status: "delivered", tries: 3, error: null });
    // 50 ms, then 100 ms (PLOTLINE_WEBHOOK_RETRY_MS doubling).
    const [first, second, third] = requests.map((request) => request.at);
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(45);
    expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(95);
    // The three tries posted the same message.
    expect(new Set(requests.map((request) => request.body)).size).toBe(1);
  });

  it("honours a 429's Retry-After", async () => {
    receiver.answerWith(scripted({ status: 429, headers: { "retry-after": "1" }, body: "rate limited" }, { status: 200 }));
    await buildTask(t.app, { project: retried, title: "Throttled" });
    const [first, second] = await receiver.waitFor(2);
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect(await settledDelivery(retried)).toMatchObject({ status: "delivered", tries: 2 });
  });

  it("shows a retrying delivery with its error while it waits", async () => {
    receiver.answerWith(scripted({ status: 502, headers: { "retry-after": "2" }, body: "bad gateway" }, { status: 200 }));
    await buildTask(t.app, { project: retried, title: "Waiting" });
    await receiver.waitFor(1);
    await settle(300);
    const [newest] = await deliveriesOf(retried);
    expect(newest).toMatchObject({ status: "retrying", tries: 1, error: "HTTP 502: bad gateway", delivered_at: null });
    expect(await settledDelivery(retried)).toMatchObject({ status: "delivered", tries: 2, error: null });
  });

  it("gives up at once on a 4xx other than 429", async () => {
    receiver.answerWith(scripted({ status: 404, body: "no_service" }));
    await buildTask(t.app, { project: retried, title: "Gone" });
    expect(await settledDelivery(retried)).toMatchObject({ status: "failed", tries: 1, error: "HTTP 404: no_service" });
    await settle(300);
    expect(receiver.received).toHaveLength(1);
  });

  it("gives up after the eighth try", async () => {
    receiver.answerWith(scripted({ status: 500, body: "still down" }));
    await buildTask(t.app, { project: retried, title: "Hopeless" });
    await receiver.waitFor(1);
    // Skip the waits of tries 2 to 7: the row is put at its seventh try, due now.
    const [newest] = await deliveriesOf(retried);
    await settle(200);
    await t.database.db.updateTable("integration_deliveries").set({ tries: 7, status: "retrying", next_try_at: "2000-01-01 00:00:00" }).where("id", "=", newest?.id ?? 0).execute();
    await t.app.jobs.enqueue("integrations.deliver", { deliveryId: newest?.id ?? 0 }, { key: "eighth" });
    const delivery = await settledDelivery(retried);
    expect(delivery).toMatchObject({ status: "failed", tries: 8, error: "HTTP 500: still down" });
  });

  it("gives up, without a ninth post, a delivery whose eighth try died with its process", async () => {
    receiver.answerWith(scripted({ status: 500, body: "down again" }));
    await buildTask(t.app, { project: retried, title: "Cut off" });
    await receiver.waitFor(1);
    const [newest] = await deliveriesOf(retried);
    await settle(200);
    const posted = receiver.received.length;
    // The eighth try was taken (counted, its lease over) and never finished: the process stopped.
    await t.database.db.updateTable("integration_deliveries").set({ tries: 8, status: "retrying", next_try_at: "2000-01-01 00:00:00" }).where("id", "=", newest?.id ?? 0).execute();
    await t.app.services.chatIntegration.deliver(newest?.id ?? 0);
    expect(receiver.received).toHaveLength(posted);
    expect((await deliveriesOf(retried))[0]).toMatchObject({ id: newest?.id, status: "failed", tries: 8, error: "HTTP 500: down again" });
  });

  it("never sends a delivered message again, whatever runs its job again", async () => {
    await buildTask(t.app, { project: retried, title: "Once" });
    const delivery = await settledDelivery(retried);
    expect(delivery.status).toBe("delivered");
    await t.app.services.chatIntegration.deliver(delivery.id);
    await t.app.jobs.enqueue("integrations.deliver", { deliveryId: delivery.id }, { key: "again" });
    await settle();
    expect(receiver.received).toHaveLength(1);
  });

  it("sends a test message on request, even while the integration is off", async () => {
    await enableChat(retried, { status: "disable" });
    const response = await retried.manager.inject({ method: "POST", url: `/api/pm-pro/v2/projects/${retried.id}/integrations/slack/test` });
    expect(response.statusCode, response.body).toBe(200);
    const body = chatTestEnvelope.parse(response.json());
    expect(body.message).toBe("Test message queued");
    expect(body.data).toMatchObject({ event: "test", status: "pending", tries: 0, error: null, delivered_at: null });
    await receiver.waitFor(1);
    expect(messageOf(0).text).toBe("Mia Manager sent a test message from Plotline: this channel receives the chosen task events of Retries.");
    expect(await settledDelivery(retried)).toMatchObject({ id: body.data.id, status: "delivered" });
    await enableChat(retried);
  });

  it("keeps the newest 50 deliveries of a project", async () => {
    const kept = await buildProject(t.app, { title: "Pruned" });
    await enableChat(kept);
    const at = "2026-01-01 00:00:00";
    await t.database.db
      .insertInto("integration_deliveries")
      .values(Array.from({ length: 55 }, () => ({ project_id: kept.id, channel: "slack", event: "create", payload: "{}", status: "delivered", tries: 1, last_error: null, next_try_at: null, created_at: at, updated_at: at, delivered_at: at })))
      .execute();
    await buildTask(t.app, { project: kept, title: "Newest" });
    await settledDelivery(kept);
    const log = await deliveriesOf(kept);
    expect(log).toHaveLength(50);
    const count = await t.database.db.selectFrom("integration_deliveries").select((eb) => eb.fn.countAll<number>().as("n")).where("project_id", "=", kept.id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(50);
    expect(log[0]?.status).toBe("delivered");
    expect(log.map((entry) => entry.id)).toEqual([...log.map((entry) => entry.id)].sort((a, b) => b - a));
  });

  it("answers a task change without waiting for the chat service", async () => {
    receiver.answerWith(scripted({ status: 200, delayMs: 3000 }));
    const task = await buildTask(t.app, { project: retried, title: "Slow channel" });
    await receiver.waitFor(1);
    const started = performance.now();
    const response = await retried.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${retried.id}/tasks/${task.id}/update`, payload: { title: "Slow channel, renamed" } });
    const elapsed = performance.now() - started;
    expect(response.statusCode).toBe(200);
    // The receiver still holds the first message's answer: the update only wrote its delivery.
    expect(elapsed).toBeLessThan(1000);
    const [newest] = await deliveriesOf(retried);
    expect(newest).toMatchObject({ event: "update", status: "pending" });
    receiver.answerWith(() => ({}));
    await receiver.waitFor(2, 8000);
  });
});

describe("the address, checked again when sending", () => {
  let strict: TestApp;
  let strictReceiver: HttpReceiver;
  beforeAll(async () => {
    strict = await createTestApp({ config: { allowHttpWebhooks: true, allowPrivateWebhooks: false, webhookRetryMs: 50 } });
    await startJobRunner(strict.app.jobs, strict.app.modules);
    strictReceiver = await startHttpReceiver();
  });
  afterAll(async () => {
    await strictReceiver.close();
    await strict.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("refuses a name that resolved to a public address when saved and to 127.0.0.1 now, and sends nothing", async () => {
    const target = await buildProject(strict.app, { title: "Rebound" });
    const port = new URL(strictReceiver.origin).port;
    const webhook = `http://chat.rebind.example:${port}/hook`;
    // When saved, the name led outside.
    const lookup = vi.spyOn(dns.promises, "lookup").mockImplementation((async () => [{ address: "93.184.216.34", family: 4 }]) as unknown as typeof dns.promises.lookup);
    const saved = await target.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${target.id}/settings`, payload: { key: "slack", value: { status: "enable", webhook } } });
    expect(saved.statusCode, saved.body).toBe(200);
    // Now it leads to the loopback interface, where the receiver listens.
    lookup.mockImplementation((async () => [{ address: "127.0.0.1", family: 4 }]) as unknown as typeof dns.promises.lookup);
    await buildTask(strict.app, { project: target, title: "Inside job" });
    const deadline = Date.now() + 8000;
    let newest: ChatDelivery | undefined;
    while (Date.now() < deadline) {
      const response = await target.manager.inject({ method: "GET", url: `/api/pm-pro/v2/projects/${target.id}/integrations/deliveries` });
      newest = chatDeliveryListEnvelope.parse(response.json()).data[0];
      if (newest?.status === "failed") break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(newest).toMatchObject({ status: "failed", tries: 1, error: "chat.rebind.example resolves to a loopback, link-local or private address" });
    expect(strictReceiver.received).toHaveLength(0);
  });
});

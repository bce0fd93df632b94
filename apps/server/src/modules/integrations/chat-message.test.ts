import { describe, expect, it } from "vitest";
import { buildTaskMessage, commentExcerpt, escapeChatText } from "./chat-message.js";
import { MAX_RETRY_DELAY_MS, nextDeliveryStep } from "./chat-retry.js";

const answered = (status: number, retryAfter: string | null = null, body = "") => ({ kind: "answered" as const, status, retryAfter, body });

describe("nextDeliveryStep", () => {
  const options = { baseDelayMs: 10_000, now: Date.parse("2026-03-01T10:00:00Z") };

  it("ends on any 2xx", () => {
    expect(nextDeliveryStep(answered(200), 1, options)).toEqual({ status: "delivered" });
    expect(nextDeliveryStep(answered(204), 5, options)).toEqual({ status: "delivered" });
  });

  it("tries again after 5xx and network failures, doubling the wait per try", () => {
    expect(nextDeliveryStep(answered(500, null, "boom"), 1, options)).toEqual({ status: "retrying", error: "HTTP 500: boom", delayMs: 10_000 });
    expect(nextDeliveryStep(answered(503), 3, options)).toEqual({ status: "retrying", error: "HTTP 503", delayMs: 40_000 });
    expect(nextDeliveryStep({ kind: "failed", message: "ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9" }, 2, options)).toEqual({
      status: "retrying", error: "ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9", delayMs: 20_000,
    });
  });

  it("waits as a 429's Retry-After says, in seconds or as a date, at most an hour", () => {
    expect(nextDeliveryStep(answered(429, "5", "rate_limited"), 1, options)).toMatchObject({ status: "retrying", delayMs: 5000, error: "HTTP 429: rate_limited" });
    expect(nextDeliveryStep(answered(429, "Sun, 01 Mar 2026 10:00:30 GMT"), 1, options)).toMatchObject({ delayMs: 30_000 });
    expect(nextDeliveryStep(answered(503, "86400"), 1, options)).toMatchObject({ delayMs: MAX_RETRY_DELAY_MS });
    expect(nextDeliveryStep(answered(429, "soon"), 2, options)).toMatchObject({ delayMs: 20_000 });
  });

  it("gives up at once on other answers and refused addresses, and after the eighth try", () => {
    expect(nextDeliveryStep(answered(404, null, "no_service"), 1, options)).toEqual({ status: "failed", error: "HTTP 404: no_service" });
    expect(nextDeliveryStep(answered(400, null, "invalid_payload"), 1, options)).toEqual({ status: "failed", error: "HTTP 400: invalid_payload" });
    expect(nextDeliveryStep(answered(302), 1, options)).toEqual({ status: "failed", error: "HTTP 302 (redirects are not followed)" });
    expect(nextDeliveryStep({ kind: "refused", reason: "private_address", message: "x resolves to 10.0.0.1" }, 1, options)).toEqual({ status: "failed", error: "x resolves to 10.0.0.1" });
    expect(nextDeliveryStep(answered(500), 7, options).status).toBe("retrying");
    expect(nextDeliveryStep(answered(500), 8, options)).toEqual({ status: "failed", error: "HTTP 500" });
  });

  it("keeps the start of a long error", () => {
    const step = nextDeliveryStep(answered(500, null, "x".repeat(1000)), 1, options);
    expect(step.status === "retrying" && step.error.length).toBe(300);
  });
});

describe("buildTaskMessage", () => {
  const project = { id: 4, title: "Apps & <Web>" };

  it("names the task in bold without a public address to link to", () => {
    const message = buildTaskMessage({ event: "complete", actorName: "Ann", project, tasks: [{ id: 9, title: "Ship *it*" }], publicUrl: null });
    expect(message.text).toBe("Ann completed the task *Ship *it** in Apps &amp; &lt;Web&gt;");
    expect(message.blocks.at(-1)).toEqual({ type: "context", elements: [{ type: "mrkdwn", text: "Project: *Apps &amp; &lt;Web&gt;*" }] });
  });

  it("links titles to the web app's hash routes, keeping a | out of the label", () => {
    const message = buildTaskMessage({ event: "create", actorName: "Ann", project, tasks: [{ id: 9, title: "A | B" }], publicUrl: "https://pm.example.com/" });
    expect(message.text).toBe("Ann created the task <https://pm.example.com/#/projects/4/task-lists/tasks/9|A ¦ B> in Apps &amp; &lt;Web&gt;");
  });

  it("lists the first ten tasks of a bulk change and counts the rest", () => {
    const tasks = Array.from({ length: 13 }, (_value, index) => ({ id: index + 1, title: `T${index + 1}` }));
    const message = buildTaskMessage({ event: "incomplete", actorName: "Ann", project, tasks, publicUrl: null });
    expect(message.text).toBe(`Ann reopened 13 tasks in Apps &amp; &lt;Web&gt;: ${tasks.slice(0, 10).map((task) => `*${task.title}*`).join(", ")}, and 3 more`);
    expect(message.blocks[1]).toEqual({ type: "section", text: { type: "mrkdwn", text: [...tasks.slice(0, 10).map((task) => `• *${task.title}*`), "• and 3 more"].join("\n") } });
  });

  it("escapes what Slack reserves", () => {
    expect(escapeChatText("<!channel> & <@U1>")).toBe("&lt;!channel&gt; &amp; &lt;@U1&gt;");
  });
});

describe("commentExcerpt", () => {
  it("reads a comment's rich text as words, cut at 300 characters", () => {
    expect(commentExcerpt("<p>One</p><p>Two &amp; <em>three</em></p><ul><li>four</li></ul>")).toBe("One Two & three four");
    expect(commentExcerpt("<p> </p>")).toBeNull();
    const long = commentExcerpt(`<p>${"word ".repeat(100)}</p>`) ?? "";
    expect(Array.from(long)).toHaveLength(300);
    expect(long.endsWith("…")).toBe(true);
  });
});

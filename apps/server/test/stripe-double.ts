import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import qs from "qs";

/**
 * A loopback stand-in for Stripe Checkout, speaking the real protocol to the `stripe` SDK (pointed here with
 * its `host`, `port` and `protocol` options, or `STRIPE_API_URL`): `POST /v1/checkout/sessions` (form
 * encoded, bracket names, Bearer secret key, Idempotency-Key honoured) and `GET /v1/checkout/sessions/:id`.
 * A session's `url` is a page with a "Pay" button: paying marks the session paid, posts a signed
 * `checkout.session.completed` event to the webhook address (`Stripe-Signature: t=...,v1=<HMAC-SHA256 of
 * "t.body">`), then redirects to `success_url` with `{CHECKOUT_SESSION_ID}` filled in.
 */
export interface StripeDouble {
  /** `http://127.0.0.1:<port>`: what to give the app as `STRIPE_API_URL`. */
  url: string;
  /** The secret key the API accepts (`Authorization: Bearer ...`). */
  secretKey: string;
  /** The webhook signing secret events are signed with. */
  webhookSecret: string;
  /** Sessions by id, as the API answers them. */
  sessions: Map<string, StripeSession>;
  /** Every event sent to the webhook address, with the status the app answered. */
  deliveries: Array<{ event: StripeEvent; body: string; status: number }>;
  /** Every API request received (method, path, parsed form body). */
  requests: Array<{ method: string; path: string; body: Record<string, unknown> }>;
  /** Where events are posted (the app's webhook address, often known only once the app listens). */
  setWebhookUrl(url: string): void;
  /** Marks a session paid as the "Pay" button does, without sending anything; returns its completed event. */
  pay(sessionId: string): StripeEvent;
  /** The `Stripe-Signature` header of a body, at `timestamp` (seconds; now by default) and with `secret`. */
  sign(body: string, options?: { timestamp?: number; secret?: string }): string;
  /** Signs and posts an event to the webhook address; the app's status. */
  deliver(event: StripeEvent): Promise<number>;
  close(): Promise<void>;
}

/** The fields of a Checkout Session the double keeps and answers. */
export interface StripeSession {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  customer_email: string | null;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
}

/** A Stripe event as posted to a webhook. */
export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  type: string;
  data: { object: StripeSession };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
}

const API_VERSION = "2026-10-28.endive";

/** Starts the double on a free loopback port. */
export async function startStripeDouble(options: { webhookUrl?: string; secretKey?: string; webhookSecret?: string } = {}): Promise<StripeDouble> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString("hex")}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString("hex")}`;
  let webhookUrl = options.webhookUrl ?? null;
  const sessions = new Map<string, StripeSession>();
  const byIdempotencyKey = new Map<string, string>();
  const productNames = new Map<string, string>();
  const deliveries: StripeDouble["deliveries"] = [];
  const requests: StripeDouble["requests"] = [];
  let origin = "";

  const sign = (body: string, signing: { timestamp?: number; secret?: string } = {}): string => {
    const timestamp = signing.timestamp ?? Math.floor(Date.now() / 1000);
    const signature = createHmac("sha256", signing.secret ?? webhookSecret).update(`${timestamp}.${body}`).digest("hex");
    return `t=${timestamp},v1=${signature}`;
  };

  const pay = (sessionId: string): StripeEvent => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No session ${sessionId}`);
    if (session.payment_status !== "paid") {
      session.status = "complete";
      session.payment_status = "paid";
      session.payment_intent = `pi_${randomBytes(12).toString("hex")}`;
      session.url = null;
    }
    return {
      id: `evt_${randomBytes(12).toString("hex")}`,
      object: "event",
      api_version: API_VERSION,
      created: Math.floor(Date.now() / 1000),
      type: "checkout.session.completed",
      data: { object: { ...session } },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
  };

  const deliver = async (event: StripeEvent): Promise<number> => {
    if (!webhookUrl) throw new Error("The Stripe double has no webhook address: pass webhookUrl or call setWebhookUrl");
    const body = JSON.stringify(event, null, 2);
    const answer = await fetch(webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": sign(body), "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)" },
      body,
    }).catch(() => null);
    const status = answer?.status ?? 0;
    deliveries.push({ event, body, status });
    return status;
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      handle(request, body, response).catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain" });
        response.end(String(error));
      });
    });
  });

  async function handle(request: http.IncomingMessage, body: string, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", origin);
    const method = request.method ?? "GET";
    if (url.pathname.startsWith("/v1/")) {
      const form = qs.parse(body, { depth: 6, arrayLimit: 100 }) as Record<string, unknown>;
      requests.push({ method, path: url.pathname, body: form });
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        apiError(response, 401, { type: "invalid_request_error", message: "Invalid API Key provided" });
        return;
      }
      if (url.pathname === "/v1/checkout/sessions" && method === "POST") {
        createSession(form, headerOf(request, "idempotency-key"), response);
        return;
      }
      const match = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
      if (match && method === "GET") {
        const session = sessions.get(match[1] ?? "");
        if (!session) apiError(response, 404, { type: "invalid_request_error", code: "resource_missing", message: `No such checkout.session: '${match[1]}'` });
        else json(response, 200, session);
        return;
      }
      apiError(response, 404, { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${url.pathname}).` });
      return;
    }
    const page = /^\/pay\/([\w-]+)$/.exec(url.pathname);
    const session = page ? sessions.get(page[1] ?? "") : undefined;
    if (!session) {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found");
      return;
    }
    if (method === "GET") {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(sessionPage(session, productNames.get(session.id) ?? ""));
      return;
    }
    if (method === "POST") {
      const event = pay(session.id);
      if (webhookUrl) await deliver(event);
      const back = session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id);
      response.writeHead(303, { location: back, "content-type": "text/plain" }).end(`Redirecting to ${back}`);
      return;
    }
    response.writeHead(405, { "content-type": "text/plain" }).end("Method not allowed");
  }

  function createSession(form: Record<string, unknown>, idempotencyKey: string | null, response: http.ServerResponse): void {
    const known = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
    const again = known ? sessions.get(known) : undefined;
    if (again) {
      json(response, 200, again);
      return;
    }
    const items = Array.isArray(form.line_items) ? (form.line_items as Array<Record<string, unknown>>) : [];
    const problems: string[] = [];
    if (form.mode !== "payment") problems.push("mode must be payment");
    if (typeof form.success_url !== "string" || !/^https?:\/\//.test(form.success_url)) problems.push("success_url must be an http(s) URL");
    if (items.length === 0) problems.push("line_items is required");
    let total = 0;
    let currency = "";
    for (const item of items) {
      const price = (item.price_data ?? {}) as Record<string, unknown>;
      const unit = Number(price.unit_amount);
      const quantity = Number(item.quantity ?? 1);
      if (!Number.isInteger(unit) || unit < 1) problems.push("line_items[].price_data.unit_amount must be a positive integer");
      if (!Number.isInteger(quantity) || quantity < 1) problems.push("line_items[].quantity must be a positive integer");
      if (typeof price.currency !== "string" || !/^[a-z]{3}$/.test(price.currency)) problems.push("line_items[].price_data.currency must be a lower-case ISO code");
      currency = String(price.currency ?? "");
      total += unit * quantity;
    }
    if (problems.length > 0) {
      apiError(response, 400, { type: "invalid_request_error", message: problems.join("; ") });
      return;
    }
    const id = `cs_test_${randomBytes(16).toString("hex")}`;
    const now = Math.floor(Date.now() / 1000);
    const session: StripeSession = {
      id,
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      amount_subtotal: total,
      amount_total: total,
      currency,
      metadata: (form.metadata ?? {}) as Record<string, string>,
      client_reference_id: typeof form.client_reference_id === "string" ? form.client_reference_id : null,
      customer_email: typeof form.customer_email === "string" ? form.customer_email : null,
      payment_intent: null,
      success_url: String(form.success_url),
      cancel_url: typeof form.cancel_url === "string" ? form.cancel_url : null,
      url: `${origin}/pay/${id}`,
      created: now,
      expires_at: now + 24 * 3600,
      livemode: false,
    };
    sessions.set(id, session);
    productNames.set(id, items.map((item) => String(((item.price_data ?? {}) as { product_data?: { name?: unknown } }).product_data?.name ?? "")).join(", "));
    if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, id);
    json(response, 200, session);
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    secretKey,
    webhookSecret,
    sessions,
    deliveries,
    requests,
    setWebhookUrl(next) {
      webhookUrl = next;
    },
    pay,
    sign,
    deliver,
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function headerOf(request: http.IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

function json(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json", "request-id": `req_${randomBytes(8).toString("hex")}` }).end(JSON.stringify(body));
}

function apiError(response: http.ServerResponse, status: number, error: Record<string, string>): void {
  json(response, status, { error });
}

/** The hosted page: the amount and the "Pay" button; cancelling goes back to `cancel_url`. */
function sessionPage(session: StripeSession, productName: string): string {
  const format = new Intl.NumberFormat("en", { style: "currency", currency: session.currency.toUpperCase() });
  const amount = format.format(session.amount_total / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
  const cancel = session.cancel_url;
  const paid = session.payment_status === "paid";
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Stripe Checkout (test double)</title>
  <style>body{font-family:sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button{font-size:1.1rem;padding:.6rem 1.4rem}</style></head>
  <body>
    <h1>Checkout</h1>
    <p>Pay <strong data-testid="amount">${escapeHtml(amount)}</strong> for <span data-testid="product">${escapeHtml(productName)}</span></p>
    <p data-testid="invoice">${escapeHtml(Object.entries(session.metadata).map(([key, value]) => `${key}: ${value}`).join(", "))}</p>
    ${paid ? "<p>This session is already paid.</p>" : `<form method="post" action="/pay/${escapeHtml(session.id)}"><button type="submit">Pay</button></form>`}
    ${cancel ? `<p><a href="${escapeHtml(cancel)}">Cancel and return</a></p>` : ""}
  </body>
</html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

import { NONCE_HEADER, SESSION_COOKIE, type CheckoutAnswer, type CheckoutReturn, type Invoice } from "@plotline/contracts";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast } from "../../../../test/factories.js";
import { createTestApp } from "../../../../test/helpers.js";
import { startStripeDouble } from "../../../../test/stripe-double.js";
import { STRIPE_WEBHOOK_PATH } from "./checkout-gateway.js";
import { fromStripeAmount, toStripeAmount } from "./stripe.gateway.js";
import { checkoutOf, createCheckoutWorld, createInvoice, paymentsOf, postStripeEvent, readInvoice, startCheckout, type CheckoutWorld } from "./checkout.fixtures.js";

let world: CheckoutWorld;

beforeAll(async () => {
  world = await createCheckoutWorld();
});
afterAll(() => world.close());

/** An invoice and a Stripe checkout of `amount` of it, as the client. */
async function stripeCheckout(amount: number, invoiceBody: Parameters<typeof createInvoice>[1] = {}) {
  const invoice = await createInvoice(world, invoiceBody);
  const answer = await checkoutOf(world, invoice, { gateway: "stripe", amount });
  return { invoice, answer, sessionId: answer.session_id ?? "" };
}

function returnPage(invoice: Pick<Invoice, "id">, sessionId: string, as = world.cast.client) {
  return as.inject({ method: "GET", url: `/api/pm-pro/v2/projects/${world.projectId}/invoice/${invoice.id}/checkout/return?session_id=${sessionId}` });
}

describe("POST /api/pm-pro/v2/projects/:project_id/invoice/:id/checkout with Stripe", () => {
  it("makes a Checkout Session of one line in minor units and sends the payer to its page", async () => {
    const { invoice, answer, sessionId } = await stripeCheckout(42.5, { amount: 100, partial: true, minimum_partial: 10 });
    expect(answer).toMatchObject({ gateway: "stripe", amount: 42.5, amount_minor: 4250, currency: "USD" });
    expect(answer.url).toBe(`${world.stripe.url}/pay/${sessionId}`);
    const sent = world.stripe.requests.filter((request) => request.path === "/v1/checkout/sessions").at(-1)?.body;
    expect(sent).toMatchObject({
      mode: "payment",
      line_items: [{ quantity: "1", price_data: { currency: "usd", unit_amount: "4250", product_data: { name: `${invoice.number} Design work` } } }],
      metadata: { invoice_id: String(invoice.id), project_id: String(world.projectId), user_id: String(world.cast.client.userId) },
      success_url: `http://plotline.test/#/invoices/projects/${world.projectId}/${invoice.id}?checkout=stripe&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `http://plotline.test/#/invoices/projects/${world.projectId}/${invoice.id}?checkout=cancelled`,
    });
  });

  it("takes zero-decimal currencies in whole units", async () => {
    const { answer, sessionId } = await stripeCheckout(1500, { amount: 1500, currency: "JPY" });
    expect(answer).toMatchObject({ amount_minor: 1500, currency: "JPY" });
    expect(world.stripe.sessions.get(sessionId)).toMatchObject({ amount_total: 1500, currency: "jpy" });
  });

  it("converts to Stripe's units where Stripe counts other decimals than the currency, and records the amount back", async () => {
    // HUF has no decimals, but Stripe's API counts it in hundredths.
    const { invoice, answer, sessionId } = await stripeCheckout(1000, { amount: 1000, currency: "HUF" });
    expect(answer).toMatchObject({ amount_minor: 1000, currency: "HUF" });
    expect(world.stripe.sessions.get(sessionId)).toMatchObject({ amount_total: 100000, currency: "huf" });
    expect((await postStripeEvent(world, JSON.stringify(world.stripe.pay(sessionId)))).json()).toEqual({ data: { result: "recorded" } });
    expect((await paymentsOf(world, invoice)).map((payment) => payment.amount_minor)).toEqual([1000]);
  });

  it("refuses an amount Stripe cannot charge exactly", async () => {
    // Three-decimal currencies go to Stripe with the last digit 0.
    const dinar = await createInvoice(world, { amount: "12.345", currency: "KWD", partial: true, minimum_partial: 1 });
    const refused = await startCheckout(world, dinar, { gateway: "stripe", amount: "12.345" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.params).toHaveProperty("amount");
    expect((await checkoutOf(world, dinar, { gateway: "stripe", amount: "12.34" }, world.cast.siteManager)).amount_minor).toBe(12340);
  });
});

describe("Stripe's units", () => {
  it("match the currency's minor units, or convert exactly, or refuse", () => {
    expect([toStripeAmount("USD", 1250, 2), toStripeAmount("JPY", 500, 0), toStripeAmount("KWD", 12340, 3)]).toEqual([1250, 500, 12340]);
    expect([toStripeAmount("HUF", 1000, 0), toStripeAmount("IDR", 15000, 0), toStripeAmount("ISK", 40, 0)]).toEqual([100000, 1500000, 4000]);
    expect([toStripeAmount("KWD", 12345, 3), toStripeAmount("LYD", 1005, 3)]).toEqual([null, null]);
    expect(toStripeAmount("LYD", 1010, 3)).toBe(101);
    expect([fromStripeAmount("HUF", 100000, 0), fromStripeAmount("LYD", 101, 3), fromStripeAmount("USD", 1250, 2)]).toEqual([1000, 1010, 1250]);
    expect(fromStripeAmount("HUF", 100050, 0)).toBeNull();
  });
});

describe(`POST /api${STRIPE_WEBHOOK_PATH.slice(4)}`, () => {
  it("records the payment of a paid session once, however often the event comes", async () => {
    const { invoice, sessionId } = await stripeCheckout(100);
    const body = JSON.stringify(world.stripe.pay(sessionId));
    const first = await postStripeEvent(world, body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { result: "recorded" } });
    for (let i = 0; i < 3; i += 1) expect((await postStripeEvent(world, body)).json()).toEqual({ data: { result: "duplicate" } });
    const after = await readInvoice(world, invoice);
    expect(after.status).toBe(1);
    expect(after.payments.data).toEqual([
      expect.objectContaining({ gateway: "stripe", amount_minor: 10000, currency: "USD", transaction_id: world.stripe.sessions.get(sessionId)?.payment_intent }),
    ]);
  });

  it("refuses a bad signature with a 400, writing nothing", async () => {
    const { invoice, sessionId } = await stripeCheckout(100);
    const body = JSON.stringify(world.stripe.pay(sessionId));
    const cases = [
      world.stripe.sign(body, { secret: "whsec_not_the_one" }),
      world.stripe.sign(`${body} `),
      "t=1,v1=deadbeef",
      "nonsense",
    ];
    for (const signature of cases) {
      const response = await postStripeEvent(world, body, signature);
      expect(response.statusCode, signature).toBe(400);
    }
    const unsigned = await world.t.app.inject({ method: "POST", url: STRIPE_WEBHOOK_PATH, headers: { "content-type": "application/json" }, payload: body });
    expect(unsigned.statusCode).toBe(400);
    // The signature is over the bytes: the same JSON laid out differently does not pass.
    const relaid = await postStripeEvent(world, JSON.stringify(JSON.parse(body), null, 2), world.stripe.sign(body));
    expect(relaid.statusCode).toBe(400);
    expect(await paymentsOf(world, invoice)).toHaveLength(0);
  });

  it("refuses a signature older than five minutes with a 400, writing nothing", async () => {
    const { invoice, sessionId } = await stripeCheckout(100);
    const body = JSON.stringify(world.stripe.pay(sessionId));
    const stale = await postStripeEvent(world, body, world.stripe.sign(body, { timestamp: Math.floor(Date.now() / 1000) - 301 }));
    expect(stale.statusCode).toBe(400);
    expect(await paymentsOf(world, invoice)).toHaveLength(0);
    const recent = await postStripeEvent(world, body, world.stripe.sign(body, { timestamp: Math.floor(Date.now() / 1000) - 240 }));
    expect(recent.json()).toEqual({ data: { result: "recorded" } });
  });

  it("acknowledges other events and unpaid sessions without recording", async () => {
    const { invoice, sessionId } = await stripeCheckout(100);
    const session = world.stripe.sessions.get(sessionId);
    const unpaid = { id: "evt_unpaid", object: "event", type: "checkout.session.completed", data: { object: session } };
    expect((await postStripeEvent(world, JSON.stringify(unpaid))).json()).toEqual({ data: { result: "ignored" } });
    const other = { id: "evt_other", object: "event", type: "customer.created", data: { object: { id: "cus_1" } } };
    expect((await postStripeEvent(world, JSON.stringify(other))).json()).toEqual({ data: { result: "ignored" } });
    expect(await paymentsOf(world, invoice)).toHaveLength(0);
  });

  it("records one payment of 20 concurrent deliveries of one event", async () => {
    const { invoice, sessionId } = await stripeCheckout(100);
    const body = JSON.stringify(world.stripe.pay(sessionId));
    const answers = await Promise.all(Array.from({ length: 20 }, () => postStripeEvent(world, body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.filter((answer) => (answer.json() as { data: { result: string } }).data.result === "recorded")).toHaveLength(1);
    expect(await paymentsOf(world, invoice)).toHaveLength(1);
  });
});

describe("GET /api/pm-pro/v2/projects/:project_id/invoice/:id/checkout/return", () => {
  it("records the payment when the payer comes back first, and the webhook after it records nothing", async () => {
    const { invoice, sessionId } = await stripeCheckout(100);
    const event = world.stripe.pay(sessionId);
    const back = await returnPage(invoice, sessionId);
    expect(back.statusCode).toBe(200);
    const answer = (back.json() as { data: CheckoutReturn }).data;
    expect(answer).toMatchObject({ paid: true, recorded: true });
    expect(answer.invoice.status).toBe(1);
    expect((await postStripeEvent(world, JSON.stringify(event))).json()).toEqual({ data: { result: "duplicate" } });
    expect((back.json() as { data: CheckoutReturn }).data.invoice.payments.data).toHaveLength(1);
    expect(await paymentsOf(world, invoice)).toHaveLength(1);
  });

  it("records nothing more when the webhook came first, or when both come at once", async () => {
    const { invoice, sessionId } = await stripeCheckout(100);
    const event = JSON.stringify(world.stripe.pay(sessionId));
    expect((await postStripeEvent(world, event)).json()).toEqual({ data: { result: "recorded" } });
    expect((await returnPage(invoice, sessionId)).json()).toMatchObject({ data: { paid: true, recorded: false } });
    expect(await paymentsOf(world, invoice)).toHaveLength(1);

    const racing = await stripeCheckout(100);
    const racingEvent = JSON.stringify(world.stripe.pay(racing.sessionId));
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => returnPage(racing.invoice, racing.sessionId)),
      ...Array.from({ length: 5 }, () => postStripeEvent(world, racingEvent)),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(await paymentsOf(world, racing.invoice)).toHaveLength(1);
  });

  it("answers an unpaid session as not paid, and hides a session of another invoice", async () => {
    const { invoice, sessionId } = await stripeCheckout(100);
    expect((await returnPage(invoice, sessionId)).json()).toMatchObject({ data: { paid: false, recorded: false } });
    const other = await createInvoice(world);
    expect((await returnPage(other, sessionId)).statusCode).toBe(404);
    expect((await returnPage(invoice, "cs_test_unknown")).statusCode).toBe(404);
    expect((await returnPage(invoice, "not-a-session")).statusCode).toBe(400);
    expect((await returnPage(invoice, sessionId, world.cast.outsider)).statusCode).toBeGreaterThanOrEqual(403);
    expect(await paymentsOf(world, invoice)).toHaveLength(0);
  });
});

describe("Stripe checkout through the browser pages", () => {
  it("pays on the session's page, which signs the event to the webhook and sends the payer back", async () => {
    const stripe = await startStripeDouble();
    const t = await createTestApp({ config: { stripeApiUrl: stripe.url } });
    try {
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      stripe.setWebhookUrl(`${origin}${STRIPE_WEBHOOK_PATH}`);
      const cast = await createCast(t.app);
      const projectId = (await createProjectWithCast(cast)).id;
      const local = { t, cast, projectId, paypal: undefined as never, stripe, close: async () => {} };
      const settings = await cast.siteManager.inject({
        method: "POST",
        url: "/api/pm-pro/v2/invoice/address",
        payload: { gateWays: ["stripe"], stripe_secret_key: stripe.secretKey, stripe_webhook_secret: stripe.webhookSecret },
      });
      expect(settings.statusCode).toBe(200);
      const invoice = await createInvoice(local, { amount: 80 });
      const started = await fetch(`${origin}/api/pm-pro/v2/projects/${projectId}/invoice/${invoice.id}/checkout`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: `${SESSION_COOKIE}=${cast.client.cookie}`, [NONCE_HEADER]: cast.client.nonce },
        body: JSON.stringify({ gateway: "stripe", amount: 80 }),
      });
      expect(started.status).toBe(200);
      const answer = ((await started.json()) as { data: CheckoutAnswer }).data;
      const page = await (await fetch(answer.url)).text();
      expect(page).toContain(">Pay<");
      expect(page).toContain("$80.00");
      const paid = await fetch(answer.url, { method: "POST", redirect: "manual" });
      expect(paid.status).toBe(303);
      expect(paid.headers.get("location")).toBe(`${origin}/#/invoices/projects/${projectId}/${invoice.id}?checkout=stripe&session_id=${answer.session_id}`);
      expect(stripe.deliveries.map((delivery) => delivery.status)).toEqual([200]);
      const back = await cast.client.inject({ method: "GET", url: `/api/pm-pro/v2/projects/${projectId}/invoice/${invoice.id}/checkout/return?session_id=${answer.session_id}` });
      expect(back.json()).toMatchObject({ data: { paid: true, recorded: false, invoice: { status: 1 } } });
      expect((await readInvoice(local, invoice)).payments.data).toHaveLength(1);
    } finally {
      await t.close();
      await stripe.close();
    }
  });
});

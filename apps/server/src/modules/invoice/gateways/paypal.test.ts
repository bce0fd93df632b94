import { SESSION_COOKIE, NONCE_HEADER, type CheckoutAnswer } from "@plotline/contracts";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createCast, createProjectWithCast } from "../../../../test/factories.js";
import { createTestApp } from "../../../../test/helpers.js";
import { startPaypalDouble } from "../../../../test/paypal-double.js";
import { PAYPAL_NOTIFY_PATH } from "./checkout-gateway.js";
import {
  checkoutOf,
  createCheckoutWorld,
  createInvoice,
  PAYPAL_MAIL,
  paymentsOf,
  paypalFieldsOf,
  postPaypalNotification,
  readInvoice,
  startCheckout,
  type CheckoutWorld,
} from "./checkout.fixtures.js";
import { paypalAddresses } from "./paypal.gateway.js";

let world: CheckoutWorld;

beforeAll(async () => {
  world = await createCheckoutWorld();
});
afterAll(() => world.close());

/** A checkout's fields as PayPal receives them, which its notification then echoes. */
async function paypalCheckout(amount: number, invoiceBody: Parameters<typeof createInvoice>[1] = {}) {
  const invoice = await createInvoice(world, invoiceBody);
  const answer = await checkoutOf(world, invoice, { gateway: "paypal", amount });
  const fields = paypalFieldsOf(answer);
  return { invoice, answer, checkout: { amount: fields.amount ?? "", business: fields.business ?? "", currency_code: fields.currency_code ?? "", custom: fields.custom ?? "" } };
}

describe("POST /api/pm-pro/v2/projects/:project_id/invoice/:id/checkout with PayPal", () => {
  it("sends the payer to the configured PayPal address with the _xclick fields", async () => {
    const invoice = await createInvoice(world, { amount: 250, partial: true, minimum_partial: 50 });
    const answer = await checkoutOf(world, invoice, { gateway: "paypal", amount: "120.5" });
    expect(answer).toMatchObject({ gateway: "paypal", amount: 120.5, amount_minor: 12050, currency: "USD", session_id: null });
    expect(answer.url.startsWith(`${world.paypal.url}?`)).toBe(true);
    const fields = paypalFieldsOf(answer);
    expect(fields).toMatchObject({
      cmd: "_xclick",
      business: PAYPAL_MAIL,
      amount: "120.50",
      currency_code: "USD",
      item_number: invoice.number,
      item_name: `${invoice.number} Design work`,
      notify_url: `http://plotline.test${PAYPAL_NOTIFY_PATH}`,
      return: `http://plotline.test/#/invoices/projects/${world.projectId}/${invoice.id}?checkout=paypal`,
      cancel_return: `http://plotline.test/#/invoices/projects/${world.projectId}/${invoice.id}?checkout=cancelled`,
    });
    expect(JSON.parse(fields.custom ?? "")).toEqual({ invoice_id: invoice.id, user_id: world.cast.client.userId, project_id: world.projectId, gateway: "paypal" });
  });

  it("comes back to the path the web app asks for", async () => {
    const invoice = await createInvoice(world);
    const answer = await checkoutOf(world, invoice, { gateway: "paypal", amount: 100, return_path: "/portal/invoices/7?tab=pay" });
    expect(paypalFieldsOf(answer).return).toBe("http://plotline.test/#/portal/invoices/7?tab=pay&checkout=paypal");
  });

  it("refuses a currency PayPal does not take, and cents where PayPal takes whole units", async () => {
    const dinar = await createInvoice(world, { amount: 10, currency: "KWD" });
    expect((await startCheckout(world, dinar, { gateway: "paypal", amount: 10 })).json().data.params).toHaveProperty("gateway");
    const taiwan = await createInvoice(world, { amount: "100.50", currency: "TWD", partial: true, minimum_partial: 1 });
    expect((await startCheckout(world, taiwan, { gateway: "paypal", amount: "100.50" })).json().data.params).toHaveProperty("amount");
    expect(paypalFieldsOf(await checkoutOf(world, taiwan, { gateway: "paypal", amount: 100 }))).toMatchObject({ amount: "100.00", currency_code: "TWD" });
  });

  it("uses PayPal's sandbox or live site by sand_box_mode when no PayPal address is configured", () => {
    expect(paypalAddresses(null, true)).toEqual({
      checkout: "https://www.sandbox.paypal.com/cgi-bin/webscr",
      verify: "https://ipnpb.sandbox.paypal.com/cgi-bin/webscr",
    });
    expect(paypalAddresses(null, false)).toEqual({ checkout: "https://www.paypal.com/cgi-bin/webscr", verify: "https://ipnpb.paypal.com/cgi-bin/webscr" });
    expect(paypalAddresses("http://127.0.0.1:9999", true).verify).toBe("http://127.0.0.1:9999/cgi-bin/webscr");
  });
});

describe(`POST /api${PAYPAL_NOTIFY_PATH.slice(4)} (PayPal IPN)`, () => {
  it("records a verified, completed payment once, posting it back unchanged to the configured address", async () => {
    const { invoice, checkout } = await paypalCheckout(100);
    const body = world.paypal.issue(checkout);
    const before = world.paypal.validations.length;
    const response = await postPaypalNotification(world, body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { result: "recorded" } });
    expect(world.paypal.validations.slice(before)).toEqual([{ body, verdict: "VERIFIED" }]);
    const after = await readInvoice(world, invoice);
    expect(after.status).toBe(1);
    expect(after.totals.due_minor).toBe(0);
    expect(after.payments.data).toHaveLength(1);
    expect(after.payments.data[0]).toMatchObject({ gateway: "paypal", amount_minor: 10000, currency: "USD", transaction_id: new URLSearchParams(body).get("txn_id") });
  });

  it("refuses an unverified message (PayPal answers INVALID), recording nothing", async () => {
    const { invoice, checkout } = await paypalCheckout(100);
    // Changed after PayPal issued it: the post-back no longer matches.
    const forged = world.paypal.issue(checkout).replace("payment_status=Completed", "payment_status=Completed&x=1");
    const response = await postPaypalNotification(world, forged);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { result: "ignored" } });
    expect(world.paypal.validations.at(-1)?.verdict).toBe("INVALID");
    expect(await paymentsOf(world, invoice)).toHaveLength(0);
  });

  it("refuses a payment to another receiver, logging why", async () => {
    const { invoice, checkout } = await paypalCheckout(100);
    const warn = vi.spyOn(world.t.app.log, "warn");
    try {
      const response = await postPaypalNotification(world, world.paypal.issue(checkout, { receiver_email: "someone.else@example.test" }));
      expect(response.json()).toEqual({ data: { result: "ignored" } });
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ gateway: "paypal", reason: "receiver_email someone.else@example.test is not the organisation's PayPal e-mail" }),
        "Payment notification ignored",
      );
    } finally {
      warn.mockRestore();
    }
    expect(await paymentsOf(world, invoice)).toHaveLength(0);
  });

  it("refuses a wrong amount: below the due when partial payments are off, or above the due", async () => {
    const { invoice, checkout } = await paypalCheckout(100);
    for (const amount of ["0.01", "99.99", "100.01", "-100.00", "100.001"]) {
      const response = await postPaypalNotification(world, world.paypal.issue(checkout, { mc_gross: amount }));
      expect(response.statusCode, amount).toBe(200);
      expect(response.json(), amount).toEqual({ data: { result: "ignored" } });
    }
    expect(await paymentsOf(world, invoice)).toHaveLength(0);
  });

  it("refuses a partial amount under the minimum partial, and takes one above it", async () => {
    const { invoice, checkout } = await paypalCheckout(40, { amount: 100, partial: true, minimum_partial: 30 });
    expect((await postPaypalNotification(world, world.paypal.issue(checkout, { mc_gross: "29.99" }))).json()).toEqual({ data: { result: "ignored" } });
    expect((await postPaypalNotification(world, world.paypal.issue(checkout))).json()).toEqual({ data: { result: "recorded" } });
    const after = await readInvoice(world, invoice);
    expect(after.status).toBe(3);
    expect(after.totals.due_minor).toBe(6000);
  });

  it("refuses a payment in another currency than the invoice's", async () => {
    const { invoice, checkout } = await paypalCheckout(100);
    const response = await postPaypalNotification(world, world.paypal.issue(checkout, { mc_currency: "EUR" }));
    expect(response.json()).toEqual({ data: { result: "ignored" } });
    expect(await paymentsOf(world, invoice)).toHaveLength(0);
  });

  it("refuses a replayed txn_id, even for an amount still due", async () => {
    const { invoice, checkout } = await paypalCheckout(30, { amount: 100, partial: true, minimum_partial: 10 });
    const first = world.paypal.issue(checkout, { txn_id: "REPLAYED0001" });
    expect((await postPaypalNotification(world, first)).json()).toEqual({ data: { result: "recorded" } });
    expect((await postPaypalNotification(world, first)).json()).toEqual({ data: { result: "duplicate" } });
    // PayPal's own later message about the same transaction, with a new ipn_track_id.
    const again = world.paypal.issue(checkout, { txn_id: "REPLAYED0001" });
    expect((await postPaypalNotification(world, again)).json()).toEqual({ data: { result: "duplicate" } });
    const payments = await paymentsOf(world, invoice);
    expect(payments).toHaveLength(1);
    expect((await readInvoice(world, invoice)).totals.paid_minor).toBe(3000);
  });

  it("leaves a payment that is not Completed, and a custom field naming no invoice", async () => {
    const { invoice, checkout } = await paypalCheckout(100);
    expect((await postPaypalNotification(world, world.paypal.issue(checkout, { payment_status: "Pending" }))).json()).toEqual({ data: { result: "ignored" } });
    expect((await postPaypalNotification(world, world.paypal.issue(checkout, { custom: "{not json" }))).json()).toEqual({ data: { result: "ignored" } });
    expect((await postPaypalNotification(world, world.paypal.issue(checkout, { custom: JSON.stringify({ invoice_id: 999999, user_id: 1, project_id: 1, gateway: "paypal" }) }))).json()).toEqual({
      data: { result: "ignored" },
    });
    expect(await paymentsOf(world, invoice)).toHaveLength(0);
  });

  it("answers 502 when PayPal cannot verify, so that PayPal sends the message again", async () => {
    const { invoice, checkout } = await paypalCheckout(100);
    world.paypal.answerValidationsWith({ status: 503 });
    try {
      const response = await postPaypalNotification(world, world.paypal.issue(checkout));
      expect(response.statusCode).toBe(502);
    } finally {
      world.paypal.answerValidationsWith(null);
    }
    expect(await paymentsOf(world, invoice)).toHaveLength(0);
  });

  it("records one payment of 20 concurrent notifications of one payment", async () => {
    const { invoice, checkout } = await paypalCheckout(100);
    const body = world.paypal.issue(checkout);
    const answers = await Promise.all(Array.from({ length: 20 }, () => postPaypalNotification(world, body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const results = answers.map((answer) => (answer.json() as { data: { result: string } }).data.result);
    expect(results.filter((result) => result === "recorded")).toHaveLength(1);
    const after = await readInvoice(world, invoice);
    expect(after.payments.data).toHaveLength(1);
    expect(after.totals.paid_minor).toBe(10000);
  });
});

describe("PayPal checkout through the browser pages", () => {
  it("pays on PayPal's page, which notifies the app and sends the payer back", async () => {
    const paypal = await startPaypalDouble();
    const t = await createTestApp({ config: { paypalUrl: paypal.url } });
    try {
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const cast = await createCast(t.app);
      const projectId = (await createProjectWithCast(cast)).id;
      const local = { t, cast, projectId, paypal, stripe: undefined as never, close: async () => {} };
      const settings = await cast.siteManager.inject({ method: "POST", url: "/api/pm-pro/v2/invoice/address", payload: { paypal_mail: PAYPAL_MAIL, gateWays: ["paypal"] } });
      expect(settings.statusCode).toBe(200);
      const invoice = await createInvoice(local, { amount: 80 });
      // The checkout over real HTTP, so that its addresses are the app's own.
      const started = await fetch(`${origin}/api/pm-pro/v2/projects/${projectId}/invoice/${invoice.id}/checkout`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: `${SESSION_COOKIE}=${cast.client.cookie}`, [NONCE_HEADER]: cast.client.nonce },
        body: JSON.stringify({ gateway: "paypal", amount: 80 }),
      });
      expect(started.status).toBe(200);
      const answer = ((await started.json()) as { data: CheckoutAnswer }).data;
      const page = await fetch(answer.url);
      const html = await page.text();
      expect(html).toContain("Pay now");
      const form = new URLSearchParams([...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((match) => [match[1] ?? "", unescapeHtml(match[2] ?? "")]));
      const paid = await fetch(`${paypal.origin}/cgi-bin/webscr/pay`, { method: "POST", body: form, redirect: "manual" });
      expect(paid.status).toBe(302);
      expect(paid.headers.get("location")).toBe(`${origin}/#/invoices/projects/${projectId}/${invoice.id}?checkout=paypal`);
      expect(paypal.deliveries).toEqual([expect.objectContaining({ notifyUrl: `${origin}${PAYPAL_NOTIFY_PATH}`, status: 200 })]);
      expect((await readInvoice(local, invoice)).status).toBe(1);
    } finally {
      await t.close();
      await paypal.close();
    }
  });
});

function unescapeHtml(text: string): string {
  return text.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)));
}

import type { CheckoutAnswer, CreateInvoiceBody, Invoice, InvoiceSettingsBody } from "@plotline/contracts";
import type { LightMyRequestResponse } from "fastify";
import { createCast, createProjectWithCast, type Cast } from "../../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../../test/helpers.js";
import { startPaypalDouble, type PaypalDouble } from "../../../../test/paypal-double.js";
import { startStripeDouble, type StripeDouble } from "../../../../test/stripe-double.js";
import { PAYPAL_NOTIFY_PATH, STRIPE_WEBHOOK_PATH } from "./checkout-gateway.js";

/** The organisation's PayPal account in the tests. */
export const PAYPAL_MAIL = "billing@plotline.test";

/** An app pointed at both provider doubles, a cast, a project and gateway settings switched on. */
export interface CheckoutWorld {
  t: TestApp;
  cast: Cast;
  projectId: number;
  paypal: PaypalDouble;
  stripe: StripeDouble;
  close(): Promise<void>;
}

/** Builds the world; `settings` override the invoice settings saved. */
export async function createCheckoutWorld(settings: InvoiceSettingsBody = {}): Promise<CheckoutWorld> {
  const paypal = await startPaypalDouble();
  const stripe = await startStripeDouble();
  const t = await createTestApp({ config: { paypalUrl: paypal.url, stripeApiUrl: stripe.url, publicUrl: "http://plotline.test" } });
  const cast = await createCast(t.app);
  const projectId = (await createProjectWithCast(cast, { title: "Checkout" })).id;
  await saveSettings({ t, cast }, {
    currency_code: "USD",
    paypal_mail: PAYPAL_MAIL,
    sand_box_mode: true,
    gateWays: ["paypal", "stripe"],
    stripe_publishable_key: "pk_test_double",
    stripe_secret_key: stripe.secretKey,
    stripe_webhook_secret: stripe.webhookSecret,
    ...settings,
  });
  return {
    t,
    cast,
    projectId,
    paypal,
    stripe,
    async close() {
      await t.close();
      await paypal.close();
      await stripe.close();
    },
  };
}

/** Saves invoice settings as the site manager. */
export async function saveSettings(world: Pick<CheckoutWorld, "t" | "cast">, body: InvoiceSettingsBody): Promise<void> {
  const response = await world.cast.siteManager.inject({ method: "POST", url: "/api/pm-pro/v2/invoice/address", payload: body });
  if (response.statusCode !== 200) throw new Error(`saving invoice settings failed: ${response.statusCode} ${response.body}`);
}

/** An invoice of the cast's client for `amount` (one name line, no tax), made by the site manager. */
export async function createInvoice(world: CheckoutWorld, body: Partial<CreateInvoiceBody> & { amount?: number | string } = {}): Promise<Invoice> {
  const { amount = 100, ...rest } = body;
  const response = await world.cast.siteManager.inject({
    method: "POST",
    url: `/api/pm-pro/v2/projects/${world.projectId}/invoice`,
    payload: {
      title: "Design work",
      client_id: world.cast.client.userId,
      start_at: "2026-11-01",
      entryNames: [{ name: "Design", amount, quantity: 1, tax: 0 }],
      ...rest,
    },
  });
  if (response.statusCode !== 200) throw new Error(`invoice creation failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: Invoice }).data;
}

/** The invoice as its manager sees it now. */
export async function readInvoice(world: CheckoutWorld, invoice: Pick<Invoice, "id">): Promise<Invoice> {
  const response = await world.cast.siteManager.inject({ method: "GET", url: `/api/pm-pro/v2/projects/${world.projectId}/invoice/${invoice.id}` });
  if (response.statusCode !== 200) throw new Error(`reading the invoice failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: Invoice }).data;
}

/** Starts a checkout as `as` (the client by default); the raw answer. */
export function startCheckout(
  world: CheckoutWorld,
  invoice: Pick<Invoice, "id">,
  body: Record<string, unknown>,
  as: Session = world.cast.client,
): Promise<LightMyRequestResponse> {
  return as.inject({ method: "POST", url: `/api/pm-pro/v2/projects/${world.projectId}/invoice/${invoice.id}/checkout`, payload: body });
}

/** Starts a checkout that must succeed; its answer. */
export async function checkoutOf(world: CheckoutWorld, invoice: Pick<Invoice, "id">, body: Record<string, unknown>, as?: Session): Promise<CheckoutAnswer> {
  const response = await startCheckout(world, invoice, body, as);
  if (response.statusCode !== 200) throw new Error(`checkout failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: CheckoutAnswer }).data;
}

/** Posts a PayPal notification to the app, form-encoded, as PayPal does (no session). */
export function postPaypalNotification(world: CheckoutWorld, body: string): Promise<LightMyRequestResponse> {
  return world.t.app.inject({ method: "POST", url: PAYPAL_NOTIFY_PATH, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: body });
}

/** Posts a Stripe event to the app's webhook, signed as given (by the double's secret, now, by default). */
export function postStripeEvent(world: CheckoutWorld, body: string, signature = world.stripe.sign(body)): Promise<LightMyRequestResponse> {
  return world.t.app.inject({
    method: "POST",
    url: STRIPE_WEBHOOK_PATH,
    headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
    payload: body,
  });
}

/** The `_xclick` fields of a PayPal checkout address. */
export function paypalFieldsOf(answer: CheckoutAnswer): Record<string, string> {
  return Object.fromEntries(new URL(answer.url).searchParams);
}

/** Counts the invoice's payments. */
export async function paymentsOf(world: CheckoutWorld, invoice: Pick<Invoice, "id">): Promise<Invoice["payments"]["data"]> {
  return (await readInvoice(world, invoice)).payments.data;
}

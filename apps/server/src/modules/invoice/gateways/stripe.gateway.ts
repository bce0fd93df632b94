import Stripe from "stripe";
import { currencyDigits } from "@plotline/contracts";
import { AppError, invalidField } from "../../../lib/app-error.js";
import { appReturnUrl, type CheckoutGateway, type CheckoutRequest, type ConfirmedPayment, type GatewaySettings } from "./checkout-gateway.js";

/**
 * Stripe Checkout: a Checkout Session is made on the server with the secret key (one line, the amount in
 * minor units), the payer pays on Stripe's page, and the payment is confirmed by the signed
 * `checkout.session.completed` event or by the return page retrieving the session: both call one
 * idempotent fulfilment.
 */

/** A signed event older (or newer) than this is refused: Stripe's own default. */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

/** Currencies Stripe's API counts in whole units; every other is counted in hundredths, but for these. */
const STRIPE_ZERO_DECIMAL = new Set(["BIF", "CLP", "DJF", "GNF", "JPY", "KMF", "KRW", "MGA", "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF"]);
/** Counted in thousandths, the last digit 0. */
const STRIPE_THREE_DECIMAL = new Set(["BHD", "JOD", "KWD", "OMR", "TND"]);

/** The decimals of Stripe's API amounts of a currency (not always ISO 4217's: HUF, ISK, COP, IDR ... are 2 there). */
export function stripeExponent(currency: string): number {
  const code = currency.toUpperCase();
  if (STRIPE_ZERO_DECIMAL.has(code)) return 0;
  return STRIPE_THREE_DECIMAL.has(code) ? 3 : 2;
}

/**
 * An amount in Plotline's minor units of a currency with `digits` decimals, in Stripe's units; null when
 * Stripe cannot charge it exactly (a fraction it does not count, a three-decimal amount not ending in 0,
 * fractional ISK).
 */
export function toStripeAmount(currency: string, amountMinor: number, digits: number): number | null {
  const exponent = stripeExponent(currency);
  const scale = 10 ** Math.abs(exponent - digits);
  if (exponent < digits && amountMinor % scale !== 0) return null;
  const units = exponent >= digits ? amountMinor * scale : amountMinor / scale;
  if (exponent === 3 && units % 10 !== 0) return null;
  if (currency.toUpperCase() === "ISK" && units % 100 !== 0) return null;
  return units;
}

/** Stripe's units of a currency back in Plotline's minor units; null when they do not convert exactly. */
export function fromStripeAmount(currency: string, stripeAmount: number, digits: number): number | null {
  const exponent = stripeExponent(currency);
  const scale = 10 ** Math.abs(exponent - digits);
  if (digits >= exponent) return stripeAmount * scale;
  return stripeAmount % scale === 0 ? stripeAmount / scale : null;
}

/** A Stripe client for the secret key, pointed at `STRIPE_API_URL` when set. */
export function stripeClient(secretKey: string, apiUrl: string | null): Stripe {
  const address = apiUrl ? new URL(apiUrl) : null;
  const protocol = address?.protocol === "http:" ? "http" : "https";
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(address && { host: address.hostname, port: address.port || (protocol === "http" ? 80 : 443), protocol }),
  });
}

/** The Stripe gateway; clients are kept per secret key (the key may change in the settings). */
export function stripeGateway(options: { apiUrl: string | null }) {
  let cached: { key: string; client: Stripe } | null = null;
  const clientFor = (settings: GatewaySettings): Stripe => {
    if (cached?.key !== settings.stripe_secret_key) cached = { key: settings.stripe_secret_key, client: stripeClient(settings.stripe_secret_key, options.apiUrl) };
    return cached.client;
  };

  const gateway: CheckoutGateway = {
    name: "stripe",
    missingSetting(settings) {
      if (settings.stripe_secret_key.trim() === "") return "Stripe is not set up: the Stripe secret key of the invoice settings is empty";
      if (settings.stripe_webhook_secret.trim() === "") return "Stripe is not set up: the Stripe webhook signing secret of the invoice settings is empty";
      return null;
    },
    async startCheckout(request: CheckoutRequest, settings: GatewaySettings) {
      const { invoice } = request;
      const unitAmount = toStripeAmount(request.currency, request.amountMinor, request.digits);
      if (unitAmount === null) throw invalidField("amount", `Stripe cannot charge this amount of ${request.currency} exactly: round it`);
      const metadata = { invoice_id: String(invoice.id), project_id: String(invoice.project_id), user_id: String(request.payerId) };
      const session = await callStripe(() =>
        clientFor(settings).checkout.sessions.create({
          mode: "payment",
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: unitAmount,
                product_data: { name: `${invoice.number} ${invoice.title}`.slice(0, 250) },
              },
            },
          ],
          client_reference_id: String(invoice.id),
          metadata,
          payment_intent_data: { metadata, description: invoice.number },
          // Stripe fills `{CHECKOUT_SESSION_ID}` in; the return page hands it to `.../checkout/return`.
          success_url: appReturnUrl(request.appOrigin, request.returnPath, "checkout=stripe&session_id={CHECKOUT_SESSION_ID}"),
          cancel_url: appReturnUrl(request.appOrigin, request.returnPath, "checkout=cancelled"),
        }),
      );
      if (!session.url) throw new AppError("bad_gateway", "Stripe made a Checkout Session without a payment page");
      return { url: session.url, sessionId: session.id };
    },
  };

  return {
    gateway,
    /**
     * The event of a webhook delivery, once its `Stripe-Signature` is checked over the exact bytes received
     * (HMAC-SHA256 with the webhook secret, at most five minutes off); a 400 otherwise.
     */
    readEvent(raw: Buffer, signature: string | undefined, settings: GatewaySettings): Stripe.Event {
      if (settings.stripe_webhook_secret.trim() === "") throw new AppError("bad_request", "Stripe webhooks are not set up: no signing secret");
      if (!signature) throw new AppError("bad_request", "No Stripe-Signature header");
      try {
        return Stripe.webhooks.constructEvent(raw, signature, settings.stripe_webhook_secret.trim(), STRIPE_SIGNATURE_TOLERANCE_SECONDS);
      } catch (error) {
        throw new AppError("bad_request", `Stripe-Signature refused: ${(error as Error).message.split("\n")[0] ?? "no match"}`);
      }
    },
    /** A Checkout Session by id, or null when Stripe knows none. */
    async findSession(sessionId: string, settings: GatewaySettings): Promise<Stripe.Checkout.Session | null> {
      if (settings.stripe_secret_key.trim() === "") throw new AppError("bad_request", "Stripe is not set up: no secret key");
      try {
        return await clientFor(settings).checkout.sessions.retrieve(sessionId);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw stripeFailure(error);
      }
    },
  };
}

export type StripeGateway = ReturnType<typeof stripeGateway>;

/** A paid session read into a payment, or why it is not one to record. */
export type StripeReading = { ok: true; payment: ConfirmedPayment } | { ok: false; reason: string };

/** Reads a Checkout Session made by `startCheckout` into the payment it is, once paid. */
export function readStripeSession(session: Stripe.Checkout.Session, paidAt: string): StripeReading {
  if (session.payment_status !== "paid") return { ok: false, reason: `session ${session.id} is ${session.payment_status}, not paid` };
  const invoiceId = Number(session.metadata?.invoice_id);
  if (!Number.isSafeInteger(invoiceId) || invoiceId < 1) return { ok: false, reason: `session ${session.id} names no invoice` };
  if (!session.currency) return { ok: false, reason: `session ${session.id} has no currency` };
  const currency = session.currency.toUpperCase();
  const total = session.amount_total;
  const amount = total !== null && Number.isSafeInteger(total) && total > 0 ? fromStripeAmount(currency, total, currencyDigits(currency)) : null;
  if (amount === null) return { ok: false, reason: `session ${session.id} has no amount Plotline can record in ${currency}` };
  const userId = Number(session.metadata?.user_id);
  const intent = typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
  return {
    ok: true,
    payment: {
      invoiceId,
      gateway: "stripe",
      transactionId: intent ?? session.id,
      amountMinor: amount,
      currency,
      paidAt,
      method: "Card (Stripe)",
      note: `Stripe Checkout ${session.id}`,
      userId: Number.isSafeInteger(userId) && userId > 0 ? userId : null,
    },
  };
}

async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw stripeFailure(error);
  }
}

/** Stripe's refusal or absence as a 502 naming what Stripe said (never the key). */
function stripeFailure(error: unknown): AppError {
  if (error instanceof Stripe.errors.StripeError) return new AppError("bad_gateway", `Stripe refused the request: ${error.message}`);
  return new AppError("bad_gateway", `Stripe could not be reached: ${(error as Error).message}`);
}

import type { CardGateway, Invoice } from "@plotline/contracts";
import type { Actor } from "../../../lib/actor.js";

/** The organisation's payment settings, as the invoice service reads them (the Stripe secrets opened). */
export interface GatewaySettings {
  currency_code: string;
  /** The PayPal account payments go to: `business` of a checkout and `receiver_email` of its notification. */
  paypal_mail: string;
  /** PayPal's sandbox instead of the live site (when `PAYPAL_IPN_URL` is not set). */
  sand_box_mode: boolean;
  /** The card gateways switched on. */
  gateWays: readonly CardGateway[];
  stripe_publishable_key: string;
  /** Opened; the empty text when not set. */
  stripe_secret_key: string;
  /** Opened (`whsec_...`); the empty text when not set. */
  stripe_webhook_secret: string;
}

/** A payment a gateway confirmed, as the ledger takes it. */
export interface ConfirmedPayment {
  invoiceId: number;
  gateway: "paypal" | "stripe";
  /** PayPal's `txn_id`, Stripe's payment intent (or session) id: unique per gateway in the ledger. */
  transactionId: string;
  amountMinor: number;
  currency: string;
  paidAt: string;
  method: string;
  note: string;
  userId: number | null;
}

/** What the gateways use of the invoice service (`app.services.invoices`). */
export interface InvoicePayments {
  getSettings(): Promise<GatewaySettings>;
  /** The invoice if the actor may see and pay it (its client, or a manager), else 404/403. */
  getInvoiceForPayer(actor: Actor, projectId: number, invoiceId: number): Promise<Invoice>;
  /** Throws the 400 of `payment-validation` for an amount that may not be paid now; else the invoice's currency and project. */
  checkPaymentAmount(invoiceId: number, amountMinor: number): Promise<{ currency: string; projectId: number }>;
  /** Idempotent on (gateway, transactionId): a repeated or concurrent call records nothing (`recorded: false`). */
  recordPayment(input: ConfirmedPayment): Promise<{ recorded: boolean; invoice: Invoice }>;
}

/** One checkout a payer starts, already checked: the invoice, who pays, how much, where to come back to. */
export interface CheckoutRequest {
  invoice: Invoice;
  payerId: number;
  amountMinor: number;
  /** The invoice's currency (ISO 4217) and its decimal digits. */
  currency: string;
  digits: number;
  /** Where the app is reached (`PUBLIC_URL`, else the request's origin), without a trailing slash. */
  appOrigin: string;
  /** The web app's path to come back to (after `#`). */
  returnPath: string;
}

/** Where to send the browser. */
export interface CheckoutRedirect {
  url: string;
  /** Stripe's Checkout Session id; null for PayPal. */
  sessionId: string | null;
}

/** A card gateway: checks it is set up, and starts a checkout. Each confirms payments its own way. */
export interface CheckoutGateway {
  readonly name: CardGateway;
  /** Why the organisation's settings cannot take payments through this gateway, or null when they can. */
  missingSetting(settings: GatewaySettings): string | null;
  /** Prepares the payment with the gateway and answers the page the payer goes to. */
  startCheckout(request: CheckoutRequest, settings: GatewaySettings): Promise<CheckoutRedirect>;
}

/** The app's address of `returnPath` with `query` added to the hash route's own query. */
export function appReturnUrl(appOrigin: string, returnPath: string, query: string): string {
  return `${appOrigin}/#${returnPath}${returnPath.includes("?") ? "&" : "?"}${query}`;
}

/** The server's address of an API path (`/api/...`). */
export function apiUrl(appOrigin: string, path: string): string {
  return `${appOrigin}${path}`;
}

/** Where PayPal posts its notifications. */
export const PAYPAL_NOTIFY_PATH = "/api/pm-pro/v2/invoice/paypal/notify";

/** Where Stripe posts its events. */
export const STRIPE_WEBHOOK_PATH = "/api/pm-pro/v2/invoice/stripe/webhook";

/** The day (YYYY-MM-DD) a moment falls on in the site's time zone: the day a payment is recorded as paid. */
export function dayIn(moment: Date, timezone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: timezone, year: "numeric", month: "2-digit", day: "2-digit" }).format(moment);
}

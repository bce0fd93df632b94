import { currencyDigits, formatMoney, parseMoney } from "@plotline/contracts";
import { AppError, invalidField } from "../../../lib/app-error.js";
import {
  apiUrl,
  appReturnUrl,
  PAYPAL_NOTIFY_PATH,
  type CheckoutGateway,
  type CheckoutRequest,
  type ConfirmedPayment,
  type GatewaySettings,
} from "./checkout-gateway.js";

/**
 * PayPal Payments Standard: the payer is sent to PayPal's `_xclick` page with the invoice's fields, and PayPal
 * posts an Instant Payment Notification (IPN) to `notify_url` once paid. A notification proves nothing by
 * itself: it is posted back unchanged, prefixed with `cmd=_notify-validate`, to PayPal's own address (never
 * one read from the request), and only a `VERIFIED` answer lets it be read.
 */

const LIVE = { checkout: "https://www.paypal.com/cgi-bin/webscr", verify: "https://ipnpb.paypal.com/cgi-bin/webscr" };
const SANDBOX = { checkout: "https://www.sandbox.paypal.com/cgi-bin/webscr", verify: "https://ipnpb.sandbox.paypal.com/cgi-bin/webscr" };

/** The currencies PayPal takes payments in. */
const PAYPAL_CURRENCIES = new Set([
  "AUD", "BRL", "CAD", "CNY", "CZK", "DKK", "EUR", "HKD", "HUF", "ILS", "JPY", "MYR", "MXN", "TWD", "NZD", "NOK", "PHP", "PLN", "GBP", "SGD", "SEK", "CHF", "THB", "USD",
]);
/** Currencies PayPal takes in whole units only. */
const PAYPAL_WHOLE_UNITS = new Set(["HUF", "JPY", "TWD"]);

/** How long PayPal's answer to a post-back is waited for. */
const VERIFY_TIMEOUT_MS = 15_000;

/** PayPal's checkout page and post-back address: `PAYPAL_IPN_URL` for both when set, else live or sandbox. */
export function paypalAddresses(configured: string | null, sandbox: boolean): { checkout: string; verify: string } {
  if (configured) {
    const url = new URL(configured);
    if (url.pathname === "/" || url.pathname === "") url.pathname = "/cgi-bin/webscr";
    return { checkout: url.toString(), verify: url.toString() };
  }
  return sandbox ? SANDBOX : LIVE;
}

/** The `custom` field of a checkout: who pays which invoice, read back from the notification. */
export interface PaypalCustom {
  invoice_id: number;
  user_id: number;
  project_id: number;
  gateway: "paypal";
}

/** The PayPal gateway. */
export function paypalGateway(options: { configuredUrl: string | null }): CheckoutGateway {
  return {
    name: "paypal",
    missingSetting(settings) {
      return settings.paypal_mail.trim() === "" ? "PayPal is not set up: the PayPal e-mail of the invoice settings is empty" : null;
    },
    async startCheckout(request: CheckoutRequest, settings: GatewaySettings) {
      const { invoice } = request;
      if (!PAYPAL_CURRENCIES.has(request.currency)) throw invalidField("gateway", `PayPal does not take payments in ${request.currency}`);
      if (PAYPAL_WHOLE_UNITS.has(request.currency) && request.amountMinor % 10 ** request.digits !== 0) {
        throw invalidField("amount", `PayPal takes ${request.currency} in whole units only`);
      }
      const custom: PaypalCustom = { invoice_id: invoice.id, user_id: request.payerId, project_id: invoice.project_id, gateway: "paypal" };
      const fields = new URLSearchParams({
        cmd: "_xclick",
        business: settings.paypal_mail.trim(),
        item_name: `${invoice.number} ${invoice.title}`.slice(0, 127),
        item_number: invoice.number,
        amount: formatMoney(request.amountMinor, request.digits),
        currency_code: request.currency,
        quantity: "1",
        no_shipping: "1",
        no_note: "1",
        charset: "utf-8",
        custom: JSON.stringify(custom),
        return: appReturnUrl(request.appOrigin, request.returnPath, "checkout=paypal"),
        cancel_return: appReturnUrl(request.appOrigin, request.returnPath, "checkout=cancelled"),
        notify_url: apiUrl(request.appOrigin, PAYPAL_NOTIFY_PATH),
      });
      const { checkout } = paypalAddresses(options.configuredUrl, settings.sand_box_mode);
      return { url: `${checkout}${checkout.includes("?") ? "&" : "?"}${fields.toString()}`, sessionId: null };
    },
  };
}

/**
 * Posts a notification back to PayPal as received, after `cmd=_notify-validate&`, and answers PayPal's
 * verdict. PayPal unreachable or answering anything else throws a 502, so that the notification's sender
 * is answered an error and PayPal sends it again later.
 */
export async function verifyPaypalNotification(raw: Buffer, verifyUrl: string): Promise<"VERIFIED" | "INVALID"> {
  let answer: Response;
  try {
    answer = await fetch(verifyUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": "Plotline-IPN-Verification" },
      body: Buffer.concat([Buffer.from("cmd=_notify-validate&"), raw]),
      redirect: "error",
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
  } catch (error) {
    throw new AppError("bad_gateway", `PayPal could not be reached to verify a notification: ${(error as Error).message}`);
  }
  const text = (await answer.text()).trim();
  if (answer.status === 200 && (text === "VERIFIED" || text === "INVALID")) return text;
  throw new AppError("bad_gateway", `PayPal answered the verification of a notification with ${answer.status}`);
}

/** A verified notification read into a payment, or why it is not one to record. */
export type PaypalReading = { ok: true; payment: ConfirmedPayment; projectId: number } | { ok: false; reason: string };

/**
 * Reads a verified notification: a completed payment to the organisation's PayPal account, of an invoice named
 * in `custom`, in a currency and amount that read exactly. Whether the amount may be paid and the currency is
 * the invoice's is checked against the invoice afterwards.
 */
export function readPaypalNotification(fields: URLSearchParams, settings: GatewaySettings, paidAt: string): PaypalReading {
  const status = fields.get("payment_status");
  if (status !== "Completed") return { ok: false, reason: `payment_status is ${status ?? "missing"}, not Completed` };
  const txnId = fields.get("txn_id")?.trim() ?? "";
  if (!/^[A-Za-z0-9-]{1,64}$/.test(txnId)) return { ok: false, reason: "txn_id is missing or malformed" };
  const receiver = fields.get("receiver_email")?.trim().toLowerCase() ?? "";
  if (receiver === "" || receiver !== settings.paypal_mail.trim().toLowerCase()) {
    return { ok: false, reason: `receiver_email ${receiver || "(none)"} is not the organisation's PayPal e-mail` };
  }
  const custom = readCustom(fields.get("custom"));
  if (!custom) return { ok: false, reason: "custom does not name an invoice" };
  const currency = fields.get("mc_currency")?.trim().toUpperCase() ?? "";
  if (!/^[A-Z]{3}$/.test(currency)) return { ok: false, reason: "mc_currency is missing" };
  const amount = parseMoney(fields.get("mc_gross") ?? "", currencyDigits(currency));
  if (!amount.ok || amount.value <= 0) return { ok: false, reason: `mc_gross ${fields.get("mc_gross") ?? "(none)"} is not an amount of ${currency}` };
  const payer = fields.get("payer_email")?.trim() ?? "";
  return {
    ok: true,
    projectId: custom.project_id,
    payment: {
      invoiceId: custom.invoice_id,
      gateway: "paypal",
      transactionId: txnId,
      amountMinor: amount.value,
      currency,
      paidAt,
      method: "PayPal",
      note: payer ? `Paid with PayPal by ${payer.slice(0, 190)}` : "Paid with PayPal",
      userId: custom.user_id,
    },
  };
}

function readCustom(text: string | null): PaypalCustom | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  const id = (key: string) => (Number.isSafeInteger(record[key]) && (record[key] as number) > 0 ? (record[key] as number) : null);
  const invoiceId = id("invoice_id");
  const userId = id("user_id");
  const projectId = id("project_id");
  if (invoiceId === null || userId === null || projectId === null || record.gateway !== "paypal") return null;
  return { invoice_id: invoiceId, user_id: userId, project_id: projectId, gateway: "paypal" };
}

import { z } from "zod";
import { CARD_GATEWAYS, invoiceSchema } from "./invoices.js";

/**
 * Card checkout of an invoice (Pro module `invoice`): the payer picks a gateway switched on in the
 * organisation's settings (`gateWays`) and an amount; the server answers where to send the browser (PayPal's
 * `_xclick` page or a Stripe Checkout Session). The payment is recorded when the gateway says it was paid:
 * PayPal's notification, Stripe's webhook or the Stripe return page, whichever comes first.
 */

/**
 * A path of the web app (the part after `#`) that the gateway sends the browser back to, with
 * `checkout=<gateway>` (and Stripe's `session_id`) added to its query, or `checkout=cancelled`.
 */
export const zReturnPath = z
  .string()
  .trim()
  .max(500)
  .regex(/^\/(?![/\\])[^\s\\#]*$/, "Must be a path of the app, starting with /");

/** `POST pm-pro/v2/projects/{project_id}/invoice/{id}/checkout`. */
export const checkoutBody = z.object({
  gateway: z.enum(CARD_GATEWAYS),
  /** Major units (`12.5`), at most the currency's decimals; checked like `payment-validation`. */
  amount: z.union([z.number(), z.string().trim().max(40)]),
  /**
   * Where to come back to; by default the invoice's page of the client portal (`portal_invoice`). The
   * gateway comes back with `checkout=paypal`, `checkout=stripe&session_id=cs_...` (hand it to
   * `.../checkout/return`) or `checkout=cancelled` added to the path's query.
   */
  return_path: zReturnPath.optional(),
});
export type CheckoutBody = z.input<typeof checkoutBody>;

/** Where to send the browser to pay. */
export const checkoutResponse = z.object({
  data: z.object({
    gateway: z.enum(CARD_GATEWAYS),
    /** The gateway's page: open it with a plain GET (a redirect or `location.assign`). */
    url: z.string(),
    amount: z.number(),
    amount_minor: z.number().int(),
    currency: z.string(),
    /** Stripe's Checkout Session id; null for PayPal. */
    session_id: z.string().nullable(),
  }),
});
export type CheckoutAnswer = z.infer<typeof checkoutResponse>["data"];

/** `GET .../invoice/{id}/checkout/return?session_id=`: the Stripe return page's check. */
export const checkoutReturnQuery = z.object({
  session_id: z
    .string()
    .trim()
    .max(255)
    .regex(/^cs_\w+$/, "Not a Checkout Session id"),
});

/** The session's state and the invoice after it was fulfilled (or not yet paid). */
export const checkoutReturnResponse = z.object({
  data: z.object({
    /** The gateway took the money. */
    paid: z.boolean(),
    /** This call recorded the payment (false when the webhook had already, or when not paid). */
    recorded: z.boolean(),
    invoice: invoiceSchema,
  }),
});
export type CheckoutReturn = z.infer<typeof checkoutReturnResponse>["data"];

/** What a gateway's notification came to (answered to PayPal and Stripe, which only read the status). */
export const gatewayNotificationResponse = z.object({
  data: z.object({ result: z.enum(["recorded", "duplicate", "ignored"]) }),
});
export type GatewayNotificationResult = z.infer<typeof gatewayNotificationResponse>["data"]["result"];

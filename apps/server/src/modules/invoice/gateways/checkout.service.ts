import { checkoutBody, formatMoney, minorToMajor, parseMoney, routePath, type CheckoutAnswer, type CheckoutReturn, type GatewayNotificationResult, type Invoice } from "@plotline/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Config } from "../../../config.js";
import type { Actor } from "../../../lib/actor.js";
import { AppError, invalidField } from "../../../lib/app-error.js";
import { dayIn, type CheckoutGateway, type ConfirmedPayment, type InvoicePayments } from "./checkout-gateway.js";
import { paypalAddresses, paypalGateway, readPaypalNotification, verifyPaypalNotification } from "./paypal.gateway.js";
import { readStripeSession, stripeGateway } from "./stripe.gateway.js";

/** What a notification came to: recorded, already recorded, or ignored for `reason` (logged). */
export interface NotificationOutcome {
  result: GatewayNotificationResult;
  reason: string | null;
}

/** The event types that mean a Checkout Session was paid. */
const PAID_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

/**
 * Card checkout of invoices: starting a checkout with a gateway switched on, and recording what PayPal's
 * notifications, Stripe's webhook and Stripe's return page confirm, each through the invoice service's
 * idempotent `recordPayment`.
 */
export function checkoutService(deps: { invoices: InvoicePayments; config: Config; log: FastifyBaseLogger; now?: () => Date }) {
  const { invoices, config, log } = deps;
  const now = deps.now ?? (() => new Date());
  const today = () => dayIn(now(), config.timezone);
  const stripe = stripeGateway({ apiUrl: config.stripeApiUrl });
  const gateways: Record<CheckoutGateway["name"], CheckoutGateway> = {
    paypal: paypalGateway({ configuredUrl: config.paypalUrl }),
    stripe: stripe.gateway,
  };

  /** Records a confirmed payment; the ledger's unique (gateway, transaction id) makes repeats record nothing. */
  async function fulfil(payment: ConfirmedPayment): Promise<NotificationOutcome & { invoice: Invoice }> {
    const { recorded, invoice } = await invoices.recordPayment(payment);
    if (recorded) {
      log.info({ gateway: payment.gateway, invoiceId: payment.invoiceId, transactionId: payment.transactionId, amountMinor: payment.amountMinor }, "Card payment recorded");
      return { result: "recorded", reason: null, invoice };
    }
    return { result: "duplicate", reason: `${payment.gateway} transaction ${payment.transactionId} was already recorded`, invoice };
  }

  function ignored(gateway: string, reason: string, details: Record<string, unknown> = {}): NotificationOutcome {
    log.warn({ gateway, reason, ...details }, "Payment notification ignored");
    return { result: "ignored", reason };
  }

  return {
    /**
     * Starts a checkout: the actor may pay the invoice, the gateway is switched on and set up, the amount reads
     * in the invoice's currency and may be paid now. Answers the gateway's page.
     */
    async startCheckout(actor: Actor, input: { projectId: number; invoiceId: number; body: z.output<typeof checkoutBody>; appOrigin: string }): Promise<CheckoutAnswer> {
      const invoice = await invoices.getInvoiceForPayer(actor, input.projectId, input.invoiceId);
      const settings = await invoices.getSettings();
      const gateway = gateways[input.body.gateway];
      if (!settings.gateWays.includes(gateway.name)) throw invalidField("gateway", "This payment gateway is not switched on");
      const missing = gateway.missingSetting(settings);
      if (missing) throw invalidField("gateway", missing);
      const digits = invoice.decimal_digits;
      const amount = parseMoney(input.body.amount, digits);
      if (!amount.ok) {
        const messages = { not_a_number: "Must be a number", too_many_decimals: digits === 0 ? "This currency has no decimals" : `At most ${digits} decimals`, negative: "Cannot be negative", too_large: "Too large" };
        throw invalidField("amount", messages[amount.error]);
      }
      const { currency } = await invoices.checkPaymentAmount(invoice.id, amount.value);
      const redirect = await gateway.startCheckout(
        {
          invoice,
          payerId: actor.id,
          amountMinor: amount.value,
          currency,
          digits,
          appOrigin: input.appOrigin,
          returnPath: input.body.return_path ?? routePath("portal_invoice", { project_id: invoice.project_id, invoice_id: invoice.id }),
        },
        settings,
      );
      log.info({ gateway: gateway.name, invoiceId: invoice.id, amount: formatMoney(amount.value, digits), currency, sessionId: redirect.sessionId }, "Checkout started");
      return { gateway: gateway.name, url: redirect.url, amount: minorToMajor(amount.value, digits), amount_minor: amount.value, currency, session_id: redirect.sessionId };
    },

    /**
     * A PayPal IPN, as received. Recorded only when it is a completed payment to the organisation's account,
     * PayPal verifies it, and it is of an amount and currency the invoice may be paid, never recorded before.
     * Every outcome but PayPal being unreachable is a 200, so that PayPal stops sending it.
     */
    async receivePaypalNotification(raw: Buffer): Promise<NotificationOutcome> {
      if (raw.length === 0) return ignored("paypal", "the notification is empty");
      const settings = await invoices.getSettings();
      const fields = new URLSearchParams(raw.toString("utf8"));
      const details = { txnId: fields.get("txn_id"), custom: fields.get("custom") };
      // What could never be recorded is left before asking PayPal: anyone may post here.
      const reading = readPaypalNotification(fields, settings, today());
      if (!reading.ok) return ignored("paypal", reading.reason, details);
      const verdict = await verifyPaypalNotification(raw, paypalAddresses(config.paypalUrl, settings.sand_box_mode).verify);
      if (verdict !== "VERIFIED") return ignored("paypal", `PayPal answered ${verdict} to its verification`, details);
      const { payment } = reading;
      let payable: { currency: string; projectId: number };
      try {
        payable = await invoices.checkPaymentAmount(payment.invoiceId, payment.amountMinor);
      } catch (error) {
        if (error instanceof AppError && error.status < 500) return ignored("paypal", `the amount may not be paid: ${error.message}`, details);
        throw error;
      }
      if (payable.projectId !== reading.projectId) return ignored("paypal", "custom names the invoice under another project", details);
      if (payable.currency !== payment.currency) {
        return ignored("paypal", `paid in ${payment.currency}, but the invoice is in ${payable.currency}`, details);
      }
      try {
        const outcome = await fulfil(payment);
        if (outcome.result === "duplicate") log.info({ gateway: "paypal", ...details }, outcome.reason ?? "");
        return { result: outcome.result, reason: outcome.reason };
      } catch (error) {
        // The invoice deleted meanwhile, or a payment the ledger refuses: PayPal sending it again changes nothing.
        if (error instanceof AppError && error.status < 500) return ignored("paypal", error.message, details);
        throw error;
      }
    },

    /**
     * A Stripe webhook delivery: its signature checked over the exact bytes (a 400 otherwise, nothing
     * written); a paid Checkout Session is fulfilled, other events are acknowledged and left.
     */
    async receiveStripeWebhook(raw: Buffer, signature: string | undefined): Promise<NotificationOutcome> {
      const settings = await invoices.getSettings();
      const event = stripe.readEvent(raw, signature, settings);
      if (!PAID_EVENTS.has(event.type)) return { result: "ignored", reason: `event ${event.type} is not handled` };
      const session = event.data.object as Parameters<typeof readStripeSession>[0];
      const reading = readStripeSession(session, today());
      if (!reading.ok) return ignored("stripe", reading.reason, { eventId: event.id });
      try {
        const outcome = await fulfil(reading.payment);
        return { result: outcome.result, reason: outcome.reason };
      } catch (error) {
        // An invoice since deleted, or a payment the ledger refuses: Stripe sending it again changes nothing.
        if (error instanceof AppError && error.status < 500) return ignored("stripe", error.message, { eventId: event.id, sessionId: session.id });
        throw error;
      }
    },

    /** The Stripe return page: the session is retrieved from Stripe and, once paid, fulfilled as the webhook does. */
    async returnFromStripe(actor: Actor, input: { projectId: number; invoiceId: number; sessionId: string }): Promise<CheckoutReturn> {
      const invoice = await invoices.getInvoiceForPayer(actor, input.projectId, input.invoiceId);
      const settings = await invoices.getSettings();
      const session = await stripe.findSession(input.sessionId, settings);
      if (!session || session.metadata?.invoice_id !== String(invoice.id)) throw new AppError("not_found", "Checkout session not found");
      const reading = readStripeSession(session, today());
      if (!reading.ok) return { paid: false, recorded: false, invoice };
      const outcome = await fulfil(reading.payment);
      return { paid: true, recorded: outcome.result === "recorded", invoice: await invoices.getInvoiceForPayer(actor, input.projectId, input.invoiceId) };
    },
  };
}

export type CheckoutService = ReturnType<typeof checkoutService>;

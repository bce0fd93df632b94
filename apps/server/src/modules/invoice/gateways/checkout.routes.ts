import {
  checkoutBody,
  checkoutResponse,
  checkoutReturnQuery,
  checkoutReturnResponse,
  gatewayNotificationResponse,
  zId,
} from "@plotline/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { item } from "../../../lib/envelope.js";
import { requireActor } from "../../../plugins/auth.js";
import { PAYPAL_NOTIFY_PATH, STRIPE_WEBHOOK_PATH } from "./checkout-gateway.js";
import { checkoutService, type CheckoutService } from "./checkout.service.js";
import { keepBodiesAsReceived, receivedBytes } from "../../../lib/received-body.js";

const tags = ["invoice"];
const params = z.object({ project_id: zId, id: zId });

/** Where the app is reached: `PUBLIC_URL`, else the origin the request came to. */
function appOriginOf(request: FastifyRequest, publicUrl: string | null): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, "");
  return `${request.protocol}://${request.host}`;
}

/** The payer's calls: start a checkout, and the Stripe return page's check. */
function payerRoutes(checkout: CheckoutService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/pm-pro/v2/projects/:project_id/invoice/:id/checkout",
      {
        schema: {
          tags,
          summary: "Start a card checkout of an invoice (its client or a manager): gateway paypal or stripe, switched on in the settings, and an amount checked like payment-validation; answers the page to send the browser to",
          params,
          body: checkoutBody,
          response: { 200: checkoutResponse },
        },
      },
      async (request) =>
        item(
          await checkout.startCheckout(requireActor(request), {
            projectId: request.params.project_id,
            invoiceId: request.params.id,
            body: request.body,
            appOrigin: appOriginOf(request, app.ctx.config.publicUrl),
          }),
        ),
    );

    app.get(
      "/pm-pro/v2/projects/:project_id/invoice/:id/checkout/return",
      {
        schema: {
          tags,
          summary: "Back from Stripe Checkout: retrieves the session and, once paid, records the payment (once, whether or not the webhook came first)",
          params,
          querystring: checkoutReturnQuery,
          response: { 200: checkoutReturnResponse },
        },
      },
      async (request) =>
        item(
          await checkout.returnFromStripe(requireActor(request), {
            projectId: request.params.project_id,
            invoiceId: request.params.id,
            sessionId: request.query.session_id,
          }),
        ),
    );
  };
}

/** The addresses PayPal and Stripe post to: no session, bodies kept as received. */
function notificationRoutes(checkout: CheckoutService): FastifyPluginAsyncZod {
  return async (app) => {
    // PayPal posts forms, Stripe JSON.
    keepBodiesAsReceived(app, { bodyLimit: 256 * 1024 });
    const bytesOf = receivedBytes;
    // Anyone may post here, and each PayPal message costs a post-back: generous for PayPal and Stripe's bursts.
    const config = { rateLimit: { max: 600, timeWindow: "1 minute" } };

    app.post(
      PAYPAL_NOTIFY_PATH.slice("/api".length),
      {
        config,
        schema: {
          tags,
          summary: "PayPal's Instant Payment Notifications (give this address as notify_url): verified with PayPal, then a completed payment of the right receiver, amount and currency is recorded once per txn_id",
          response: { 200: gatewayNotificationResponse },
        },
      },
      async (request) => {
        const outcome = await checkout.receivePaypalNotification(bytesOf(request.body));
        return item({ result: outcome.result });
      },
    );

    app.post(
      STRIPE_WEBHOOK_PATH.slice("/api".length),
      {
        config,
        schema: {
          tags,
          summary: "Stripe's webhook (event checkout.session.completed): the Stripe-Signature is checked over the raw body with the signing secret, five minutes of tolerance; a paid session is recorded once",
          response: { 200: gatewayNotificationResponse },
        },
      },
      async (request) => {
        const signature = request.headers["stripe-signature"];
        const outcome = await checkout.receiveStripeWebhook(bytesOf(request.body), Array.isArray(signature) ? signature[0] : signature);
        return item({ result: outcome.result });
      },
    );
  };
}

/** The card checkout's routes (see gateways/README.md), built on the invoice service. */
export const invoiceCheckoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const checkout = checkoutService({ invoices: app.services.invoices, config: app.ctx.config, log: app.log });
  await app.register(payerRoutes(checkout));
  await app.register(notificationRoutes(checkout));
};

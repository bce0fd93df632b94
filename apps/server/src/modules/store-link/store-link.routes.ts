import {
  messageSchema,
  saveStoreSettingsBody,
  storeConnectionEnvelope,
  storeLinkBody,
  storeLinkEnvelope,
  storeLinkListEnvelope,
  storeOrderListEnvelope,
  storeProductListEnvelope,
  storeSettingsEnvelope,
  storeSetPasswordBody,
  storeWebhookAnswerSchema,
  zId,
} from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { item } from "../../lib/envelope.js";
import { pageRequest, paginationMeta } from "../../lib/pagination.js";
import { requireActor } from "../../plugins/auth.js";
import { keepBodiesAsReceived, receivedBytes } from "../../lib/received-body.js";

const tags = ["store-link"];
const linkParams = z.object({ id: zId });

/** A whole list on one page, in the documents' envelope. */
function wholeList<T>(rows: T[]) {
  return { data: rows, meta: { pagination: paginationMeta(pageRequest(1, -1, -1), rows.length, rows.length) } };
}

/** The store link's calls for site managers, under `/api/pm-pro/v2/woo-project/`. */
export const storeLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storeLink } = app.services;

  app.get(
    "/pm-pro/v2/woo-project/settings",
    { schema: { tags, summary: "The shop's settings: address, which credentials are set (never their values), trigger statuses, the webhook address", response: { 200: storeSettingsEnvelope } } },
    async (request) => item(await storeLink.getSettings(requireActor(request))),
  );

  app.post(
    "/pm-pro/v2/woo-project/settings",
    {
      schema: {
        tags,
        summary: "Save the shop's settings; a secret left out is kept, an empty one cleared. Credentials are stored encrypted",
        body: saveStoreSettingsBody,
        response: { 200: storeSettingsEnvelope },
      },
    },
    async (request) => item(await storeLink.saveSettings(requireActor(request), request.body), "Store settings saved"),
  );

  app.post(
    "/pm-pro/v2/woo-project/settings/test",
    { schema: { tags, summary: "Ask the shop for its products with the saved credentials and say whether it answered", response: { 200: storeConnectionEnvelope } } },
    async (request) => item(await storeLink.testConnection(requireActor(request))),
  );

  app.get(
    "/pm-pro/v2/woo-project/products",
    { schema: { tags, summary: "The shop's products (id, name, SKU, price), every page, kept for a minute; 502 when the shop is down", response: { 200: storeProductListEnvelope } } },
    async (request) => wholeList(await storeLink.listProducts(requireActor(request))),
  );

  app.get(
    "/pm-pro/v2/woo-project/project",
    { schema: { tags, summary: "The product -> project links", response: { 200: storeLinkListEnvelope } } },
    async (request) => wholeList(await storeLink.listLinks(requireActor(request))),
  );

  app.post(
    "/pm-pro/v2/woo-project/project",
    { schema: { tags, summary: "Link products to a template project (duplicate) or to a project the buyer joins (add_buyer)", body: storeLinkBody, response: { 200: storeLinkEnvelope } } },
    async (request) => item(await storeLink.createLink(requireActor(request), request.body), "Store link created"),
  );

  app.post(
    "/pm-pro/v2/woo-project/project/:id/update",
    { schema: { tags, summary: "Change a link", params: linkParams, body: storeLinkBody, response: { 200: storeLinkEnvelope } } },
    async (request) => item(await storeLink.updateLink(requireActor(request), request.params.id, request.body), "Store link updated"),
  );

  app.post(
    "/pm-pro/v2/woo-project/project/:id/delete",
    { schema: { tags, summary: "Remove a link (the projects it made stay)", params: linkParams, response: { 200: messageSchema } } },
    async (request) => {
      await storeLink.deleteLink(requireActor(request), request.params.id);
      return { message: "Store link deleted" };
    },
  );

  app.get(
    "/pm-pro/v2/woo-project/orders",
    { schema: { tags, summary: "The last 20 orders the webhook took in, newest first, with their outcome", response: { 200: storeOrderListEnvelope } } },
    async (request) => wholeList(await storeLink.listOrders(requireActor(request))),
  );
};

/** The order webhook WooCommerce posts to: no session, the signature proves the sender. */
export const storeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  keepBodiesAsReceived(app);

  app.post(
    "/pm-pro/v2/woo-project/webhook",
    {
      schema: {
        tags,
        summary:
          "WooCommerce's order webhook (topic order.updated): verified by X-WC-Webhook-Signature, recorded once per order id, then the linked projects are made in a job",
        response: { 200: storeWebhookAnswerSchema },
      },
    },
    async (request) => {
      const body = receivedBytes(request.body);
      return app.services.storeWebhook.receive({ headers: request.headers, body });
    },
  );
};

/** The buyer's set-password call: it answers even while the module is off, as the mail may be older than the switch. */
export const storePasswordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/pm-pro/v2/woo-project/set-password",
    { schema: { tags, summary: "Set a buyer's first password from the link mailed when the store link made their account", body: storeSetPasswordBody, response: { 200: messageSchema } } },
    async (request) => {
      await app.services.storeWebhook.setPassword(request.body);
      return { message: "Password set: you can sign in now." };
    },
  );
};

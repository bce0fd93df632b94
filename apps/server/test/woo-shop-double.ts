import { createHmac, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback WooCommerce shop for tests and journeys: its REST API's product list (`/wp-json/wc/v3/products`,
 * paged with `X-WP-Total` and `X-WP-TotalPages`, basic auth with the consumer key and secret checked) and
 * its order webhooks, signed and headed as WooCommerce sends them.
 */

/** A product as the REST API answers it (the fields the store link reads, and a few more). */
export interface WooProduct {
  id: number;
  name: string;
  sku: string;
  price: string;
}

/** An order as the REST API and its webhooks send it (the parts a test sets). */
export interface WooOrder {
  id: number;
  number: string;
  status: string;
  billing: { first_name: string; last_name: string; email: string };
  line_items: Array<{ id: number; product_id: number; variation_id: number; quantity: number; name: string }>;
}

/** A webhook delivery ready to send: its headers and exact body. */
export interface SignedDelivery {
  headers: Record<string, string>;
  body: string;
}

export interface WooShopDouble {
  /** `http://127.0.0.1:<port>`: the shop's address. */
  origin: string;
  consumerKey: string;
  consumerSecret: string;
  products: WooProduct[];
  /** Requests the REST API took, as `METHOD path?query`. */
  requests: string[];
  /** While set, every REST call answers this status with a WordPress error body (the shop "down" behind its proxy). */
  failWith: number | null;
  /** An order with these products bought by this buyer. */
  order(overrides: Partial<WooOrder> & { productIds: number[]; email: string; firstName?: string; lastName?: string }): WooOrder;
  /** The delivery WooCommerce would make of `payload` for `topic`, signed with `secret` (a wrong secret makes a bad one). */
  signedDelivery(payload: unknown, secret: string, topic?: string): SignedDelivery;
  /** Posts a signed delivery to `url` as WooCommerce does; answers the status and body. */
  deliver(url: string, payload: unknown, secret: string, topic?: string): Promise<{ status: number; body: string }>;
  /** The ping WooCommerce sends when a webhook is saved: `webhook_id=<id>`, form encoded, unsigned. */
  ping(url: string): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

/** The `X-WC-Webhook-Signature` of a body: base64 of its HMAC-SHA256 keyed by the webhook secret. */
export function wooSignature(secret: string, body: string): string {
  return createHmac("sha256", secret).update(body).digest("base64");
}

const WEBHOOK_ID = "7";

/** Starts a shop on a free loopback port, with these products and credentials. */
export async function startWooShopDouble(options: { products?: WooProduct[]; consumerKey?: string; consumerSecret?: string } = {}): Promise<WooShopDouble> {
  const consumerKey = options.consumerKey ?? "ck_test_0123456789abcdef";
  const consumerSecret = options.consumerSecret ?? "cs_test_fedcba9876543210";
  const shop: Omit<WooShopDouble, "origin" | "close"> = {
    consumerKey,
    consumerSecret,
    products: options.products ?? [],
    requests: [],
    failWith: null,
    order: ({ productIds, email, firstName = "Olivia", lastName = "Buyer", ...overrides }) => ({
      id: 1001,
      number: "1001",
      status: "completed",
      billing: { first_name: firstName, last_name: lastName, email },
      line_items: productIds.map((productId, index) => ({ id: index + 1, product_id: productId, variation_id: 0, quantity: 1, name: `Product ${productId}` })),
      ...overrides,
    }),
    signedDelivery: (payload, secret, topic = "order.updated") => {
      const body = JSON.stringify(payload);
      const [resource = "order", event = "updated"] = topic.split(".");
      return {
        body,
        headers: {
          "content-type": "application/json",
          "user-agent": "WooCommerce/9.4.0 Hookshot (WordPress/6.7)",
          "x-wc-webhook-source": `${origin}/`,
          "x-wc-webhook-topic": topic,
          "x-wc-webhook-resource": resource,
          "x-wc-webhook-event": event,
          "x-wc-webhook-signature": wooSignature(secret, body),
          "x-wc-webhook-id": WEBHOOK_ID,
          "x-wc-webhook-delivery-id": randomUUID(),
        },
      };
    },
    deliver: async (url, payload, secret, topic) => {
      const delivery = shop.signedDelivery(payload, secret, topic);
      const response = await fetch(url, { method: "POST", headers: delivery.headers, body: delivery.body });
      return { status: response.status, body: await response.text() };
    },
    ping: async (url) => {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": "WooCommerce/9.4.0 Hookshot (WordPress/6.7)" },
        body: `webhook_id=${WEBHOOK_ID}`,
      });
      return { status: response.status, body: await response.text() };
    },
  };

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://shop.test");
    shop.requests.push(`${request.method ?? ""} ${url.pathname}${url.search}`);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      response.writeHead(status, { "content-type": "application/json; charset=UTF-8", ...headers }).end(JSON.stringify(body));
    if (shop.failWith !== null) return send(shop.failWith, { code: "internal_server_error", message: "There has been a critical error on this website.", data: { status: shop.failWith } });
    const expected = `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString("base64")}`;
    if (request.headers.authorization !== expected) {
      return send(401, { code: "woocommerce_rest_cannot_view", message: "Sorry, you cannot list resources.", data: { status: 401 } });
    }
    if (request.method === "GET" && url.pathname === "/wp-json/wc/v3/products") {
      const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get("per_page") ?? 10)));
      const page = Math.max(1, Number(url.searchParams.get("page") ?? 1));
      const total = shop.products.length;
      const rows = shop.products.slice((page - 1) * perPage, page * perPage).map((product) => ({
        ...product,
        slug: product.name.toLowerCase().replace(/\W+/g, "-"),
        status: "publish",
        regular_price: product.price,
        sale_price: "",
        type: "simple",
      }));
      return send(200, rows, { "x-wp-total": String(total), "x-wp-totalpages": String(Math.max(1, Math.ceil(total / perPage))) });
    }
    return send(404, { code: "rest_no_route", message: "No route was found matching the URL and request method.", data: { status: 404 } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(shop, {
    origin,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

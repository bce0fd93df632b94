import http from "node:http";
import https from "node:https";
import type { StoreProduct } from "@plotline/contracts";
import { z } from "zod";
import { AppError, say } from "../../lib/app-error.js";
import { checkOutboundUrlSyntax, guardedLookup, RefusedAddressError, type OutboundPolicy } from "../../lib/outbound-url.js";

/** What the shop is reached with: its address and the REST API's consumer key and secret. */
export interface ShopCredentials {
  shopUrl: string;
  consumerKey: string;
  consumerSecret: string;
}

/** One answer of the shop's REST API. */
interface ShopAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** How long one call to the shop may take. */
const SHOP_TIMEOUT_MS = 10_000;
/** Products read per page (WooCommerce's maximum). */
const PAGE_SIZE = 100;
/** Pages read at most: 5,000 products is more than a link form can offer anyway. */
const MAX_PAGES = 50;
/** Largest answer read from the shop. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

const productPage = z.array(
  z.looseObject({
    id: z.number().int(),
    name: z.string().catch(""),
    sku: z.string().catch(""),
    price: z.union([z.string(), z.number()]).catch(""),
  }),
);

function badGateway(message: ReturnType<typeof say>): AppError {
  return new AppError("bad_gateway", message);
}

/** The REST API's address of `path` on the shop (WordPress may live in a sub-folder). */
function apiUrl(shopUrl: string, path: string, query: Record<string, string | number>): string {
  const url = new URL(`${shopUrl.replace(/\/+$/, "")}/wp-json/wc/v3${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
  return url.toString();
}

/**
 * GETs one REST API address with basic auth (the consumer key and secret), through the outbound guard: the
 * address is checked again and the name resolved and checked while connecting, no redirect is followed, and
 * the whole exchange must end within the time-out. A failure to connect is a 502 naming the host.
 */
function getFromShop(raw: string, credentials: ShopCredentials, policy: OutboundPolicy): Promise<ShopAnswer> {
  const checked = checkOutboundUrlSyntax(raw, policy);
  if (!checked.ok) return Promise.reject(new AppError("bad_gateway", say("store_link.shop_url_not_allowed", { reason: checked.reason })));
  const { url } = checked;
  const transport = url.protocol === "https:" ? https : http;
  const auth = Buffer.from(`${credentials.consumerKey}:${credentials.consumerSecret}`).toString("base64");
  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      {
        method: "GET",
        lookup: guardedLookup(policy),
        signal: AbortSignal.timeout(SHOP_TIMEOUT_MS),
        headers: { authorization: `Basic ${auth}`, accept: "application/json", "user-agent": "Plotline" },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BODY_BYTES) return request.destroy(new Error("the answer is too large"));
          chunks.push(chunk);
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") }));
        response.on("error", (error) => reject(unreachable(url.host, error)));
      },
    );
    request.on("error", (error) => reject(unreachable(url.host, error)));
    request.end();
  });
}

function unreachable(host: string, error: Error): AppError {
  if (error instanceof RefusedAddressError) return badGateway(say("store_link.shop_url_not_allowed", { reason: "private_address" }));
  const timedOut = error.name === "AbortError" || error.name === "TimeoutError";
  const code = (error as NodeJS.ErrnoException).code;
  const reason = timedOut ? `no answer within ${SHOP_TIMEOUT_MS / 1000} s` : code ? `${code}` : error.message;
  return badGateway(say("store_link.shop_not_reachable", { host, reason }));
}

/** The reason a REST API error gives (`{ code, message }`), or the start of its body. */
function errorReason(answer: ShopAnswer): string {
  try {
    const parsed = JSON.parse(answer.body) as { message?: unknown };
    if (typeof parsed.message === "string" && parsed.message !== "") return parsed.message.slice(0, 200);
  } catch {
    // Not JSON: a proxy's error page, say.
  }
  return answer.body.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim().slice(0, 200) || "no reason given";
}

function parsePage(answer: ShopAnswer, path: string): StoreProduct[] {
  if (answer.status !== 200) throw badGateway(say("store_link.shop_answered_error", { status: answer.status, path, reason: errorReason(answer) }));
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch {
    throw badGateway(say("store_link.shop_answered_error", { status: answer.status, path, reason: "the answer is not JSON" }));
  }
  const parsed = productPage.safeParse(json);
  if (!parsed.success) throw badGateway(say("store_link.shop_answered_error", { status: answer.status, path, reason: "the answer is not a list of products" }));
  return parsed.data.map((product) => ({ id: product.id, name: product.name, sku: product.sku, price: String(product.price) }));
}

function totalPages(answer: ShopAnswer): number {
  const header = answer.headers["x-wp-totalpages"];
  const value = Number(Array.isArray(header) ? header[0] : header);
  return Number.isInteger(value) && value > 0 ? Math.min(value, MAX_PAGES) : 1;
}

/** The shop's REST API, as the store link uses it. */
export const shopClient = {
  /** Every product of the shop, all pages read (`X-WP-TotalPages`), in the shop's order. 502 when the shop fails. */
  async listProducts(credentials: ShopCredentials, policy: OutboundPolicy): Promise<StoreProduct[]> {
    const path = "/products";
    const first = await getFromShop(apiUrl(credentials.shopUrl, path, { per_page: PAGE_SIZE, page: 1, orderby: "id", order: "asc" }), credentials, policy);
    const products = parsePage(first, path);
    const pages = totalPages(first);
    for (let page = 2; page <= pages; page += 1) {
      const answer = await getFromShop(apiUrl(credentials.shopUrl, path, { per_page: PAGE_SIZE, page, orderby: "id", order: "asc" }), credentials, policy);
      products.push(...parsePage(answer, path));
    }
    return products;
  },

  /** Reads one product to prove the address and credentials work; answers the shop's product count (`X-WP-Total`). */
  async countProducts(credentials: ShopCredentials, policy: OutboundPolicy): Promise<number> {
    const path = "/products";
    const answer = await getFromShop(apiUrl(credentials.shopUrl, path, { per_page: 1, page: 1 }), credentials, policy);
    const products = parsePage(answer, path);
    const header = answer.headers["x-wp-total"];
    const total = Number(Array.isArray(header) ? header[0] : header);
    return Number.isInteger(total) && total >= 0 ? total : products.length;
  },
};

import { z } from "zod";

/** The parts of a WooCommerce order (REST API v3 shape, as its webhooks send it) the store link reads. */
const wooOrder = z.looseObject({
  id: z.number().int().min(1).max(2_147_483_647),
  number: z.union([z.string(), z.number()]).optional(),
  status: z.string(),
  billing: z
    .looseObject({
      first_name: z.string().catch(""),
      last_name: z.string().catch(""),
      email: z.string().catch(""),
    })
    .optional(),
  line_items: z
    .array(z.looseObject({ product_id: z.number().int().catch(0), variation_id: z.number().int().catch(0) }))
    .catch([]),
});

/** An order as the store link keeps it. */
export interface StoreOrderFacts {
  orderId: number;
  number: string;
  status: string;
  buyerEmail: string;
  buyerName: string;
  /** Products and variations bought. */
  productIds: number[];
}

/** Reads an order payload; null when it is not one. */
export function readWooOrder(payload: unknown): StoreOrderFacts | null {
  const parsed = wooOrder.safeParse(payload);
  if (!parsed.success) return null;
  const order = parsed.data;
  const typed = (order.billing?.email ?? "").trim().toLowerCase();
  // An address the users table would not take reads as none (the webhook then answers 400).
  const email = z.email().max(190).safeParse(typed).success ? typed : "";
  const name = `${order.billing?.first_name ?? ""} ${order.billing?.last_name ?? ""}`.replace(/\s+/g, " ").trim();
  const productIds = new Set<number>();
  for (const item of order.line_items) {
    if (item.product_id > 0) productIds.add(item.product_id);
    if (item.variation_id > 0) productIds.add(item.variation_id);
  }
  return {
    orderId: order.id,
    number: String(order.number ?? order.id).slice(0, 100),
    status: order.status.slice(0, 40),
    buyerEmail: email,
    buyerName: (name || email).slice(0, 200),
    productIds: [...productIds],
  };
}

/** Longest project title (projects.title is varchar(200)). */
const PROJECT_TITLE_MAX = 200;

/** The title of an order's copy of a template: "<template title> – Order #<number> – <buyer>", the template's title cut to fit. */
export function orderProjectTitle(templateTitle: string, number: string, buyer: string): string {
  const tail = ` – Order #${number} – ${buyer}`.slice(0, PROJECT_TITLE_MAX - 20);
  const room = PROJECT_TITLE_MAX - tail.length;
  const head = templateTitle.trim().length <= room ? templateTitle.trim() : templateTitle.trim().slice(0, room - 1).trimEnd();
  return `${head}${tail}`;
}

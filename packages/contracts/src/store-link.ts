/**
 * The store link (Pro module `store_link`): a WooCommerce shop's paid orders become projects. Site managers
 * set the shop up (`/api/pm-pro/v2/woo-project/settings`), link products to template projects
 * (`/api/pm-pro/v2/woo-project/project`), and the shop's order webhook does the rest.
 */
import { z } from "zod";
import { dateObjectSchema, itemEnvelope, listEnvelope } from "./envelope.js";
import { zNewPassword } from "./password-strength.js";
import { zId } from "./primitives.js";

/** Order statuses that may trigger a link, as WooCommerce names them. */
export const STORE_ORDER_STATUSES = ["completed", "processing"] as const;
export type StoreOrderStatus = (typeof STORE_ORDER_STATUSES)[number];

/** What a link does with an order: copy its template into a new project, or add the buyer to the project. */
export const STORE_LINK_ACTIONS = ["duplicate", "add_buyer"] as const;
export type StoreLinkAction = (typeof STORE_LINK_ACTIONS)[number];

/** How an order ended: waiting for its job, done, or failed (with `error`). */
export const STORE_ORDER_OUTCOMES = ["pending", "done", "failed"] as const;
export type StoreOrderOutcome = (typeof STORE_ORDER_OUTCOMES)[number];

/** How many orders the page shows. */
export const STORE_ORDERS_SHOWN = 20;

/** Longest shop address and credential accepted. */
export const STORE_URL_MAX_LENGTH = 500;
export const STORE_SECRET_MAX_LENGTH = 200;

/** The settings as the page reads them; secrets never leave the server, only whether they are set. */
export const storeSettingsSchema = z.object({
  /** The shop's address, e.g. `https://shop.example.com`; empty until saved. */
  shop_url: z.string(),
  consumer_key_set: z.boolean(),
  consumer_secret_set: z.boolean(),
  webhook_secret_set: z.boolean(),
  /** Order statuses that turn an order into projects. */
  statuses: z.array(z.enum(STORE_ORDER_STATUSES)),
  /** The address to give WooCommerce as the webhook's delivery URL. */
  webhook_url: z.string(),
  /** Whether the shop address and both REST credentials are saved. */
  is_configured: z.boolean(),
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;
export const storeSettingsEnvelope = itemEnvelope(storeSettingsSchema);

const secretInput = z.string().trim().max(STORE_SECRET_MAX_LENGTH);

/**
 * `POST /api/pm-pro/v2/woo-project/settings`: only the fields given change. A secret left out stays as it
 * is; an empty one clears it.
 */
export const saveStoreSettingsBody = z.strictObject({
  shop_url: z.string().trim().max(STORE_URL_MAX_LENGTH).optional(),
  consumer_key: secretInput.optional(),
  consumer_secret: secretInput.optional(),
  webhook_secret: secretInput.optional(),
  statuses: z.array(z.enum(STORE_ORDER_STATUSES)).min(1).max(2).optional(),
});
export type SaveStoreSettingsBody = z.infer<typeof saveStoreSettingsBody>;

/** `POST /api/pm-pro/v2/woo-project/settings/test`: whether the shop answered with the saved credentials. */
export const storeConnectionSchema = z.object({
  connected: z.boolean(),
  /** What happened, readable: "Connected: 12 products" or why it failed. */
  message: z.string(),
  /** The shop's product count when connected. */
  product_count: z.number().int().nullable(),
});
export type StoreConnection = z.infer<typeof storeConnectionSchema>;
export const storeConnectionEnvelope = itemEnvelope(storeConnectionSchema);

/** A product of the shop, as the link form offers it. Price is the shop's text (`"49.00"`), as WooCommerce sends it. */
export const storeProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  price: z.string(),
});
export type StoreProduct = z.infer<typeof storeProductSchema>;
export const storeProductListEnvelope = listEnvelope(storeProductSchema);

/** Someone who joins the project an order makes, with their role (1 manager, 2 co-worker, 3 client). */
export const storeLinkAssigneeSchema = z.object({ user_id: z.number().int(), role_id: z.number().int().min(1).max(3) });
export type StoreLinkAssignee = z.infer<typeof storeLinkAssigneeSchema>;

/** A product -> project link. */
export const storeLinkSchema = z.object({
  id: z.number().int(),
  /** The shop's product ids that trigger it. */
  product_ids: z.array(z.number().int()),
  /** The template project (duplicated) or the project the buyer joins. */
  project_id: z.number().int(),
  /** The project's title, for the table. */
  project_title: z.string(),
  assignees: z.array(storeLinkAssigneeSchema),
  action: z.enum(STORE_LINK_ACTIONS),
});
export type StoreLink = z.infer<typeof storeLinkSchema>;
export const storeLinkEnvelope = itemEnvelope(storeLinkSchema);
export const storeLinkListEnvelope = listEnvelope(storeLinkSchema);

/** `POST /api/pm-pro/v2/woo-project/project` and `.../{id}/update`. */
export const storeLinkBody = z.strictObject({
  product_ids: z.array(z.number().int().min(1)).min(1).max(100),
  project_id: zId,
  assignees: z.array(z.strictObject({ user_id: zId, role_id: z.number().int().min(1).max(3) })).max(100).default([]),
  action: z.enum(STORE_LINK_ACTIONS).default("duplicate"),
});
export type StoreLinkBody = z.infer<typeof storeLinkBody>;

/** An order the webhook took in. */
export const storeOrderSchema = z.object({
  id: z.number().int(),
  /** The shop's order id (what de-duplicates). */
  order_id: z.number().int(),
  /** The order number the shop shows (`#1042`). */
  number: z.string(),
  buyer_name: z.string(),
  buyer_email: z.string(),
  status: z.string(),
  outcome: z.enum(STORE_ORDER_OUTCOMES),
  /** Projects made or joined. */
  project_ids: z.array(z.number().int()),
  error: z.string().nullable(),
  created_at: dateObjectSchema,
});
export type StoreOrder = z.infer<typeof storeOrderSchema>;
export const storeOrderListEnvelope = listEnvelope(storeOrderSchema);

/** What the webhook answers. */
export const storeWebhookAnswerSchema = z.object({
  message: z.string(),
  data: z.object({
    /** `recorded` (a new order), `duplicate` (seen before), `ignored` (topic, status or ping). */
    outcome: z.enum(["recorded", "duplicate", "ignored"]),
    order_id: z.number().int().nullable(),
  }),
});
export type StoreWebhookAnswer = z.infer<typeof storeWebhookAnswerSchema>;

/** `POST /api/pm-pro/v2/woo-project/set-password`: a buyer's first password, from the link in their mail. */
export const storeSetPasswordBody = z.strictObject({
  token: z.string().min(10).max(200),
  password: zNewPassword,
});
export type StoreSetPasswordBody = z.infer<typeof storeSetPasswordBody>;

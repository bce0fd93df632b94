import type { Generated, Selectable } from "kysely";

declare module "../../db/schema.js" {
  interface Database {
    store_link_settings: StoreLinkSettingsTable;
    store_links: StoreLinksTable;
    store_orders: StoreOrdersTable;
    store_password_tokens: StorePasswordTokensTable;
  }
}

/** The shop's settings: one row, id 1. Credentials are sealed with the site's secret box. */
export interface StoreLinkSettingsTable {
  id: number;
  shop_url: string;
  consumer_key_sealed: string | null;
  consumer_secret_sealed: string | null;
  webhook_secret_sealed: string | null;
  /** Comma-separated order statuses that trigger links (`completed`, `processing`). */
  statuses: string;
  /** The site manager who saved the settings last: the orders' work is done as them. */
  configured_by: number | null;
  updated_at: string;
}
export type StoreLinkSettingsRow = Selectable<StoreLinkSettingsTable>;

/** A product -> project link. */
export interface StoreLinksTable {
  id: Generated<number>;
  project_id: number;
  /** JSON array of the shop's product ids. */
  product_ids: string;
  /** JSON array of `{ user_id, role_id }`. */
  assignees: string;
  /** `duplicate` or `add_buyer`. */
  action: string;
  created_by: number;
  created_at: string;
  updated_at: string;
}
export type StoreLinkRow = Selectable<StoreLinksTable>;

/** An order the webhook took in, unique by the shop's order id. */
export interface StoreOrdersTable {
  id: Generated<number>;
  order_id: number;
  number: string;
  buyer_email: string;
  buyer_name: string;
  status: string;
  /** JSON array of the order's product ids (line items' product and variation ids). */
  product_ids: string;
  /** `pending`, `done` or `failed`. */
  outcome: string;
  /** JSON array of the projects made or joined. */
  project_ids: string;
  error: string | null;
  created_at: string;
  updated_at: string;
}
export type StoreOrderRow = Selectable<StoreOrdersTable>;

/** One-time links to set a first password, sent to buyers whose account the store link made. */
export interface StorePasswordTokensTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the token, hex: the token itself is only in the mail. */
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}
export type StorePasswordTokenRow = Selectable<StorePasswordTokensTable>;

import type { Kysely } from "kysely";
import type { DatabaseKind } from "../../db/kysely.js";
import { TIMESTAMP, withId } from "../../db/migrations/helpers.js";

/**
 * The store link's tables.
 *
 * - `store_orders_order_idx` is unique over the shop's order id: a webhook delivered three times, or twice
 *   at once by two processes, records the order once (the insert is the claim).
 * - A link goes with its project; an order keeps the ids of the projects it made as plain values, so the
 *   record survives a project's deletion.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await db.schema
    .createTable("store_link_settings")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("shop_url", "varchar(500)", (col) => col.notNull().defaultTo(""))
    .addColumn("consumer_key_sealed", "text")
    .addColumn("consumer_secret_sealed", "text")
    .addColumn("webhook_secret_sealed", "text")
    .addColumn("statuses", "varchar(100)", (col) => col.notNull().defaultTo("completed"))
    .addColumn("configured_by", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("updated_at", TIMESTAMP, (col) => col.notNull())
    .execute();

  await withId(db.schema.createTable("store_links"), kind)
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("product_ids", "text", (col) => col.notNull())
    .addColumn("assignees", "text", (col) => col.notNull())
    .addColumn("action", "varchar(20)", (col) => col.notNull())
    .addColumn("created_by", "integer", (col) => col.notNull())
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .addColumn("updated_at", TIMESTAMP, (col) => col.notNull())
    .execute();

  await withId(db.schema.createTable("store_orders"), kind)
    .addColumn("order_id", "integer", (col) => col.notNull())
    .addColumn("number", "varchar(100)", (col) => col.notNull())
    .addColumn("buyer_email", "varchar(190)", (col) => col.notNull())
    .addColumn("buyer_name", "varchar(200)", (col) => col.notNull())
    .addColumn("status", "varchar(40)", (col) => col.notNull())
    .addColumn("product_ids", "text", (col) => col.notNull())
    .addColumn("outcome", "varchar(20)", (col) => col.notNull())
    .addColumn("project_ids", "text", (col) => col.notNull())
    .addColumn("error", "varchar(1000)")
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .addColumn("updated_at", TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("store_orders_order_idx").on("store_orders").column("order_id").unique().execute();

  await withId(db.schema.createTable("store_password_tokens"), kind)
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "varchar(64)", (col) => col.notNull())
    .addColumn("expires_at", TIMESTAMP, (col) => col.notNull())
    .addColumn("used_at", TIMESTAMP)
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("store_password_tokens_hash_idx").on("store_password_tokens").column("token_hash").unique().execute();
}

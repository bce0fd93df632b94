import type { Kysely } from "kysely";
import type { DatabaseKind } from "../kysely.js";
import { TIMESTAMP, withId } from "./helpers.js";

/** Accounts, sessions, personal tokens, site settings and module switches. */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await withId(db.schema.createTable("users"), kind)
    .addColumn("display_name", "varchar(120)", (col) => col.notNull())
    .addColumn("email", "varchar(190)", (col) => col.notNull().unique())
    .addColumn("password_hash", "varchar(255)", (col) => col.notNull())
    .addColumn("manage_pm", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("avatar_url", "varchar(500)")
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .addColumn("updated_at", TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("users_display_name_idx").on("users").column("display_name").execute();

  await withId(db.schema.createTable("sessions"), kind)
    .addColumn("token_hash", "char(64)", (col) => col.notNull().unique())
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("nonce", "varchar(64)", (col) => col.notNull())
    .addColumn("expires_at", TIMESTAMP, (col) => col.notNull())
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("sessions_user_idx").on("sessions").column("user_id").execute();
  await db.schema.createIndex("sessions_expires_idx").on("sessions").column("expires_at").execute();

  await withId(db.schema.createTable("api_tokens"), kind)
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "varchar(100)", (col) => col.notNull())
    .addColumn("token_hash", "char(64)", (col) => col.notNull().unique())
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .addColumn("last_used_at", TIMESTAMP)
    .execute();
  await db.schema.createIndex("api_tokens_user_idx").on("api_tokens").column("user_id").execute();

  await db.schema
    .createTable("settings")
    .addColumn("key", "varchar(100)", (col) => col.primaryKey())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("updated_at", TIMESTAMP, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("module_states")
    .addColumn("key", "varchar(50)", (col) => col.primaryKey())
    .addColumn("active", "integer", (col) => col.notNull())
    .addColumn("updated_at", TIMESTAMP, (col) => col.notNull())
    .execute();
}

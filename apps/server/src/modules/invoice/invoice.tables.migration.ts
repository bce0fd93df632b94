import type { Kysely } from "kysely";
import type { DatabaseKind } from "../../db/kysely.js";
import { DATE, TIMESTAMP, withId } from "../../db/migrations/helpers.js";

/**
 * Invoices, their lines, the payment ledger, the yearly number counter, the organisation's settings and
 * the client addresses. Amounts are `bigint` minor units.
 *
 * - `invoices_number_idx` is unique: two invoices never share a number.
 * - `invoice_payments_gateway_txn_idx` is unique over (gateway, transaction_id): a notification applied
 *   twice, or two at once, records one payment.
 * - `invoices_project_idx` and `invoices_client_idx` read a project's and a client's invoices newest first.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await withId(db.schema.createTable("invoices"), kind)
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("client_id", "integer", (col) => col.notNull())
    .addColumn("number", "varchar(32)", (col) => col.notNull())
    .addColumn("number_year", "integer", (col) => col.notNull())
    .addColumn("number_sequence", "integer", (col) => col.notNull())
    .addColumn("title", "varchar(255)", (col) => col.notNull())
    .addColumn("start_at", DATE, (col) => col.notNull())
    .addColumn("due_date", DATE)
    .addColumn("discount_milli", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("partial", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("minimum_partial_minor", "bigint", (col) => col.notNull().defaultTo(0))
    .addColumn("currency", "varchar(3)", (col) => col.notNull())
    .addColumn("notes", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("terms", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("subtotal_minor", "bigint", (col) => col.notNull().defaultTo(0))
    .addColumn("tax_minor", "bigint", (col) => col.notNull().defaultTo(0))
    .addColumn("discount_minor", "bigint", (col) => col.notNull().defaultTo(0))
    .addColumn("total_minor", "bigint", (col) => col.notNull().defaultTo(0))
    .addColumn("paid_minor", "bigint", (col) => col.notNull().defaultTo(0))
    .addColumn("due_minor", "bigint", (col) => col.notNull().defaultTo(0))
    .addColumn("status", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_by", "integer", (col) => col.notNull())
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .addColumn("updated_at", TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("invoices_number_idx").on("invoices").column("number").unique().execute();
  await db.schema.createIndex("invoices_project_idx").on("invoices").columns(["project_id", "id"]).execute();
  await db.schema.createIndex("invoices_client_idx").on("invoices").columns(["client_id", "id"]).execute();

  await withId(db.schema.createTable("invoice_lines"), kind)
    .addColumn("invoice_id", "integer", (col) => col.notNull().references("invoices.id").onDelete("cascade"))
    .addColumn("kind", "varchar(8)", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("name", "varchar(255)", (col) => col.notNull())
    .addColumn("task_id", "integer")
    .addColumn("amount_minor", "bigint", (col) => col.notNull())
    .addColumn("quantity_milli", "bigint", (col) => col.notNull())
    .addColumn("tax_milli", "integer", (col) => col.notNull())
    .addColumn("total_minor", "bigint", (col) => col.notNull())
    .addColumn("line_tax_minor", "bigint", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("invoice_lines_invoice_idx").on("invoice_lines").columns(["invoice_id", "kind", "position"]).execute();

  await withId(db.schema.createTable("invoice_payments"), kind)
    .addColumn("invoice_id", "integer", (col) => col.notNull().references("invoices.id").onDelete("cascade"))
    .addColumn("gateway", "varchar(20)", (col) => col.notNull())
    .addColumn("transaction_id", "varchar(255)", (col) => col.notNull())
    .addColumn("amount_minor", "bigint", (col) => col.notNull())
    .addColumn("currency", "varchar(3)", (col) => col.notNull())
    .addColumn("method", "varchar(60)", (col) => col.notNull().defaultTo(""))
    .addColumn("note", "varchar(1000)", (col) => col.notNull().defaultTo(""))
    .addColumn("paid_at", DATE, (col) => col.notNull())
    .addColumn("created_by", "integer")
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("invoice_payments_gateway_txn_idx").on("invoice_payments").columns(["gateway", "transaction_id"]).unique().execute();
  await db.schema.createIndex("invoice_payments_invoice_idx").on("invoice_payments").columns(["invoice_id", "id"]).execute();

  await db.schema
    .createTable("invoice_number_counters")
    .addColumn("year", "integer", (col) => col.primaryKey())
    .addColumn("last_number", "integer", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("invoice_settings")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("data", "text", (col) => col.notNull())
    .addColumn("updated_at", TIMESTAMP, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("invoice_user_addresses")
    .addColumn("user_id", "integer", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("organization", "varchar(190)", (col) => col.notNull().defaultTo(""))
    .addColumn("address_line_1", "varchar(190)", (col) => col.notNull().defaultTo(""))
    .addColumn("address_line_2", "varchar(190)", (col) => col.notNull().defaultTo(""))
    .addColumn("city", "varchar(120)", (col) => col.notNull().defaultTo(""))
    .addColumn("state", "varchar(120)", (col) => col.notNull().defaultTo(""))
    .addColumn("zip_code", "varchar(40)", (col) => col.notNull().defaultTo(""))
    .addColumn("country_code", "varchar(2)", (col) => col.notNull().defaultTo(""))
    .addColumn("updated_at", TIMESTAMP, (col) => col.notNull())
    .execute();
}

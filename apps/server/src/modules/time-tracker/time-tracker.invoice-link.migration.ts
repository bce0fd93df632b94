import type { Kysely } from "kysely";

/**
 * `time_logs.invoice_id`: the invoice that billed the log ("bill tracked time", modules/invoice), null while
 * unbilled. No foreign key: the invoice module frees its logs when it deletes an invoice, through the time
 * tracker's service. `time_logs_invoice_idx` finds an invoice's logs and a project's unbilled ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("time_logs").addColumn("invoice_id", "integer").execute();
  await db.schema.createIndex("time_logs_invoice_idx").on("time_logs").columns(["project_id", "invoice_id"]).execute();
}

import { TIME_RUN_STATUS } from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";

/** A task's unbilled stopped time in a project. */
export interface UnbilledTask {
  taskId: number;
  title: string;
  seconds: number;
  logs: number;
}

/**
 * "Bill tracked time" (the invoice module's call): a project's stopped logs that no invoice billed yet, by
 * task, and marking them billed by an invoice, inside the invoice's own transaction. Only the time tracker
 * reads and writes `time_logs`; the invoice module reaches these through `services.timeTracker`.
 */
export function timeBilling(db: Kysely<Database>) {
  function unbilled(trx: Kysely<Database>, projectId: number, until: string | undefined) {
    let query = trx
      .selectFrom("time_logs")
      .where("time_logs.project_id", "=", projectId)
      .where("time_logs.run_status", "=", TIME_RUN_STATUS.stopped)
      .where("time_logs.invoice_id", "is", null)
      .where("time_logs.total_seconds", ">", 0);
    if (until) query = query.where("time_logs.day", "<=", until);
    return query;
  }

  async function unbilledTime(trx: Kysely<Database>, projectId: number, until: string | undefined): Promise<UnbilledTask[]> {
    const rows = await unbilled(trx, projectId, until)
      .innerJoin("tasks", "tasks.id", "time_logs.task_id")
      .select(["time_logs.task_id", "tasks.title", (eb) => eb.fn.sum<number>("time_logs.total_seconds").as("seconds"), (eb) => eb.fn.countAll<number>().as("logs")])
      .groupBy(["time_logs.task_id", "tasks.title"])
      .orderBy("time_logs.task_id")
      .execute();
    return rows.map((row) => ({ taskId: row.task_id, title: row.title, seconds: Number(row.seconds), logs: Number(row.logs) }));
  }

  return {
    /** The project's unbilled stopped time by task (logs of days up to `until`, when given). */
    unbilledTime(projectId: number, until?: string): Promise<UnbilledTask[]> {
      return unbilledTime(db, projectId, until);
    },

    /**
     * Marks the project's unbilled logs (up to `until`) as billed by `invoiceId`, inside `trx` (the invoice's
     * creating transaction), and answers what it marked by task. Logs read and marked in one statement each,
     * with the same conditions: a log another invoice took meanwhile is neither counted nor taken twice, as
     * the update only takes logs still unbilled and the totals are read back from what it took.
     */
    async billTime(trx: Kysely<Database>, projectId: number, invoiceId: number, until?: string): Promise<UnbilledTask[]> {
      const ids = await unbilled(trx, projectId, until).select("time_logs.id").execute();
      if (ids.length === 0) return [];
      for (let i = 0; i < ids.length; i += 500) {
        await trx
          .updateTable("time_logs")
          .set({ invoice_id: invoiceId })
          .where("id", "in", ids.slice(i, i + 500).map((row) => row.id))
          .where("invoice_id", "is", null)
          .execute();
      }
      const rows = await trx
        .selectFrom("time_logs")
        .innerJoin("tasks", "tasks.id", "time_logs.task_id")
        .select(["time_logs.task_id", "tasks.title", (eb) => eb.fn.sum<number>("time_logs.total_seconds").as("seconds"), (eb) => eb.fn.countAll<number>().as("logs")])
        .where("time_logs.invoice_id", "=", invoiceId)
        .groupBy(["time_logs.task_id", "tasks.title"])
        .orderBy("time_logs.task_id")
        .execute();
      return rows.map((row) => ({ taskId: row.task_id, title: row.title, seconds: Number(row.seconds), logs: Number(row.logs) }));
    },

    /** Frees the logs an invoice billed (the invoice is being deleted), inside its transaction. */
    async releaseBilledTime(trx: Kysely<Database>, invoiceId: number): Promise<number> {
      const result = await trx.updateTable("time_logs").set({ invoice_id: null }).where("invoice_id", "=", invoiceId).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type TimeBilling = ReturnType<typeof timeBilling>;

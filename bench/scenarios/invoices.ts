import { computeInvoiceTotals, formatInvoiceNumber } from "@plotline/contracts";
import { sql } from "kysely";
import type { BenchContext } from "../lib/scenario.js";
import { defineScenario } from "../lib/scenario.js";
import { BENCH_PASSWORD } from "../lib/site-manager.js";

/** Invoices of the seeded site, their lines each, and rows per insert statement. */
const INVOICES = 10_000;
const LINES_PER_INVOICE = 3;
const BATCH = 500;
/** Lines of the invoice whose PDF is built. */
const PDF_LINES = 200;
/** The seeded invoices' numbers are last year's, so this year's counter starts fresh for the PDF invoice. */
const SEED_YEAR = new Date().getUTCFullYear() - 1;

interface InvoiceSite {
  projectId: number;
  /** The 200-line invoice. */
  pdfInvoiceId: number;
}

const stampOf = (date: Date) => date.toISOString().slice(0, 19).replace("T", " ");

/**
 * A site with 10,000 invoices in one project, billed to two clients, 3 lines each, every third paid in
 * part: written straight to the tables, as seeds are, with totals from contracts' money rules. Then one
 * 200-line invoice made through the API.
 */
async function seedInvoiceSite(ctx: BenchContext): Promise<InvoiceSite> {
  const { db, kind } = ctx.plotline.database;
  const clients: number[] = [];
  for (const name of ["Ada Client", "Bo Client"]) {
    const created = (await ctx.plotline.api("POST", "/api/pm/v2/users", {
      display_name: name,
      email: `${name.toLowerCase().replace(/\W+/g, ".")}.${Date.now()}@example.test`,
      password: BENCH_PASSWORD,
      manage_pm: false,
    })) as { data: { id: number } };
    clients.push(created.data.id);
  }
  const project = (await ctx.plotline.api("POST", "/api/pm/v2/projects", {
    title: "Invoiced project",
    assignees: clients.map((userId) => ({ user_id: userId, role_id: 3 })),
  })) as { data: { id: number } };
  const projectId = project.data.id;
  const manager = await db.selectFrom("users").select("id").where("manage_pm", "=", 1).orderBy("id").executeTakeFirstOrThrow();
  const at = stampOf(new Date());

  for (let offset = 0; offset < INVOICES; offset += BATCH) {
    const count = Math.min(BATCH, INVOICES - offset);
    const money = Array.from({ length: count }, (_, i) => {
      const n = offset + i;
      const lines = Array.from({ length: LINES_PER_INVOICE }, (_, l) => ({ amountMinor: 1000 + ((n * 7 + l * 13) % 9000), quantityMilli: 1000 * (1 + ((n + l) % 5)), taxMilli: l === 0 ? 10_000 : 0 }));
      const paid = n % 3 === 0 ? [1000] : [];
      return { lines, computed: computeInvoiceTotals({ lines, discountMilli: n % 4 === 0 ? 5000 : 0, paymentsMinor: paid }), discountMilli: n % 4 === 0 ? 5000 : 0, paid };
    });
    const rows = money.map(({ computed, discountMilli }, i) => {
      const n = offset + i + 1;
      return {
        project_id: projectId,
        client_id: clients[n % 2] ?? manager.id,
        number: formatInvoiceNumber(SEED_YEAR, n),
        number_year: SEED_YEAR,
        number_sequence: n,
        title: `Invoice ${n}`,
        start_at: `${SEED_YEAR}-${String((n % 12) + 1).padStart(2, "0")}-01`,
        due_date: null,
        discount_milli: discountMilli,
        partial: 1,
        minimum_partial_minor: 0,
        currency: "USD",
        notes: "",
        terms: "",
        subtotal_minor: computed.totals.subtotal,
        tax_minor: computed.totals.tax,
        discount_minor: computed.totals.discount,
        total_minor: computed.totals.total,
        paid_minor: computed.totals.paid,
        due_minor: computed.totals.due,
        status: computed.status,
        created_by: manager.id,
        created_at: at,
        updated_at: at,
      };
    });
    const ids = (await db.insertInto("invoices").values(rows).returning("id").execute()).map((row) => row.id);
    const lines = ids.flatMap((invoiceId, i) =>
      (money[i]?.lines ?? []).map((line, position) => ({
        invoice_id: invoiceId,
        kind: "name",
        position,
        name: `Item ${position + 1}`,
        task_id: null,
        amount_minor: line.amountMinor,
        quantity_milli: line.quantityMilli,
        tax_milli: line.taxMilli,
        total_minor: money[i]?.computed.lines[position]?.totalMinor ?? 0,
        line_tax_minor: money[i]?.computed.lines[position]?.taxMinor ?? 0,
      })),
    );
    for (let l = 0; l < lines.length; l += BATCH) await db.insertInto("invoice_lines").values(lines.slice(l, l + BATCH)).execute();
    const payments = ids.flatMap((invoiceId, i) =>
      (money[i]?.paid ?? []).map((amount) => ({
        invoice_id: invoiceId, gateway: "manual", transaction_id: `seed-${invoiceId}`, amount_minor: amount, currency: "USD",
        method: "bank transfer", note: "", paid_at: `${SEED_YEAR}-06-01`, created_by: manager.id, created_at: at,
      })),
    );
    if (payments.length > 0) await db.insertInto("invoice_payments").values(payments).execute();
  }
  await db.insertInto("invoice_number_counters").values({ year: SEED_YEAR, last_number: INVOICES }).execute();
  await sql.raw(kind === "postgres" ? "vacuum analyze" : "analyze").execute(db);

  const pdfInvoice = (await ctx.plotline.api("POST", `/api/pm-pro/v2/projects/${projectId}/invoice`, {
    title: "A long invoice",
    client_id: clients[0],
    start_at: `${SEED_YEAR + 1}-01-15`,
    discount: 2.5,
    entryTasks: Array.from({ length: PDF_LINES / 2 }, (_, i) => ({ task: `Task ${i + 1}: design and review`, amount: 45 + (i % 10), hour: 1 + (i % 7) * 0.25, tax: 19 })),
    entryNames: Array.from({ length: PDF_LINES / 2 }, (_, i) => ({ name: `Licence seat ${i + 1}`, amount: 9.99, quantity: 1 + (i % 4), tax: 7 })),
  })) as { data: { id: number } };
  return { projectId, pdfInvoiceId: pdfInvoice.data.id };
}

let invoiceSite: Promise<InvoiceSite> | null = null;
const ensureInvoiceSite = (ctx: BenchContext) => (invoiceSite ??= seedInvoiceSite(ctx));

/** The site manager's invoice list (a page of 20, newest first) on a site with 10,000 invoices: solo p95 < 20 ms. */
export const invoiceListTenThousand = defineScenario({
  name: "GET invoices, 10k invoices, page of 20",
  target: "plotline",
  seed: ensureInvoiceSite,
  request: (ctx, _seeded) => ({ method: "GET", path: "/api/pm-pro/v2/invoices?per_page=20", headers: ctx.plotline.authHeaders }),
});

/** The PDF of a 200-line invoice, built in a worker thread: < 300 ms. */
export const invoicePdfTwoHundredLines = defineScenario({
  name: "GET invoice PDF, 200 lines",
  target: "plotline",
  connections: 1,
  seed: ensureInvoiceSite,
  request: (ctx, seeded) => ({ method: "GET", path: `/api/pm-pro/v2/projects/${seeded.projectId}/invoice/${seeded.pdfInvoiceId}/pdf`, headers: ctx.plotline.authHeaders }),
});

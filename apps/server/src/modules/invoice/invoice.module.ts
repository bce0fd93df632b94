import { MENU_ORDER } from "@plotline/contracts";
import { defineModule } from "../module.js";
import { invoiceCheckoutRoutes } from "./gateways/checkout.routes.js";
import { invoiceDocuments, type InvoiceDocuments, type InvoiceMailJob } from "./invoice-documents.js";
import { invoiceRoutes } from "./invoice.routes.js";
import { invoiceService, type InvoiceService } from "./invoice.service.js";
import * as tables from "./invoice.tables.migration.js";

// The module's tables, re-exported so that whatever builds the app also sees them join `Database`.
export type { InvoicesTable, InvoiceLinesTable, InvoicePaymentsTable } from "./invoice.tables.js";

declare module "../../services.js" {
  interface Services {
    invoices: InvoiceService;
    invoiceDocuments: InvoiceDocuments;
  }
}

declare module "../../jobs/job-runner.js" {
  interface JobMap {
    /** Mails one invoice with its PDF attached to the addresses given. */
    "invoice.mail": InvoiceMailJob;
  }
}

/** Invoices (Pro module `invoice`): lines, taxes, discount, payments, PDF, mail, bill tracked time (README.md). */
export const invoiceModule = defineModule({
  name: "invoice",
  switch: "invoice",
  routes: [invoiceRoutes, invoiceCheckoutRoutes],
  migrations: { "202612210900-invoice-tables": tables },
  services: (ctx, s) => {
    const invoices = invoiceService(ctx, { access: s.access, timeTracker: s.timeTracker });
    return { invoices, invoiceDocuments: invoiceDocuments(invoices, s.mail, ctx.jobs) };
  },
  menu: [
    // Managers get the list of every invoice they may see; anyone else the client portal (their own).
    { module: "invoice", area: "site", label: "menu.invoices", order: MENU_ORDER.invoices, route: "invoices", audience: "everyone" },
    { module: "invoice", area: "project", label: "menu.invoices", order: MENU_ORDER.invoice, route: "invoice", audience: "project_manager" },
  ],
  jobs: (s) => ({ "invoice.mail": async (payload) => void (await s.invoiceDocuments.sendInvoiceMail(payload)) }),
});

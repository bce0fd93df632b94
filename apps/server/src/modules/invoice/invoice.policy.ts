import type { InvoiceAbilities } from "@plotline/contracts";
import type { Actor } from "../../lib/actor.js";
import type { ProjectAccess } from "../projects/project-access.js";

/**
 * Who may do what with invoices (the matrix is in README.md): the site manager capability and the
 * project's managers write and read every invoice of the project; a client reads the invoices billed to
 * them; nobody else reads any.
 */
export const invoicePolicy = {
  /** Creates, edits, deletes, mails invoices and records payments in the project. */
  canManage(actor: Actor, access: ProjectAccess | null): boolean {
    return actor.isSiteManager || access?.isManager === true;
  },

  /** Reads this invoice. */
  canRead(actor: Actor, access: ProjectAccess | null, invoice: { client_id: number }): boolean {
    return invoicePolicy.canManage(actor, access) || invoice.client_id === actor.id;
  },

  /** What the actor may do with the invoice, sent with it as `abilities`. */
  abilities(actor: Actor, access: ProjectAccess | null, invoice: { client_id: number; due_minor: number }): InvoiceAbilities {
    const manage = invoicePolicy.canManage(actor, access);
    const read = manage || invoice.client_id === actor.id;
    return { can_edit: manage, can_delete: manage, can_mail: manage, can_record_payment: manage && invoice.due_minor > 0, can_pay: read && invoice.due_minor > 0 };
  },
};

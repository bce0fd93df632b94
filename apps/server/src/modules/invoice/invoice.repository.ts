import { ROLE } from "@plotline/contracts";
import type { Insertable, Kysely, Updateable } from "kysely";
import type { DatabaseKind } from "../../db/kysely.js";
import type { Database } from "../../db/schema.js";
import type { UserRow } from "../users/users.tables.js";
import type {
  InvoiceLineRow,
  InvoiceLinesTable,
  InvoicePaymentRow,
  InvoicePaymentsTable,
  InvoiceRow,
  InvoicesTable,
  InvoiceUserAddressesTable,
  InvoiceUserAddressRow,
} from "./invoice.tables.js";

/** A bigint column as read: text on PostgreSQL, a number on SQLite. */
function money(value: number | string): number {
  return Number(value);
}

/** An invoice with its amounts as numbers, its project's title. */
export interface InvoiceRecord extends Omit<InvoiceRow, "minimum_partial_minor" | "subtotal_minor" | "tax_minor" | "discount_minor" | "total_minor" | "paid_minor" | "due_minor"> {
  minimum_partial_minor: number;
  subtotal_minor: number;
  tax_minor: number;
  discount_minor: number;
  total_minor: number;
  paid_minor: number;
  due_minor: number;
  project_title: string;
}

/** A line with its amounts as numbers. */
export interface LineRecord extends Omit<InvoiceLineRow, "amount_minor" | "quantity_milli" | "total_minor" | "line_tax_minor"> {
  amount_minor: number;
  quantity_milli: number;
  total_minor: number;
  line_tax_minor: number;
}

/** A payment with its amount as a number. */
export interface PaymentRecord extends Omit<InvoicePaymentRow, "amount_minor"> {
  amount_minor: number;
}

function toInvoice(row: InvoiceRow & { project_title: string }): InvoiceRecord {
  return {
    ...row,
    minimum_partial_minor: money(row.minimum_partial_minor),
    subtotal_minor: money(row.subtotal_minor),
    tax_minor: money(row.tax_minor),
    discount_minor: money(row.discount_minor),
    total_minor: money(row.total_minor),
    paid_minor: money(row.paid_minor),
    due_minor: money(row.due_minor),
  };
}

function toLine(row: InvoiceLineRow): LineRecord {
  return { ...row, amount_minor: money(row.amount_minor), quantity_milli: money(row.quantity_milli), total_minor: money(row.total_minor), line_tax_minor: money(row.line_tax_minor) };
}

function toPayment(row: InvoicePaymentRow): PaymentRecord {
  return { ...row, amount_minor: money(row.amount_minor) };
}

/** Which invoices a list shows. */
export interface InvoiceFilter {
  /** Only this project's. */
  projectId?: number;
  /** Invoices of these projects, or (OR) those billed to `clientId`; both absent: every invoice. */
  managedProjectIds?: readonly number[];
  clientId?: number;
  status?: number;
}

/** Every query of invoices. */
export function invoiceRepository(db: Kysely<Database>, kind: DatabaseKind) {
  function filtered(filter: InvoiceFilter) {
    let query = db.selectFrom("invoices");
    if (filter.projectId !== undefined) query = query.where("invoices.project_id", "=", filter.projectId);
    if (filter.status !== undefined) query = query.where("invoices.status", "=", filter.status);
    const managed = filter.managedProjectIds;
    const client = filter.clientId;
    if (managed !== undefined && client !== undefined) {
      query = query.where((eb) => eb.or([eb("invoices.project_id", "in", managed.length > 0 ? [...managed] : [0]), eb("invoices.client_id", "=", client)]));
    } else if (managed !== undefined) {
      query = query.where("invoices.project_id", "in", managed.length > 0 ? [...managed] : [0]);
    } else if (client !== undefined) {
      query = query.where("invoices.client_id", "=", client);
    }
    return query;
  }

  return {
    /** Takes the next number of `year` inside `trx`: the counter row stays locked until `trx` ends, so numbers have no gap. */
    async takeNumber(trx: Kysely<Database>, year: number): Promise<number> {
      const row = await trx
        .insertInto("invoice_number_counters")
        .values({ year, last_number: 1 })
        .onConflict((oc) => oc.column("year").doUpdateSet((eb) => ({ last_number: eb("invoice_number_counters.last_number", "+", 1) })))
        .returning("last_number")
        .executeTakeFirstOrThrow();
      return row.last_number;
    },

    async insertInvoice(trx: Kysely<Database>, row: Insertable<InvoicesTable>): Promise<number> {
      const inserted = await trx.insertInto("invoices").values(row).returning("id").executeTakeFirstOrThrow();
      return inserted.id;
    },

    async updateInvoice(trx: Kysely<Database>, id: number, patch: Updateable<InvoicesTable>): Promise<void> {
      await trx.updateTable("invoices").set(patch).where("id", "=", id).execute();
    },

    async deleteInvoice(trx: Kysely<Database>, id: number): Promise<void> {
      await trx.deleteFrom("invoices").where("id", "=", id).execute();
    },

    /** Locks the invoice's row until `trx` ends (PostgreSQL; SQLite writes one transaction at a time). */
    async lockInvoice(trx: Kysely<Database>, id: number): Promise<InvoiceRecord | undefined> {
      let query = trx
        .selectFrom("invoices")
        .innerJoin("projects", "projects.id", "invoices.project_id")
        .selectAll("invoices")
        .select("projects.title as project_title")
        .where("invoices.id", "=", id);
      if (kind === "postgres") query = query.forUpdate("invoices");
      const row = await query.executeTakeFirst();
      return row && toInvoice(row);
    },

    async replaceLines(trx: Kysely<Database>, invoiceId: number, kind: "task" | "name", rows: ReadonlyArray<Omit<Insertable<InvoiceLinesTable>, "invoice_id" | "kind" | "position">>): Promise<void> {
      await trx.deleteFrom("invoice_lines").where("invoice_id", "=", invoiceId).where("kind", "=", kind).execute();
      const values = rows.map((row, position) => ({ ...row, invoice_id: invoiceId, kind, position }));
      for (let i = 0; i < values.length; i += 100) await trx.insertInto("invoice_lines").values(values.slice(i, i + 100)).execute();
    },

    async findInvoice(id: number, trx: Kysely<Database> = db): Promise<InvoiceRecord | undefined> {
      const row = await trx
        .selectFrom("invoices")
        .innerJoin("projects", "projects.id", "invoices.project_id")
        .selectAll("invoices")
        .select("projects.title as project_title")
        .where("invoices.id", "=", id)
        .executeTakeFirst();
      return row && toInvoice(row);
    },

    async countInvoices(filter: InvoiceFilter): Promise<number> {
      const row = await filtered(filter).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async listInvoices(filter: InvoiceFilter, limit: number, offset: number): Promise<InvoiceRecord[]> {
      const rows = await filtered(filter)
        .innerJoin("projects", "projects.id", "invoices.project_id")
        .selectAll("invoices")
        .select("projects.title as project_title")
        .orderBy("invoices.id", "desc")
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map(toInvoice);
    },

    async findLines(invoiceIds: readonly number[], trx: Kysely<Database> = db): Promise<LineRecord[]> {
      if (invoiceIds.length === 0) return [];
      const rows = await trx.selectFrom("invoice_lines").selectAll().where("invoice_id", "in", [...invoiceIds]).orderBy("invoice_id").orderBy("kind").orderBy("position").execute();
      return rows.map(toLine);
    },

    async findPayments(invoiceIds: readonly number[], trx: Kysely<Database> = db): Promise<PaymentRecord[]> {
      if (invoiceIds.length === 0) return [];
      const rows = await trx.selectFrom("invoice_payments").selectAll().where("invoice_id", "in", [...invoiceIds]).orderBy("id").execute();
      return rows.map(toPayment);
    },

    /** Adds a payment unless the ledger holds its (gateway, transaction id): the new row's id, or null. */
    async insertPayment(trx: Kysely<Database>, row: Insertable<InvoicePaymentsTable>): Promise<number | null> {
      const inserted = await trx
        .insertInto("invoice_payments")
        .values(row)
        .onConflict((oc) => oc.columns(["gateway", "transaction_id"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      return inserted?.id ?? null;
    },

    async sumPayments(trx: Kysely<Database>, invoiceId: number): Promise<number> {
      const row = await trx.selectFrom("invoice_payments").select((eb) => eb.fn.sum<number>("amount_minor").as("paid")).where("invoice_id", "=", invoiceId).executeTakeFirst();
      return Number(row?.paid ?? 0);
    },

    async findUsers(ids: readonly number[]): Promise<UserRow[]> {
      if (ids.length === 0) return [];
      return db.selectFrom("users").selectAll().where("id", "in", [...new Set(ids)]).execute();
    },

    /** Whether the user is a client member of the project. */
    async isClientOf(projectId: number, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom("project_members")
        .select("user_id")
        .where("project_id", "=", projectId)
        .where("user_id", "=", userId)
        .where("role_id", "=", ROLE.client)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether `managerId` manages a project that `userId` belongs to. */
    async managesMemberOf(managerId: number, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom("project_members as manager")
        .innerJoin("project_members as member", "member.project_id", "manager.project_id")
        .select("member.user_id")
        .where("manager.user_id", "=", managerId)
        .where("manager.role_id", "=", ROLE.manager)
        .where("member.user_id", "=", userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async findAddresses(userIds: readonly number[]): Promise<InvoiceUserAddressRow[]> {
      if (userIds.length === 0) return [];
      return db.selectFrom("invoice_user_addresses").selectAll().where("user_id", "in", [...new Set(userIds)]).execute();
    },

    async saveAddress(row: Insertable<InvoiceUserAddressesTable>): Promise<void> {
      const { user_id: _userId, ...changes } = row;
      await db
        .insertInto("invoice_user_addresses")
        .values(row)
        .onConflict((oc) => oc.column("user_id").doUpdateSet(changes))
        .execute();
    },

    async readSettings(): Promise<string | null> {
      const row = await db.selectFrom("invoice_settings").select("data").where("id", "=", 1).executeTakeFirst();
      return row?.data ?? null;
    },

    async saveSettings(data: string, updatedAt: string): Promise<void> {
      await db
        .insertInto("invoice_settings")
        .values({ id: 1, data, updated_at: updatedAt })
        .onConflict((oc) => oc.column("id").doUpdateSet({ data, updated_at: updatedAt }))
        .execute();
    },
  };
}

export type InvoiceRepository = ReturnType<typeof invoiceRepository>;

import type { ColumnType, Generated, Selectable } from "kysely";

declare module "../../db/schema.js" {
  interface Database {
    invoices: InvoicesTable;
    invoice_lines: InvoiceLinesTable;
    invoice_payments: InvoicePaymentsTable;
    invoice_number_counters: InvoiceNumberCountersTable;
    invoice_settings: InvoiceSettingsTable;
    invoice_user_addresses: InvoiceUserAddressesTable;
  }
}

/**
 * An amount in minor units, a `bigint` column: PostgreSQL's driver reads it as text, SQLite as a number;
 * the repository turns it into a number (every amount stays under `MAX_MONEY_MINOR`, well inside 2^53).
 */
export type MinorColumn = ColumnType<number | string, number, number>;

export interface InvoicesTable {
  id: Generated<number>;
  project_id: number;
  /** The client billed: a user who is a client of the project. */
  client_id: number;
  /** `INV-2026-0001`; unique. */
  number: string;
  number_year: number;
  number_sequence: number;
  title: string;
  /** YYYY-MM-DD. */
  start_at: string;
  due_date: string | null;
  /** Discount percentage in thousandths of a percent. */
  discount_milli: number;
  /** 1 when a partial payment is allowed. */
  partial: number;
  minimum_partial_minor: MinorColumn;
  /** ISO 4217. */
  currency: string;
  notes: string;
  terms: string;
  /** Totals kept with the invoice (the list sorts and shows them without reading lines). */
  subtotal_minor: MinorColumn;
  tax_minor: MinorColumn;
  discount_minor: MinorColumn;
  total_minor: MinorColumn;
  paid_minor: MinorColumn;
  due_minor: MinorColumn;
  /** 0 Incomplete, 1 Complete, 3 Partial. */
  status: number;
  created_by: number;
  created_at: string;
  updated_at: string;
}
export type InvoiceRow = Selectable<InvoicesTable>;

export interface InvoiceLinesTable {
  id: Generated<number>;
  invoice_id: number;
  /** `task` (amount per hour x hours) or `name` (amount x quantity). */
  kind: string;
  /** Order within its kind. */
  position: number;
  /** Task name or line name. */
  name: string;
  task_id: number | null;
  amount_minor: MinorColumn;
  /** Hours or quantity in thousandths. */
  quantity_milli: MinorColumn;
  /** Tax percentage in thousandths of a percent. */
  tax_milli: number;
  total_minor: MinorColumn;
  line_tax_minor: MinorColumn;
}
export type InvoiceLineRow = Selectable<InvoiceLinesTable>;

export interface InvoicePaymentsTable {
  id: Generated<number>;
  invoice_id: number;
  /** `manual`, `paypal` or `stripe`; unique with `transaction_id`. */
  gateway: string;
  transaction_id: string;
  amount_minor: MinorColumn;
  currency: string;
  method: string;
  note: string;
  /** The day paid, YYYY-MM-DD. */
  paid_at: string;
  created_by: number | null;
  created_at: string;
}
export type InvoicePaymentRow = Selectable<InvoicePaymentsTable>;

export interface InvoiceNumberCountersTable {
  year: number;
  /** The last number given this year: the next invoice takes `last_number + 1`, in its own transaction. */
  last_number: number;
}

export interface InvoiceSettingsTable {
  /** Always 1: one organisation per site. */
  id: number;
  /** JSON of the settings; the Stripe secrets sealed (lib/secret-box.ts). */
  data: string;
  updated_at: string;
}

export interface InvoiceUserAddressesTable {
  user_id: number;
  organization: string;
  address_line_1: string;
  address_line_2: string;
  city: string;
  state: string;
  zip_code: string;
  country_code: string;
  updated_at: string;
}
export type InvoiceUserAddressRow = Selectable<InvoiceUserAddressesTable>;

import {
  currencyDigits,
  milliToNumber,
  minorToMajor,
  type Address,
  type Invoice,
  type InvoiceAbilities,
  type InvoiceNameLine,
  type InvoicePayment,
  type InvoiceTaskLine,
  type PaymentGateway,
  type User,
} from "@plotline/contracts";
import { presentUserOrPlaceholder } from "../users/users.presenter.js";
import type { UserRow } from "../users/users.tables.js";
import type { InvoiceRecord, LineRecord, PaymentRecord } from "./invoice.repository.js";
import type { InvoiceUserAddressRow } from "./invoice.tables.js";

/** An empty address: what a user who never saved one has. */
export const EMPTY_ADDRESS: Address = { organization: "", address_line_1: "", address_line_2: "", city: "", state: "", zip_code: "", country_code: "" };

/** A stored client address as answered. */
export function presentAddress(row: InvoiceUserAddressRow | undefined): Address {
  if (!row) return { ...EMPTY_ADDRESS };
  return {
    organization: row.organization,
    address_line_1: row.address_line_1,
    address_line_2: row.address_line_2,
    city: row.city,
    state: row.state,
    zip_code: row.zip_code,
    country_code: row.country_code,
  };
}

/** The money of a line, task or name line alike: its price, tax and totals in major and minor units. */
function lineMoney(line: LineRecord, digits: number) {
  return {
    amount: minorToMajor(line.amount_minor, digits),
    amount_minor: line.amount_minor,
    tax: milliToNumber(line.tax_milli),
    line_total: minorToMajor(line.total_minor, digits),
    line_total_minor: line.total_minor,
    line_tax: minorToMajor(line.line_tax_minor, digits),
    line_tax_minor: line.line_tax_minor,
  };
}

function presentTaskLine(line: LineRecord, digits: number): InvoiceTaskLine {
  return { task: line.name, task_id: line.task_id, hour: milliToNumber(line.quantity_milli), ...lineMoney(line, digits) };
}

function presentNameLine(line: LineRecord, digits: number): InvoiceNameLine {
  return { name: line.name, quantity: milliToNumber(line.quantity_milli), ...lineMoney(line, digits) };
}

function presentPayment(payment: PaymentRecord, digits: number): InvoicePayment {
  return {
    id: payment.id,
    amount: minorToMajor(payment.amount_minor, digits),
    amount_minor: payment.amount_minor,
    currency: payment.currency,
    gateway: payment.gateway as PaymentGateway,
    transaction_id: payment.transaction_id,
    method: payment.method,
    note: payment.note,
    date: payment.paid_at,
    created_by: payment.created_by,
    created_at: payment.created_at,
  };
}

/** What an invoice is presented with: its lines and payments, its client, what the viewer may do. */
export interface InvoiceParts {
  lines: readonly LineRecord[];
  payments: readonly PaymentRecord[];
  users: ReadonlyMap<number, UserRow>;
  abilities: InvoiceAbilities;
}

/** No abilities: an invoice presented to no one in particular (a gateway's fulfilment, a mail job). */
export const NO_ABILITIES: InvoiceAbilities = { can_edit: false, can_delete: false, can_mail: false, can_record_payment: false, can_pay: false };

/** The invoice as the API answers it: amounts in major units and exact minor units. */
export function presentInvoice(row: InvoiceRecord, parts: InvoiceParts): Invoice {
  const digits = currencyDigits(row.currency);
  const money = (minor: number) => minorToMajor(minor, digits);
  const client: User = presentUserOrPlaceholder(parts.users, row.client_id);
  const status = row.status === 1 || row.status === 3 ? row.status : 0;
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    project_id: row.project_id,
    project_title: row.project_title,
    client_id: row.client_id,
    client: { data: client },
    start_at: row.start_at,
    due_date: row.due_date,
    discount: milliToNumber(row.discount_milli),
    partial: row.partial === 1,
    minimum_partial: money(row.minimum_partial_minor),
    minimum_partial_minor: row.minimum_partial_minor,
    currency: row.currency,
    decimal_digits: digits,
    notes: row.notes,
    terms: row.terms,
    entryTasks: parts.lines.filter((line) => line.kind === "task").map((line) => presentTaskLine(line, digits)),
    entryNames: parts.lines.filter((line) => line.kind === "name").map((line) => presentNameLine(line, digits)),
    payments: { data: parts.payments.map((payment) => presentPayment(payment, digits)) },
    status,
    totals: {
      subtotal: money(row.subtotal_minor),
      subtotal_minor: row.subtotal_minor,
      tax: money(row.tax_minor),
      tax_minor: row.tax_minor,
      discount: money(row.discount_minor),
      discount_minor: row.discount_minor,
      total: money(row.total_minor),
      total_minor: row.total_minor,
      paid: money(row.paid_minor),
      paid_minor: row.paid_minor,
      due: money(row.due_minor),
      due_minor: row.due_minor,
    },
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
    abilities: parts.abilities,
  };
}

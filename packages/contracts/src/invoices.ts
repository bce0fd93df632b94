import { z } from "zod";
import { zCurrencyCode } from "./currencies.js";
import { paginationSchema } from "./envelope.js";
import {
  checkPaymentAmount,
  computeInvoiceTotals,
  lineTotalMinor,
  MAX_MONEY_MINOR,
  parseMoney,
  parsePercent,
  parseQuantity,
  type DecimalError,
  type DecimalResult,
  type InvoiceTotals,
  type MoneyLine,
} from "./invoice-money.js";
import { zDateString, zFlag, zId, zInt } from "./primitives.js";
import { userSchema } from "./users.js";

export * from "./invoice-money.js";
export * from "./currencies.js";
export * from "./countries.js";

/**
 * Invoices (Pro module `invoice`): lines, taxes, discount, partial payments, a payment ledger, PDF and
 * mail. Amounts travel as major-unit numbers (`12.5`) and are stored as integers of the currency's minor
 * units; answers carry both (`total` and `total_minor`). The money rules are in `invoice-money.ts`.
 */

/** The spec's page size of invoice lists. */
export const INVOICE_PER_PAGE_DEFAULT = 2;

/** The most lines one invoice holds (task and name lines together). */
export const INVOICE_MAX_LINES = 500;

/** Invoice numbers: `INV-2026-0001`, gap-free per year. */
export function formatInvoiceNumber(year: number, sequence: number): string {
  return `INV-${year}-${String(sequence).padStart(4, "0")}`;
}

/** Status labels by status value. */
export const INVOICE_STATUS_LABELS: Record<number, string> = { 0: "Incomplete", 1: "Complete", 3: "Partial" };

/** A payment gateway that records payments in the ledger. */
export const PAYMENT_GATEWAYS = ["manual", "paypal", "stripe"] as const;
export type PaymentGateway = (typeof PAYMENT_GATEWAYS)[number];

/** The card gateways an organisation may switch on. */
export const CARD_GATEWAYS = ["paypal", "stripe"] as const;
export type CardGateway = (typeof CARD_GATEWAYS)[number];

/** A decimal as the API takes it: a JSON number or decimal text. */
const zDecimal = z.union([z.number(), z.string().trim().max(40)]);

/** Free text of a line or a note. */
const zText = (max: number) => z.string().trim().max(max);

// ---------------------------------------------------------------------------------------------- answers

/** A task line as answered. */
export const invoiceTaskLineSchema = z.object({
  /** Task name. */
  task: z.string(),
  /** The task it bills, when it was built from tracked time or picked from the project. */
  task_id: z.number().int().nullable(),
  /** Hourly rate, major units; `amount_minor` exact. */
  amount: z.number(),
  amount_minor: z.number().int(),
  /** Hours (up to three decimals). */
  hour: z.number(),
  /** Tax percentage. */
  tax: z.number(),
  /** amount x hour, rounded; and its tax. */
  line_total: z.number(),
  line_total_minor: z.number().int(),
  line_tax: z.number(),
  line_tax_minor: z.number().int(),
});
export type InvoiceTaskLine = z.infer<typeof invoiceTaskLineSchema>;

/** A name line (goods, fees) as answered. */
export const invoiceNameLineSchema = z.object({
  name: z.string(),
  /** Unit price, major units; `amount_minor` exact. */
  amount: z.number(),
  amount_minor: z.number().int(),
  quantity: z.number(),
  tax: z.number(),
  line_total: z.number(),
  line_total_minor: z.number().int(),
  line_tax: z.number(),
  line_tax_minor: z.number().int(),
});
export type InvoiceNameLine = z.infer<typeof invoiceNameLineSchema>;

/** A payment of the ledger. */
export const invoicePaymentSchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  amount_minor: z.number().int(),
  currency: z.string(),
  gateway: z.enum(PAYMENT_GATEWAYS),
  transaction_id: z.string(),
  /** Payment method as recorded (`cash`, `bank transfer`, `card` ...). */
  method: z.string(),
  note: z.string(),
  /** The day it was paid (YYYY-MM-DD). */
  date: z.string(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
});
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

/** Totals of an invoice, in major units with their exact minor units. */
export const invoiceTotalsSchema = z.object({
  subtotal: z.number(),
  subtotal_minor: z.number().int(),
  tax: z.number(),
  tax_minor: z.number().int(),
  discount: z.number(),
  discount_minor: z.number().int(),
  total: z.number(),
  total_minor: z.number().int(),
  paid: z.number(),
  paid_minor: z.number().int(),
  due: z.number(),
  due_minor: z.number().int(),
});
export type InvoiceTotalsAnswer = z.infer<typeof invoiceTotalsSchema>;

/** A postal address: an organisation's or a client's. */
export const addressSchema = z.object({
  organization: z.string(),
  address_line_1: z.string(),
  address_line_2: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  /** ISO 3166-1 alpha-2 code, or the empty text. */
  country_code: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

/** What a caller may do with an invoice (the web reads these, never re-codes the rules). */
export const invoiceAbilitiesSchema = z.object({
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  can_mail: z.boolean(),
  can_record_payment: z.boolean(),
  /** The caller may pay the due by card (its client, or a manager, while something is due). */
  can_pay: z.boolean(),
});
export type InvoiceAbilities = z.infer<typeof invoiceAbilitiesSchema>;

/** An invoice as the API answers it. */
export const invoiceSchema = z.object({
  id: z.number().int(),
  /** `INV-2026-0001`. */
  number: z.string(),
  title: z.string(),
  project_id: z.number().int(),
  project_title: z.string(),
  client_id: z.number().int(),
  client: z.object({ data: userSchema }),
  /** Issue day and due day (YYYY-MM-DD); the due day may be null. */
  start_at: z.string(),
  due_date: z.string().nullable(),
  /** Discount percentage, applied to the subtotal. */
  discount: z.number(),
  /** A partial payment is allowed, and its least amount. */
  partial: z.boolean(),
  minimum_partial: z.number(),
  minimum_partial_minor: z.number().int(),
  /** ISO 4217 code and its decimal digits. */
  currency: z.string(),
  decimal_digits: z.number().int(),
  notes: z.string(),
  terms: z.string(),
  entryTasks: z.array(invoiceTaskLineSchema),
  entryNames: z.array(invoiceNameLineSchema),
  payments: z.object({ data: z.array(invoicePaymentSchema) }),
  /** 0 Incomplete, 1 Complete, 3 Partial. */
  status: z.union([z.literal(0), z.literal(1), z.literal(3)]),
  totals: invoiceTotalsSchema,
  created_by: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  abilities: invoiceAbilitiesSchema,
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** `GET .../invoice/{id}` and the answers of create, update, payment. */
export const invoiceResponse = z.object({ data: invoiceSchema, message: z.string().optional() });

/** Lists: `meta.pagination` and the addresses of the clients on the page, keyed by user id. */
export const invoiceListResponse = z.object({
  data: z.array(invoiceSchema),
  meta: z.object({ pagination: paginationSchema, client_addresses: z.record(z.string(), addressSchema) }),
});
export type InvoiceList = z.infer<typeof invoiceListResponse>;

/** `GET .../invoice` and `GET pm-pro/v2/invoices`: `frontend=1` lists only the caller's own invoices as a client. */
export const invoiceListQuery = z.object({
  page: zInt.min(1).default(1),
  per_page: zInt.min(1).max(100).default(INVOICE_PER_PAGE_DEFAULT),
  frontend: zFlag.optional(),
  /** Filter by status: 0, 1 or 3. */
  status: z.union([z.literal("0"), z.literal("1"), z.literal("3"), z.literal(0), z.literal(1), z.literal(3)]).transform(Number).optional(),
  /** Filter by project in the global list. */
  project_id: zId.optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;

// ---------------------------------------------------------------------------------------------- bodies

/** A task line as sent: `amount` is the hourly rate in major units. */
export const invoiceTaskLineBody = z.object({
  task: zText(255).min(1, "Task name required"),
  task_id: zId.nullable().optional(),
  amount: zDecimal,
  hour: zDecimal,
  tax: zDecimal.default(0),
});
export type InvoiceTaskLineBody = z.input<typeof invoiceTaskLineBody>;

/** A name line as sent: `amount` is the unit price in major units. */
export const invoiceNameLineBody = z.object({
  name: zText(255).min(1, "Name required"),
  amount: zDecimal,
  quantity: zDecimal.default(1),
  tax: zDecimal.default(0),
});
export type InvoiceNameLineBody = z.input<typeof invoiceNameLineBody>;

const invoiceFields = {
  title: zText(255).min(1, "Invoice title required"),
  client_id: zId,
  start_at: zDateString,
  due_date: zDateString.nullable().optional(),
  discount: zDecimal.default(0),
  partial: zFlag.default(false),
  minimum_partial: zDecimal.default(0),
  /** Default: the organisation's currency. */
  currency: zCurrencyCode.optional(),
  notes: zText(5000).default(""),
  terms: zText(5000).default(""),
  entryTasks: z.array(invoiceTaskLineBody).max(INVOICE_MAX_LINES).default([]),
  entryNames: z.array(invoiceNameLineBody).max(INVOICE_MAX_LINES).default([]),
};

/** `POST pm-pro/v2/projects/{project_id}/invoice`. */
export const createInvoiceBody = z.object(invoiceFields);
export type CreateInvoiceBody = z.input<typeof createInvoiceBody>;
export type CreateInvoiceInput = z.output<typeof createInvoiceBody>;

/** `POST pm-pro/v2/projects/{project_id}/invoice/{id}`: what is given changes; lines given replace all lines of their kind. */
export const updateInvoiceBody = z.object({
  title: invoiceFields.title.optional(),
  client_id: zId.optional(),
  start_at: zDateString.optional(),
  due_date: zDateString.nullable().optional(),
  discount: zDecimal.optional(),
  partial: zFlag.optional(),
  minimum_partial: zDecimal.optional(),
  currency: zCurrencyCode.optional(),
  notes: zText(5000).optional(),
  terms: zText(5000).optional(),
  entryTasks: z.array(invoiceTaskLineBody).max(INVOICE_MAX_LINES).optional(),
  entryNames: z.array(invoiceNameLineBody).max(INVOICE_MAX_LINES).optional(),
});
export type UpdateInvoiceBody = z.input<typeof updateInvoiceBody>;
export type UpdateInvoiceInput = z.output<typeof updateInvoiceBody>;

/**
 * `POST pm-pro/v2/projects/{project_id}/invoice/from-time`: "bill tracked time". An invoice like `create`
 * (its `entryTasks` and `entryNames` are kept) plus one task line per task of the project's uninvoiced
 * stopped time logs (up to `until`, when given), at `rate` per hour with `tax` %; those logs are marked
 * as billed by the invoice. Deleting the invoice frees them.
 */
export const billTimeBody = createInvoiceBody.extend({
  rate: zDecimal,
  tax: zDecimal.default(0),
  until: zDateString.optional(),
});
export type BillTimeBody = z.input<typeof billTimeBody>;
export type BillTimeInput = z.output<typeof billTimeBody>;

/** `GET pm-pro/v2/projects/{project_id}/invoice/unbilled-time`: the tasks with uninvoiced time. */
export const unbilledTimeResponse = z.object({
  data: z.array(z.object({ task_id: z.number().int(), task: z.string(), seconds: z.number().int(), hour: z.number(), logs: z.number().int() })),
});
export type UnbilledTime = z.infer<typeof unbilledTimeResponse>["data"];

/** `POST .../invoice/{id}/payment`: a manager records a payment. */
export const recordPaymentBody = z.object({
  amount: zDecimal,
  /** Default today (site time zone). */
  date: zDateString.optional(),
  method: zText(60).default("cash"),
  note: zText(1000).default(""),
});
export type RecordPaymentBody = z.input<typeof recordPaymentBody>;

/** `POST .../invoice/{id}/payment-validation`. */
export const paymentValidationBody = z.object({ amount: zDecimal });
export const paymentValidationResponse = z.object({
  data: z.object({ amount: z.number(), amount_minor: z.number().int(), currency: z.string(), due: z.number(), due_minor: z.number().int() }),
  message: z.string().optional(),
});

/** `POST .../invoice/{id}/mail/`: to the client (default) and others. */
export const mailInvoiceBody = z.object({
  to: z.array(z.email()).max(20).optional(),
  subject: zText(255).optional(),
  message: zText(5000).optional(),
});

/** Fields of an address body. */
const addressFields = {
  organization: zText(190).default(""),
  address_line_1: zText(190).default(""),
  address_line_2: zText(190).default(""),
  city: zText(120).default(""),
  state: zText(120).default(""),
  zip_code: zText(40).default(""),
  country_code: z
    .string()
    .trim()
    .toUpperCase()
    .max(2)
    .default("")
    .refine((code) => code === "" || /^[A-Z]{2}$/.test(code), "Unknown country code"),
};

/** `POST pm-pro/v2/invoice/user-address/user/{user_id}`. */
export const userAddressBody = z.object(addressFields);
export type UserAddressBody = z.input<typeof userAddressBody>;

export const userAddressResponse = z.object({ data: addressSchema.extend({ user_id: z.number().int() }) });
export type UserAddress = z.infer<typeof userAddressResponse>["data"];

/** `POST pm-pro/v2/invoice/address`: organisation address and payment settings (what is given changes). */
export const invoiceSettingsBody = z.object({
  organization: zText(190).optional(),
  address_line_1: zText(190).optional(),
  address_line_2: zText(190).optional(),
  city: zText(120).optional(),
  state: zText(120).optional(),
  zip_code: zText(40).optional(),
  country_code: addressFields.country_code.optional(),
  currency_code: zCurrencyCode.optional(),
  paypal_mail: z.union([z.literal(""), z.email().max(190)]).optional(),
  sand_box_mode: zFlag.optional(),
  gateWays: z.array(z.enum(CARD_GATEWAYS)).max(2).optional(),
  stripe_publishable_key: zText(255).optional(),
  /** Sealed at rest and never answered; the empty text clears it. */
  stripe_secret_key: zText(255).optional(),
  stripe_webhook_secret: zText(255).optional(),
});
export type InvoiceSettingsBody = z.input<typeof invoiceSettingsBody>;

/** The settings as answered (`GET|POST pm-pro/v2/invoice/address`): secrets only as whether they are set. */
export const invoiceSettingsSchema = addressSchema.extend({
  currency_code: z.string(),
  paypal_mail: z.string(),
  sand_box_mode: z.boolean(),
  gateWays: z.array(z.enum(CARD_GATEWAYS)),
  stripe_publishable_key: z.string(),
  stripe_secret_key_set: z.boolean(),
  stripe_webhook_secret_set: z.boolean(),
});
export type InvoiceSettings = z.infer<typeof invoiceSettingsSchema>;
export const invoiceSettingsResponse = z.object({ data: invoiceSettingsSchema, message: z.string().optional() });


// ---------------------------------------------------------------------------------------------- conversion

/** A line in stored units. */
export interface StoredTaskLine {
  task: string;
  taskId: number | null;
  amountMinor: number;
  hourMilli: number;
  taxMilli: number;
}
export interface StoredNameLine {
  name: string;
  amountMinor: number;
  quantityMilli: number;
  taxMilli: number;
}

/** A field problem: the body path (`entryTasks.0.amount`) and the message. */
export interface FieldProblem {
  field: string;
  message: string;
}

const DECIMAL_MESSAGES: Record<DecimalError, (digits: number) => string> = {
  not_a_number: () => "Must be a number",
  too_many_decimals: (digits) => (digits === 0 ? "This currency has no decimals" : `At most ${digits} decimal${digits === 1 ? "" : "s"}`),
  negative: () => "Cannot be negative",
  too_large: () => "Too large",
};

/** Reads one decimal field, or records its problem. */
function read(problems: FieldProblem[], field: string, result: DecimalResult, digits: number): number {
  if (result.ok) return result.value;
  problems.push({ field, message: field.endsWith("tax") || field === "discount" ? percentMessage(result.error) : DECIMAL_MESSAGES[result.error](digits) });
  return 0;
}

function percentMessage(error: DecimalError): string {
  return error === "too_large" ? "A percentage goes from 0 to 100" : DECIMAL_MESSAGES[error](3);
}

/** Task lines in stored units, with the problems found (`entryTasks.N.field`). */
export function readTaskLines(lines: readonly z.output<typeof invoiceTaskLineBody>[], digits: number, problems: FieldProblem[]): StoredTaskLine[] {
  return lines.map((line, index) => ({
    task: line.task,
    taskId: line.task_id ?? null,
    amountMinor: read(problems, `entryTasks.${index}.amount`, parseMoney(line.amount, digits), digits),
    hourMilli: read(problems, `entryTasks.${index}.hour`, parseQuantity(line.hour), 3),
    taxMilli: read(problems, `entryTasks.${index}.tax`, parsePercent(line.tax), 3),
  }));
}

/** Name lines in stored units, with the problems found (`entryNames.N.field`). */
export function readNameLines(lines: readonly z.output<typeof invoiceNameLineBody>[], digits: number, problems: FieldProblem[]): StoredNameLine[] {
  return lines.map((line, index) => ({
    name: line.name,
    amountMinor: read(problems, `entryNames.${index}.amount`, parseMoney(line.amount, digits), digits),
    quantityMilli: read(problems, `entryNames.${index}.quantity`, parseQuantity(line.quantity), 3),
    taxMilli: read(problems, `entryNames.${index}.tax`, parsePercent(line.tax), 3),
  }));
}

/** Reads a money field (`minimum_partial`, a payment's `amount`) or records its problem. */
export function readMoneyField(problems: FieldProblem[], field: string, value: number | string, digits: number): number {
  return read(problems, field, parseMoney(value, digits), digits);
}

/** Reads a percentage field (`discount`) or records its problem. */
export function readPercentField(problems: FieldProblem[], field: string, value: number | string): number {
  return read(problems, field, parsePercent(value), 3);
}

/** The money lines of an invoice, task lines first. */
export function moneyLinesOf(taskLines: readonly StoredTaskLine[], nameLines: readonly StoredNameLine[]): MoneyLine[] {
  return [
    ...taskLines.map((line) => ({ amountMinor: line.amountMinor, quantityMilli: line.hourMilli, taxMilli: line.taxMilli })),
    ...nameLines.map((line) => ({ amountMinor: line.amountMinor, quantityMilli: line.quantityMilli, taxMilli: line.taxMilli })),
  ];
}

/** Line totals and invoice total within `MAX_MONEY_MINOR`; records a problem on the first line too large. */
export function checkInvoiceSize(taskLines: readonly StoredTaskLine[], nameLines: readonly StoredNameLine[], problems: FieldProblem[]): void {
  taskLines.forEach((line, index) => {
    if (lineTotalMinor(line.amountMinor, line.hourMilli) > MAX_MONEY_MINOR) problems.push({ field: `entryTasks.${index}.hour`, message: "The line total is too large" });
  });
  nameLines.forEach((line, index) => {
    if (lineTotalMinor(line.amountMinor, line.quantityMilli) > MAX_MONEY_MINOR) problems.push({ field: `entryNames.${index}.quantity`, message: "The line total is too large" });
  });
  if (problems.length > 0) return;
  const { totals } = computeInvoiceTotals({ lines: moneyLinesOf(taskLines, nameLines), discountMilli: 0, paymentsMinor: [] });
  if (totals.total > MAX_MONEY_MINOR) problems.push({ field: "entryNames", message: "The invoice total is too large" });
}

/**
 * The live totals the editor shows while typing: the body's lines in the invoice's currency. Fields that
 * do not read yet count as 0.
 */
export function previewInvoiceTotals(
  body: { entryTasks?: readonly InvoiceTaskLineBody[]; entryNames?: readonly InvoiceNameLineBody[]; discount?: number | string },
  digits: number,
  paymentsMinor: readonly number[] = [],
): InvoiceTotals {
  const value = (result: DecimalResult) => (result.ok ? result.value : 0);
  const lines: MoneyLine[] = [
    ...(body.entryTasks ?? []).map((line) => ({
      amountMinor: value(parseMoney(line.amount, digits)),
      quantityMilli: value(parseQuantity(line.hour)),
      taxMilli: value(parsePercent(line.tax ?? 0)),
    })),
    ...(body.entryNames ?? []).map((line) => ({
      amountMinor: value(parseMoney(line.amount, digits)),
      quantityMilli: value(parseQuantity(line.quantity ?? 1)),
      taxMilli: value(parsePercent(line.tax ?? 0)),
    })),
  ];
  return computeInvoiceTotals({ lines, discountMilli: value(parsePercent(body.discount ?? 0)), paymentsMinor }).totals;
}

/** The message of a refused payment amount, or null. */
export function paymentAmountMessage(input: Parameters<typeof checkPaymentAmount>[0], format: (minor: number) => string): string | null {
  switch (checkPaymentAmount(input)) {
    case "not_positive":
      return "The amount must be more than zero";
    case "more_than_due":
      return `The amount is more than the due (${format(input.dueMinor)})`;
    case "partial_not_allowed":
      return `This invoice must be paid in full (${format(input.dueMinor)})`;
    case "below_minimum":
      return `The least partial payment is ${format(input.minimumPartialMinor)}`;
    default:
      return null;
  }
}


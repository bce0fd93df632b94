import { computeInvoiceTotals, formatUnits, type BillTimeBody, type CreateInvoiceBody, type Invoice, type InvoiceTotals, type LineMoney, type UnbilledTime } from "@plotline/contracts";
import { readAmount, readPercent, readQuantity, valueOr0, type InputProblem, type ReadInput } from "./money.js";

/**
 * The editor's form: every figure as typed (text), so a half-typed `12.` or a decimal comma stays as the
 * person wrote it. Reading it into exact units (and refusing what the currency cannot hold) is done here,
 * with the contracts' money functions, the same the server uses.
 */

/** A task line as typed: rate per hour, hours and tax %. */
export interface TaskLineDraft {
  /** Stable React key: lines are added and removed in the middle. */
  key: string;
  task: string;
  task_id: number | null;
  amount: string;
  hour: string;
  tax: string;
  /** Built from the project's uninvoiced time: its hours are the logs', its rate and tax the billing's. */
  fromTime?: boolean;
}

/** A name line as typed: unit price, quantity and tax %. */
export interface NameLineDraft {
  key: string;
  name: string;
  amount: string;
  quantity: string;
  tax: string;
}

/** The whole editor. */
export interface InvoiceDraft {
  title: string;
  /** The client's user id as the select holds it, or null before one is picked. */
  client_id: string | null;
  start_at: string;
  due_date: string | null;
  discount: string;
  partial: boolean;
  minimum_partial: string;
  currency: string;
  notes: string;
  terms: string;
  entryTasks: TaskLineDraft[];
  entryNames: NameLineDraft[];
  /**
   * "Bill tracked time" on a new invoice: the rate per hour and tax % of the lines built from the
   * project's uninvoiced time (the server builds them again on save and marks the logs billed), or null.
   */
  billTime: { rate: string; tax: string } | null;
}

let lastKey = 0;
/** A key no other line of this page has. */
export function newLineKey(): string {
  lastKey += 1;
  return `line-${lastKey}`;
}

/** An empty task line. */
export function emptyTaskLine(): TaskLineDraft {
  return { key: newLineKey(), task: "", task_id: null, amount: "", hour: "1", tax: "" };
}

/** An empty name line. */
export function emptyNameLine(): NameLineDraft {
  return { key: newLineKey(), name: "", amount: "", quantity: "1", tax: "" };
}

/** A new invoice: today's date, the organisation's currency, one empty name line. */
export function newDraft(currency: string, today: string): InvoiceDraft {
  return {
    title: "",
    client_id: null,
    start_at: today,
    due_date: null,
    discount: "",
    partial: false,
    minimum_partial: "",
    currency,
    notes: "",
    terms: "",
    entryTasks: [],
    entryNames: [emptyNameLine()],
    billTime: null,
  };
}

/** A number as the field shows it: `12.5` stays `12.5`, 0 is empty (the placeholder says 0). */
function shown(value: number): string {
  return value === 0 ? "" : String(value);
}

/** An invoice as the editor shows it. */
export function draftOf(invoice: Invoice): InvoiceDraft {
  return {
    title: invoice.title,
    client_id: String(invoice.client_id),
    start_at: invoice.start_at,
    due_date: invoice.due_date,
    discount: shown(invoice.discount),
    partial: invoice.partial,
    minimum_partial: invoice.minimum_partial_minor === 0 ? "" : formatUnits(invoice.minimum_partial_minor, invoice.decimal_digits),
    currency: invoice.currency,
    notes: invoice.notes,
    terms: invoice.terms,
    entryTasks: invoice.entryTasks.map((line) => ({
      key: newLineKey(),
      task: line.task,
      task_id: line.task_id,
      amount: formatUnits(line.amount_minor, invoice.decimal_digits),
      hour: String(line.hour),
      tax: shown(line.tax),
    })),
    entryNames: invoice.entryNames.map((line) => ({
      key: newLineKey(),
      name: line.name,
      amount: formatUnits(line.amount_minor, invoice.decimal_digits),
      quantity: String(line.quantity),
      tax: shown(line.tax),
    })),
    billTime: null,
  };
}

/**
 * The draft billing the project's uninvoiced time: one task line per task with its hours, at `rate` per
 * hour with `tax` %, in place of any time lines it had; the other lines stay.
 */
export function withTrackedTime(draft: InvoiceDraft, time: UnbilledTime, rate: string, tax: string): InvoiceDraft {
  const timeLines = time.map((entry) => ({ key: newLineKey(), task: entry.task, task_id: entry.task_id, amount: rate, hour: String(entry.hour), tax, fromTime: true }));
  return { ...draft, billTime: { rate, tax }, entryTasks: [...timeLines, ...draft.entryTasks.filter((line) => !line.fromTime)] };
}

/** The draft with a new rate or tax for its time lines. */
export function withTimeBilling(draft: InvoiceDraft, billTime: { rate: string; tax: string }): InvoiceDraft {
  return { ...draft, billTime, entryTasks: draft.entryTasks.map((line) => (line.fromTime ? { ...line, amount: billTime.rate, tax: billTime.tax } : line)) };
}

/** The draft without its time lines: tracked time is not billed after all. */
export function withoutTrackedTime(draft: InvoiceDraft): InvoiceDraft {
  return { ...draft, billTime: null, entryTasks: draft.entryTasks.filter((line) => !line.fromTime) };
}

/** The fields of one line, read. */
interface ReadLine {
  amount: ReadInput;
  quantity: ReadInput;
  tax: ReadInput;
}

function readTaskLine(line: TaskLineDraft, digits: number): ReadLine {
  return { amount: readAmount(line.amount, digits, true), quantity: readQuantity(line.hour, true), tax: readPercent(line.tax) };
}

function readNameLine(line: NameLineDraft, digits: number): ReadLine {
  return { amount: readAmount(line.amount, digits, true), quantity: readQuantity(line.quantity, true), tax: readPercent(line.tax) };
}

/** What the editor shows live: each line's total and tax, and the invoice's totals, in minor units. */
export interface DraftMoney {
  taskLines: LineMoney[];
  nameLines: LineMoney[];
  totals: InvoiceTotals;
}

/**
 * The live totals of the form, computed by the contracts' rules (each line rounded, tax per line, the
 * discount on the subtotal). A field that does not read yet counts as 0, so the totals follow the typing.
 */
export function draftMoney(draft: InvoiceDraft, digits: number, paymentsMinor: readonly number[] = []): DraftMoney {
  const moneyLine = (line: ReadLine) => ({ amountMinor: valueOr0(line.amount), quantityMilli: valueOr0(line.quantity), taxMilli: valueOr0(line.tax) });
  const lines = [...draft.entryTasks.map((line) => moneyLine(readTaskLine(line, digits))), ...draft.entryNames.map((line) => moneyLine(readNameLine(line, digits)))];
  const computed = computeInvoiceTotals({ lines, discountMilli: valueOr0(readPercent(draft.discount)), paymentsMinor });
  return {
    taskLines: computed.lines.slice(0, draft.entryTasks.length),
    nameLines: computed.lines.slice(draft.entryTasks.length),
    totals: computed.totals,
  };
}

/** Problems of the form by field path (`entryNames.0.amount`, as the server names them): i18n keys. */
export type DraftProblems = Record<string, InputProblem | "no_lines" | "minimum_above_total">;

/** Checks the form before it is sent; empty when it may be saved. The server checks again. */
export function draftProblems(draft: InvoiceDraft, digits: number): DraftProblems {
  const problems: DraftProblems = {};
  const note = (field: string, input: ReadInput) => {
    if (!input.ok) problems[field] = input.error;
  };
  if (draft.title.trim() === "") problems.title = "required";
  if (!draft.client_id) problems.client_id = "required";
  if (draft.start_at === "") problems.start_at = "required";
  draft.entryTasks.forEach((line, index) => {
    if (line.task.trim() === "") problems[`entryTasks.${index}.task`] = "required";
    const read = readTaskLine(line, digits);
    // A time line's rate and tax are the billing's fields; its hours are the logs'.
    note(line.fromTime ? "billTime.rate" : `entryTasks.${index}.amount`, read.amount);
    note(`entryTasks.${index}.hour`, read.quantity);
    note(line.fromTime ? "billTime.tax" : `entryTasks.${index}.tax`, read.tax);
  });
  draft.entryNames.forEach((line, index) => {
    if (line.name.trim() === "") problems[`entryNames.${index}.name`] = "required";
    const read = readNameLine(line, digits);
    note(`entryNames.${index}.amount`, read.amount);
    note(`entryNames.${index}.quantity`, read.quantity);
    note(`entryNames.${index}.tax`, read.tax);
  });
  if (draft.entryTasks.length + draft.entryNames.length === 0) problems.lines = "no_lines";
  note("discount", readPercent(draft.discount));
  if (draft.partial) {
    const minimum = readAmount(draft.minimum_partial, digits);
    note("minimum_partial", minimum);
    if (minimum.ok && minimum.value > draftMoney(draft, digits).totals.total) problems.minimum_partial = "minimum_above_total";
  }
  return problems;
}

/** A typed figure as the API takes it: exact decimal text with a point (`1,5` is sent as `1.5`). */
function sent(input: ReadInput, digits: number): string {
  return formatUnits(valueOr0(input), digits);
}

/**
 * The body of create and update, from a form without problems. A draft billing tracked time goes to
 * `from-time` with its rate and tax, without the time lines: the server builds them from the logs.
 */
export function bodyOf(draft: InvoiceDraft, digits: number): CreateInvoiceBody | BillTimeBody {
  const body = {
    title: draft.title.trim(),
    client_id: Number(draft.client_id),
    start_at: draft.start_at,
    due_date: draft.due_date || null,
    discount: sent(readPercent(draft.discount), 3),
    partial: draft.partial,
    minimum_partial: draft.partial ? sent(readAmount(draft.minimum_partial, digits), digits) : "0",
    currency: draft.currency,
    notes: draft.notes.trim(),
    terms: draft.terms.trim(),
    entryTasks: draft.entryTasks.filter((line) => !(draft.billTime && line.fromTime)).map((line) => ({
      task: line.task.trim(),
      task_id: line.task_id,
      amount: sent(readAmount(line.amount, digits), digits),
      hour: sent(readQuantity(line.hour), 3),
      tax: sent(readPercent(line.tax), 3),
    })),
    entryNames: draft.entryNames.map((line) => ({
      name: line.name.trim(),
      amount: sent(readAmount(line.amount, digits), digits),
      quantity: sent(readQuantity(line.quantity), 3),
      tax: sent(readPercent(line.tax), 3),
    })),
  };
  if (!draft.billTime) return body;
  return { ...body, rate: sent(readAmount(draft.billTime.rate, digits), digits), tax: sent(readPercent(draft.billTime.tax), 3) };
}

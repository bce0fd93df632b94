/**
 * The money rules of invoices, as pure functions used by the server and the web alike.
 *
 * Units:
 * - an amount is an integer of the currency's minor units (cents; yen; fils, a thousandth of a dinar);
 * - hours, quantities and percentages are integers of thousandths (`1.5` hours is 1500, a tax of 7.25% is
 *   7250), so every product is exact integer arithmetic, done in BigInt.
 *
 * Rounding: half away from zero, to the minor unit, at exactly three places (see the module README):
 * 1. each line's total (amount x hours, amount x quantity);
 * 2. each line's tax (line total x tax %);
 * 3. the discount (subtotal x discount %): the discount applies to the subtotal before tax, and the tax
 *    is not reduced by it.
 * Everything else is a sum or a difference of those integers: subtotal = sum of line totals, tax = sum of
 * line taxes, total = subtotal + tax - discount, paid = sum of payments, due = max(0, total - paid).
 */

/** Thousandths: how hours, quantities and percentages are held. */
export const MILLI = 1000;

/** The largest amount, line total or invoice total, in minor units: well inside a double's exact integers. */
export const MAX_MONEY_MINOR = 1_000_000_000_000_000;

/** The largest number of hours or quantity on one line. */
export const MAX_LINE_QUANTITY = 1_000_000;

/** Invoice status: nothing paid, all paid, part paid. */
export const INVOICE_STATUS = { incomplete: 0, complete: 1, partial: 3 } as const;
export type InvoiceStatus = (typeof INVOICE_STATUS)[keyof typeof INVOICE_STATUS];

/** Why a decimal text was refused. */
export type DecimalError = "not_a_number" | "too_many_decimals" | "negative" | "too_large";

/** The result of reading a decimal: the integer of units, or why not. */
export type DecimalResult = { ok: true; value: number } | { ok: false; error: DecimalError };

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** Plain decimal text of a number, without exponent (`1e-7` becomes `0.0000001`). */
function decimalTextOf(value: number | string): string | null {
  if (typeof value === "string") return value.trim();
  if (!Number.isFinite(value)) return null;
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // Exponent form: only for very small or very large numbers; toFixed(20) is exact enough to detect excess digits.
  if (Math.abs(value) >= 1e21) return null;
  return value.toFixed(20).replace(/0+$/, "").replace(/\.$/, "");
}

/**
 * Reads a decimal number (JSON number or text, e.g. `12.5`, `"12.50"`) into an integer of 10^-digits
 * units exactly, without floating-point arithmetic. More significant decimals than `digits` is an error
 * (trailing zeros are fine); so are negatives (unless allowed) and values above `max` units.
 */
export function parseDecimalUnits(value: number | string, digits: number, options: { max?: number; allowNegative?: boolean } = {}): DecimalResult {
  const text = decimalTextOf(value);
  if (text === null || text === "" || text === ".") return { ok: false, error: "not_a_number" };
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, error: "not_a_number" };
  const [, sign = "", whole = "", rawFraction = ""] = match;
  if (whole === "" && rawFraction === "") return { ok: false, error: "not_a_number" };
  const fraction = rawFraction.replace(/0+$/, "");
  if (fraction.length > digits) return { ok: false, error: "too_many_decimals" };
  const units = BigInt((whole || "0") + fraction.padEnd(digits, "0"));
  const negative = sign === "-" && units !== 0n;
  if (negative && !options.allowNegative) return { ok: false, error: "negative" };
  const max = BigInt(options.max ?? MAX_MONEY_MINOR);
  if (units > max) return { ok: false, error: "too_large" };
  return { ok: true, value: Number(negative ? -units : units) };
}

/** A major-unit amount (`12.5`) in minor units of a currency with `digits` decimals (`1250`). */
export function parseMoney(value: number | string, digits: number, options: { allowNegative?: boolean } = {}): DecimalResult {
  return parseDecimalUnits(value, digits, { max: MAX_MONEY_MINOR, allowNegative: options.allowNegative });
}

/** Hours or a quantity (`1.5`) in thousandths (`1500`), at most three decimals. */
export function parseQuantity(value: number | string): DecimalResult {
  return parseDecimalUnits(value, 3, { max: MAX_LINE_QUANTITY * MILLI });
}

/** A percentage (`7.25`) in thousandths of a percent (`7250`), from 0 to 100, at most three decimals. */
export function parsePercent(value: number | string): DecimalResult {
  return parseDecimalUnits(value, 3, { max: 100 * MILLI });
}

/** Integer units as decimal text with exactly `digits` decimals: `formatUnits(1250, 2)` is `"12.50"`. */
export function formatUnits(units: number, digits: number): string {
  const negative = units < 0;
  const text = String(Math.abs(Math.trunc(units))).padStart(digits + 1, "0");
  const whole = digits === 0 ? text : text.slice(0, -digits);
  const fraction = digits === 0 ? "" : `.${text.slice(-digits)}`;
  return `${negative ? "-" : ""}${whole}${fraction}`;
}

/** Minor units as major-unit text: `formatMoney(1250, 2)` is `"12.50"`, `formatMoney(1250, 0)` is `"1250"`. */
export function formatMoney(minor: number, digits: number): string {
  return formatUnits(minor, digits);
}

/** Minor units as a major-unit number, as the API answers amounts (`1250` -> `12.5`). */
export function minorToMajor(minor: number, digits: number): number {
  return Number(formatUnits(minor, digits));
}

/** Thousandths as a plain number (`1500` -> `1.5`). */
export function milliToNumber(milli: number): number {
  return Number(formatUnits(milli, 3));
}

/** `numerator / denominator` rounded half away from zero, exactly (BigInt). */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError("division by zero");
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let quotient = n / d;
  if ((n % d) * 2n >= d) quotient += 1n;
  return negative ? -quotient : quotient;
}

/** A line's total: amount (minor units) x hours or quantity (thousandths), rounded to the minor unit. */
export function lineTotalMinor(amountMinor: number, quantityMilli: number): number {
  return Number(divideRounded(BigInt(amountMinor) * BigInt(quantityMilli), BigInt(MILLI)));
}

/** A percentage (thousandths of a percent) of an amount in minor units, rounded to the minor unit. */
export function percentOfMinor(baseMinor: number, percentMilli: number): number {
  return Number(divideRounded(BigInt(baseMinor) * BigInt(percentMilli), BigInt(100 * MILLI)));
}

/** A line as the money rules see it: a task line (`amount` per hour) or a name line (`amount` each). */
export interface MoneyLine {
  /** Rate or unit price, minor units. */
  amountMinor: number;
  /** Hours (task line) or quantity (name line), thousandths. */
  quantityMilli: number;
  /** Tax percentage, thousandths of a percent. */
  taxMilli: number;
}

/** A line's computed money. */
export interface LineMoney {
  /** amount x quantity, rounded. */
  totalMinor: number;
  /** total x tax %, rounded. */
  taxMinor: number;
}

/** An invoice's totals, all in minor units. */
export interface InvoiceTotals {
  subtotal: number;
  tax: number;
  discount: number;
  total: number;
  paid: number;
  due: number;
}

/** The money of one line. */
export function lineMoney(line: MoneyLine): LineMoney {
  const totalMinor = lineTotalMinor(line.amountMinor, line.quantityMilli);
  return { totalMinor, taxMinor: percentOfMinor(totalMinor, line.taxMilli) };
}

/** The status that payments give: 0 when nothing is paid, 1 when the total is paid, else 3. */
export function invoiceStatusOf(totalMinor: number, paidMinor: number): InvoiceStatus {
  if (paidMinor <= 0) return INVOICE_STATUS.incomplete;
  if (paidMinor >= totalMinor) return INVOICE_STATUS.complete;
  return INVOICE_STATUS.partial;
}

/** What is left to pay: total - paid, never below zero. */
export function dueOf(totalMinor: number, paidMinor: number): number {
  return Math.max(0, totalMinor - paidMinor);
}

/**
 * An invoice's lines and totals. `lines` comes first the task lines then the name lines, in the order
 * given; `discountMilli` is the discount percentage in thousandths; `paymentsMinor` the amounts paid.
 */
export function computeInvoiceTotals(input: {
  lines: readonly MoneyLine[];
  discountMilli: number;
  paymentsMinor: readonly number[];
}): { lines: LineMoney[]; totals: InvoiceTotals; status: InvoiceStatus } {
  const lines = input.lines.map(lineMoney);
  const subtotal = lines.reduce((sum, line) => sum + line.totalMinor, 0);
  const tax = lines.reduce((sum, line) => sum + line.taxMinor, 0);
  const discount = percentOfMinor(subtotal, input.discountMilli);
  const total = subtotal + tax - discount;
  const paid = input.paymentsMinor.reduce((sum, amount) => sum + amount, 0);
  return { lines, totals: { subtotal, tax, discount, total, paid, due: dueOf(total, paid) }, status: invoiceStatusOf(total, paid) };
}

/** Why a payment amount is refused before a checkout, or null when it may be paid. */
export type PaymentAmountProblem = "not_positive" | "more_than_due" | "below_minimum" | "partial_not_allowed" | null;

/**
 * Checks an amount someone wants to pay: more than zero, at most the due; when it is less than the due,
 * partial payments must be on and the amount at least the minimum partial (or the whole due when the due
 * is itself below the minimum).
 */
export function checkPaymentAmount(input: { amountMinor: number; dueMinor: number; partial: boolean; minimumPartialMinor: number }): PaymentAmountProblem {
  if (input.amountMinor <= 0) return "not_positive";
  if (input.amountMinor > input.dueMinor) return "more_than_due";
  if (input.amountMinor === input.dueMinor) return null;
  if (!input.partial) return "partial_not_allowed";
  if (input.amountMinor < input.minimumPartialMinor) return "below_minimum";
  return null;
}

/** Formats minor units for reading, with the currency's symbol: `formatCurrency(1250, "$", 2)` is `"$12.50"`. */
export function formatCurrency(minor: number, symbol: string, digits: number): string {
  const text = formatMoney(Math.abs(minor), digits);
  const [whole = "0", fraction] = text.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const body = fraction === undefined ? grouped : `${grouped}.${fraction}`;
  const spaced = /^[A-Za-z]/.test(symbol.slice(-1)) ? `${symbol} ` : symbol;
  return `${minor < 0 ? "-" : ""}${spaced}${body}`;
}

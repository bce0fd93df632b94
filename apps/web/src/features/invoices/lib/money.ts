import { currencyDigits, formatMoney, parseMoney, parsePercent, parseQuantity, type DecimalError, type DecimalResult } from "@plotline/contracts";

/** Formatters by locale and currency: building one is slow next to using it, and a list formats hundreds. */
const formatters = new Map<string, Intl.NumberFormat | null>();

function formatterOf(code: string, locale: string, digits: number): Intl.NumberFormat | null {
  const key = `${locale}|${code}`;
  if (!formatters.has(key)) {
    let formatter: Intl.NumberFormat | null = null;
    try {
      formatter = new Intl.NumberFormat(locale, { style: "currency", currency: code, minimumFractionDigits: digits, maximumFractionDigits: digits });
    } catch {
      // A code the browser does not know: the plain figures with the code in front are still exact.
    }
    formatters.set(key, formatter);
  }
  return formatters.get(key) ?? null;
}

/**
 * Minor units of `code` for reading, in the invoice's currency and the reader's locale (`$1,234.50`,
 * `¥1,235`, `BHD 1.250`). The figures go to Intl as decimal text, so amounts past a double's exact integers
 * are shown exactly.
 */
export function formatAmount(minor: number, code: string, locale = "en"): string {
  const digits = currencyDigits(code);
  const text = formatMoney(minor, digits);
  const formatter = formatterOf(code, locale, digits);
  return formatter ? formatter.format(text as Intl.StringNumericLiteral) : `${code} ${text}`;
}

/** Why a typed amount, quantity or percentage was refused: the i18n key under `invoices.errors`. */
export type InputProblem = DecimalError | "required";

/** A field of the editor as typed, read: its units, or why it cannot be read. */
export type ReadInput = { ok: true; value: number } | { ok: false; error: InputProblem };

/** Text as typed, without spaces and with a decimal comma read as a point (`1 234,5` is 1234.5). */
function normalise(text: string): string {
  const trimmed = text.replace(/[\s\u00a0\u202f]/g, "");
  // One comma and no point is a decimal comma; commas beside a point group thousands.
  if (trimmed.includes(".")) return trimmed.replace(/,/g, "");
  const commas = trimmed.split(",").length - 1;
  return commas === 1 ? trimmed.replace(",", ".") : trimmed;
}

function read(text: string, parse: (value: string) => DecimalResult, required: boolean): ReadInput {
  const clean = normalise(text);
  if (clean === "") return required ? { ok: false, error: "required" } : { ok: true, value: 0 };
  return parse(clean);
}

/** An amount typed in major units (`12.5`, `1,234.50`) as minor units of a currency with `digits` decimals. */
export function readAmount(text: string, digits: number, required = false): ReadInput {
  return read(text, (value) => parseMoney(value, digits), required);
}

/** Hours or a quantity typed (`1.5`) as thousandths. */
export function readQuantity(text: string, required = false): ReadInput {
  return read(text, parseQuantity, required);
}

/** A percentage typed (`7.25`) as thousandths of a percent, 0 to 100. */
export function readPercent(text: string): ReadInput {
  return read(text, parsePercent, false);
}

/** The value of a read field, or 0 when it could not be read (the live totals go on while one is wrong). */
export function valueOr0(input: ReadInput): number {
  return input.ok ? input.value : 0;
}

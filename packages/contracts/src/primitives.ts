import { z } from "zod";

/**
 * Field helpers shared by every schema. Bodies arrive as JSON or as form data, and query strings are
 * always text, so numeric and boolean fields accept their text forms too.
 */

/** The range of a PostgreSQL `integer`: every id and whole number the API stores or compares fits in it. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/** Whole numbers as text: decimal digits with an optional minus; no hex, exponent, plus sign, spaces or fraction. */
const DECIMAL_TEXT = /^-?\d+$/;

/** Text of decimal digits becomes its number; anything else is left for the number schema to refuse. */
function fromDecimalText(value: unknown): unknown {
  return typeof value === "string" && DECIMAL_TEXT.test(value) ? Number(value) : value;
}

/** A whole number schema that also reads decimal text and keeps `.min()` and `.max()` for bounds. */
export type ZStrictInt = z.ZodPreprocess<z.ZodNumber, unknown> & {
  min: (value: number, message?: string) => ZStrictInt;
  max: (value: number, message?: string) => ZStrictInt;
};

function strictInt(number: z.ZodNumber): ZStrictInt {
  return Object.assign(z.preprocess(fromDecimalText, number), {
    min: (value: number, message?: string) => strictInt(number.min(value, message)),
    max: (value: number, message?: string) => strictInt(number.max(value, message)),
  });
}

const wholeNumber = z.number().int().min(INT4_MIN).max(INT4_MAX);

/**
 * A whole number given as a JSON number or as decimal text (`"12"`, `"-1"`), within the 32-bit range of
 * the database's integers. `z.coerce.number()` is not used: it reads `"0x1"`, `" 1"` and `"1e0"` as 1.
 */
export const zInt: ZStrictInt = strictInt(wholeNumber);

/** A database id: a positive whole number, given as a number or as text, within the 32-bit range. */
export const zId: ZStrictInt = zInt.min(1);

/** A 0/1 flag as the documents send it: 0, 1, "0", "1", true or false. Parsed to a boolean. */
export const zFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal("0"), z.literal("1"), z.literal("true"), z.literal("false")])
  .transform((value) => value === true || value === 1 || value === "1" || value === "true");

/** A calendar date written YYYY-MM-DD. */
export const zDateString = z.iso.date();

/** C0 control characters and DEL, which no line of text holds. */
export const LINE_CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * The control characters no text holds, multi-line text included: those of a line but tab, line feed and
 * carriage return. PostgreSQL refuses NUL in text outright and SQLite's full-text search chokes on it.
 */
export const TEXT_CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A trimmed, non-empty line of text: no control characters (a line break, tab or NUL is refused). */
export const zTitle = (max = 255) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((value) => !LINE_CONTROL_CHARACTERS.test(value), {
      error: (issue) => `${issue.path && issue.path.length > 0 ? issue.path.join(".") : "value"} must not contain control characters`,
    });

/** An e-mail address, trimmed and lower-cased so that look-ups ignore case. */
export const zEmail = z.string().trim().toLowerCase().pipe(z.email().max(190));

/** A password as typed: at least 8 characters, at most 200 so hashing stays bounded. */
export const zPassword = z.string().min(8).max(200);

/** A comma-separated list (`with=a,b`) or a repeated parameter (`with[]=a`), parsed to a list of names. */
export const zNameList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => {
    if (value === undefined) return [];
    const parts = Array.isArray(value) ? value : value.split(",");
    return parts.map((part) => part.trim()).filter((part) => part.length > 0);
  });

import { z } from "zod";

/**
 * Field helpers shared by every schema. Bodies arrive as JSON or as form data, and query strings are
 * always text, so numeric and boolean fields accept their text forms too.
 */

/** A database id: a positive whole number, given as a number or as text. */
export const zId = z.coerce.number().int().positive();

/** A whole number given as a number or as text. */
export const zInt = z.coerce.number().int();

/** A 0/1 flag as the documents send it: 0, 1, "0", "1", true or false. Parsed to a boolean. */
export const zFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal("0"), z.literal("1"), z.literal("true"), z.literal("false")])
  .transform((value) => value === true || value === 1 || value === "1" || value === "true");

/** A calendar date written YYYY-MM-DD. */
export const zDateString = z.iso.date();

/** A trimmed, non-empty line of text. */
export const zTitle = (max = 255) => z.string().trim().min(1).max(max);

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

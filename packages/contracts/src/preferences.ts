import { z } from "zod";
import { zFlag } from "./primitives.js";

/**
 * Personal formats of the signed-in user (`GET /api/auth/me` answers them as `preferences`, `POST
 * /api/pm/v2/users/me/preferences` changes them). They change how things read on this user's screens only;
 * what the API sends (date objects in the site's time zone) stays the same for everyone.
 */

/**
 * The date formats a user may choose, in dayjs tokens. A short fixed list rather than free text, so every
 * screen can lay a date out knowing its width, and a typo cannot make dates unreadable.
 */
export const DATE_FORMATS = ["MM/DD/YYYY", "DD/MM/YYYY", "YYYY-MM-DD", "DD.MM.YYYY", "MMM D, YYYY"] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** The colour schemes: `auto` follows the system's light or dark setting. */
export const COLOR_SCHEMES = ["auto", "light", "dark"] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];

/** Longest time-zone name stored; the longest IANA name today is 32 characters. */
export const TIME_ZONE_MAX_LENGTH = 64;

/**
 * The IANA name of a time zone as the runtime spells it (`europe/berlin` gives `Europe/Berlin`, `US/Pacific`
 * gives `America/Los_Angeles`), or null for a name it does not know. Offsets such as `+01:00`, which newer
 * engines also take, are refused: they ignore daylight saving time, which is what a zone name is for.
 */
export function canonicalTimeZone(name: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Message of a time zone the runtime does not know. */
export const UNKNOWN_TIME_ZONE_MESSAGE = "time_zone must be an IANA time zone name, such as Europe/Berlin, or empty for the browser's";

/** A time zone as given: an IANA name (stored as the runtime spells it) or empty for the browser's own. */
export const zTimeZone = z
  .string()
  .trim()
  .max(TIME_ZONE_MAX_LENGTH)
  .transform((value, ctx) => {
    if (value === "") return "";
    const zone = canonicalTimeZone(value);
    if (zone === null) {
      ctx.addIssue({ code: "custom", message: UNKNOWN_TIME_ZONE_MESSAGE });
      return z.NEVER;
    }
    return zone;
  });

/** A user's personal formats. */
export const preferencesSchema = z.object({
  /** How dates read, one of `DATE_FORMATS`. */
  date_format: z.enum(DATE_FORMATS),
  /** IANA zone that times are shown in; empty: the browser's own zone. */
  time_zone: z.string(),
  /** Light, dark, or `auto` (the system's). */
  color_scheme: z.enum(COLOR_SCHEMES),
  /** Whether due dates near today read "tomorrow", "3 days late" rather than as a date. */
  relative_dates: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** What a user who never chose anything gets: the documents' MM/DD/YYYY, the browser's zone and theme. */
export const DEFAULT_PREFERENCES: Preferences = {
  date_format: "MM/DD/YYYY",
  time_zone: "",
  color_scheme: "auto",
  relative_dates: true,
};

/** `POST /api/pm/v2/users/me/preferences`: only the fields given change; an unknown field is refused. */
export const updatePreferencesBody = z
  .object({
    date_format: z.enum(DATE_FORMATS).optional(),
    time_zone: zTimeZone.optional(),
    color_scheme: z.enum(COLOR_SCHEMES).optional(),
    relative_dates: zFlag.optional(),
  })
  .strict();
export type UpdatePreferencesBody = z.infer<typeof updatePreferencesBody>;

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

/** The kinds of mail a user may turn off, each on unless they chose otherwise. */
export const EMAIL_NOTIFICATION_KINDS = ["assigned", "comments", "mentions", "project_activity", "daily_digest"] as const;
export type EmailNotificationKind = (typeof EMAIL_NOTIFICATION_KINDS)[number];

/** Which mails a user gets. */
export const emailNotificationsSchema = z.object({
  /** A task was assigned to them. */
  assigned: z.boolean(),
  /** A comment on a task they are assigned to or created, or one that names them among those to tell. */
  comments: z.boolean(),
  /** Someone @mentioned them in a comment. */
  mentions: z.boolean(),
  /** A discussion was started or a file added in one of their projects. */
  project_activity: z.boolean(),
  /** The morning digest of their tasks, when the site sends it (general setting `daily_digest`). */
  daily_digest: z.boolean(),
});
export type EmailNotifications = z.infer<typeof emailNotificationsSchema>;

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
  /** Which mails they get; every kind is on until turned off. */
  email_notifications: emailNotificationsSchema,
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** What a user who never chose anything gets: the documents' MM/DD/YYYY, the browser's zone and theme. */
export const DEFAULT_PREFERENCES: Preferences = {
  date_format: "MM/DD/YYYY",
  time_zone: "",
  color_scheme: "auto",
  relative_dates: true,
  email_notifications: { assigned: true, comments: true, mentions: true, project_activity: true, daily_digest: true },
};

/** `POST /api/pm/v2/users/me/preferences`: only the fields given change; an unknown field is refused. */
export const updatePreferencesBody = z
  .object({
    date_format: z.enum(DATE_FORMATS).optional(),
    time_zone: zTimeZone.optional(),
    color_scheme: z.enum(COLOR_SCHEMES).optional(),
    relative_dates: zFlag.optional(),
    /** Only the kinds given change. */
    email_notifications: z
      .object({
        assigned: zFlag.optional(),
        comments: zFlag.optional(),
        mentions: zFlag.optional(),
        project_activity: zFlag.optional(),
        daily_digest: zFlag.optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type UpdatePreferencesBody = z.infer<typeof updatePreferencesBody>;

import { COLOR_SCHEMES, DATE_FORMATS, DEFAULT_PREFERENCES, type Preferences } from "@plotline/contracts";
import type { UserPreferencesRow } from "./preferences.tables.js";

/** A user's choices of mail as the API shows them (anything but 0 is on, as the column's default). */
export function presentEmailNotifications(row: UserPreferencesRow | undefined): Preferences["email_notifications"] {
  if (!row) return { ...DEFAULT_PREFERENCES.email_notifications };
  return {
    assigned: row.email_assigned !== 0,
    comments: row.email_comments !== 0,
    mentions: row.email_mentions !== 0,
    project_activity: row.email_project_activity !== 0,
    daily_digest: row.email_daily_digest !== 0,
  };
}

/**
 * A user's preferences as the API shows them: the defaults where nothing is stored, and the default of a
 * field whose stored value a later version no longer offers (a date format taken off the list).
 */
export function presentPreferences(row: UserPreferencesRow | undefined): Preferences {
  if (!row) return { ...DEFAULT_PREFERENCES, email_notifications: { ...DEFAULT_PREFERENCES.email_notifications } };
  const dateFormat = DATE_FORMATS.find((format) => format === row.date_format);
  const colorScheme = COLOR_SCHEMES.find((scheme) => scheme === row.color_scheme);
  return {
    date_format: dateFormat ?? DEFAULT_PREFERENCES.date_format,
    time_zone: row.time_zone,
    color_scheme: colorScheme ?? DEFAULT_PREFERENCES.color_scheme,
    relative_dates: row.relative_dates === 1,
    email_notifications: presentEmailNotifications(row),
  };
}

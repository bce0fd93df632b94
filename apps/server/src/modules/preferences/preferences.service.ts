import { DEFAULT_PREFERENCES, type EmailNotifications, type Preferences, type UpdatePreferencesBody } from "@plotline/contracts";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../lib/actor.js";
import { nowUtc } from "../../lib/dates.js";
import { readCache } from "../../shared/read-cache.js";
import { presentEmailNotifications, presentPreferences } from "./preferences.presenter.js";
import { preferencesRepository } from "./preferences.repository.js";

/** Users whose preferences are kept in memory at once. */
const MAX_KEPT_USERS = 10_000;

/** Columns of a user who never chose anything. */
const DEFAULT_ROW = {
  date_format: DEFAULT_PREFERENCES.date_format,
  time_zone: DEFAULT_PREFERENCES.time_zone,
  color_scheme: DEFAULT_PREFERENCES.color_scheme,
  relative_dates: DEFAULT_PREFERENCES.relative_dates ? 1 : 0,
  email_assigned: 1,
  email_comments: 1,
  email_mentions: 1,
  email_project_activity: 1,
  email_daily_digest: 1,
};

/** The columns of the mail kinds a change turns on or off; kinds not given are left as they are. */
function emailChanges(input: UpdatePreferencesBody["email_notifications"]) {
  if (!input) return {};
  const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);
  const columns = {
    email_assigned: flag(input.assigned),
    email_comments: flag(input.comments),
    email_mentions: flag(input.mentions),
    email_project_activity: flag(input.project_activity),
    email_daily_digest: flag(input.daily_digest),
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

/**
 * A user's personal formats. Everyone reads and changes only their own, so there is no policy: the actor
 * is the owner. The values were checked by the body's schema (the time zone against the runtime's zones).
 */
export function preferencesService(ctx: AppContext) {
  const preferences = preferencesRepository(ctx.db);
  // Read on every `auth/me`, changed a few times in a user's life: kept per user until the table is written.
  const kept = readCache<Preferences>(ctx.tables, { dependsOn: ["user_preferences"], maxWeight: MAX_KEPT_USERS });

  return {
    getPreferences(actor: Actor): Promise<Preferences> {
      return kept.get(String(actor.id), async () => presentPreferences(await preferences.findPreferences(actor.id)));
    },

    async updatePreferences(actor: Actor, input: UpdatePreferencesBody): Promise<Preferences> {
      const row = await preferences.upsertPreferences(
        actor.id,
        {
          ...(input.date_format !== undefined && { date_format: input.date_format }),
          ...(input.time_zone !== undefined && { time_zone: input.time_zone }),
          ...(input.color_scheme !== undefined && { color_scheme: input.color_scheme }),
          ...(input.relative_dates !== undefined && { relative_dates: input.relative_dates ? 1 : 0 }),
          ...emailChanges(input.email_notifications),
        },
        DEFAULT_ROW,
        nowUtc(),
      );
      return presentPreferences(row);
    },

    /**
     * Which mails each of these users gets (the defaults for a user who never chose), read now: for the
     * jobs that send mail, which decide when they send.
     */
    async emailNotificationsOf(userIds: readonly number[]): Promise<Map<number, EmailNotifications>> {
      const rows = new Map((await preferences.findPreferencesOf(userIds)).map((row) => [row.user_id, row]));
      return new Map(userIds.map((id) => [id, presentEmailNotifications(rows.get(id))]));
    },
  };
}

export type PreferencesService = ReturnType<typeof preferencesService>;

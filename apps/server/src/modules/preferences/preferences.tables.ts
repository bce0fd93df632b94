import type { Selectable, Updateable } from "kysely";

declare module "../../db/schema.js" {
  interface Database {
    user_preferences: UserPreferencesTable;
  }
}

/**
 * One user's personal formats (migration `preferences-table`). A user without a row has the defaults of
 * contracts' `DEFAULT_PREFERENCES`: the row is written on the first change.
 */
export interface UserPreferencesTable {
  /** Whose they are; the row goes with the account. */
  user_id: number;
  /** One of contracts' `DATE_FORMATS`. */
  date_format: string;
  /** An IANA zone name, or "" for the browser's own zone. */
  time_zone: string;
  /** `auto`, `light` or `dark`. */
  color_scheme: string;
  /** Whether due dates near today read relative (0/1). */
  relative_dates: number;
  /** Mail when a task is assigned to them (0/1; migration `preferences-email`, like the four below). */
  email_assigned: number;
  /** Mail about comments on their tasks or naming them. */
  email_comments: number;
  /** Mail when @mentioned. */
  email_mentions: number;
  /** Mail about new discussions and files in their projects. */
  email_project_activity: number;
  /** The daily digest, when the site sends it. */
  email_daily_digest: number;
  updated_at: string;
}
export type UserPreferencesRow = Selectable<UserPreferencesTable>;
/** The columns a change may set. */
export type UserPreferencesChanges = Omit<Updateable<UserPreferencesTable>, "user_id" | "updated_at">;

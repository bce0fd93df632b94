import type { Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * Table types. Timestamps are UTC text `YYYY-MM-DD HH:MM:SS` and calendar dates `YYYY-MM-DD` on both
 * databases, so that they compare, sort and index the same way everywhere; flags are 0/1 integers.
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  settings: SettingsTable;
  module_states: ModuleStatesTable;
}

export interface UsersTable {
  id: Generated<number>;
  display_name: string;
  /** Lower-cased; unique. */
  email: string;
  password_hash: string;
  /** The site-wide manager capability (0/1). */
  manage_pm: number;
  avatar_url: string | null;
  created_at: string;
  updated_at: string;
}
export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

export interface SessionsTable {
  id: Generated<number>;
  /** SHA-256 of the cookie's token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  /** Sent back as X-PM-Nonce on state-changing requests. */
  nonce: string;
  expires_at: string;
  created_at: string;
}
export type SessionRow = Selectable<SessionsTable>;

export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** SHA-256 of the token. */
  token_hash: string;
  created_at: string;
  last_used_at: string | null;
}
export type ApiTokenRow = Selectable<ApiTokensTable>;

export interface SettingsTable {
  key: string;
  /** JSON text. */
  value: string;
  updated_at: string;
}

export interface ModuleStatesTable {
  key: string;
  active: number;
  updated_at: string;
}

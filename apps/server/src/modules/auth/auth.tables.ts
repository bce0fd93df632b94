import type { Generated, Selectable } from "kysely";

declare module "../../db/schema.js" {
  interface Database {
    sessions: SessionsTable;
    api_tokens: ApiTokensTable;
  }
}

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

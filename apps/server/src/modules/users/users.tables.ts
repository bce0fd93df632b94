import type { Generated, Insertable, Selectable, Updateable } from "kysely";

declare module "../../db/schema.js" {
  interface Database {
    users: UsersTable;
  }
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

import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { authRepository } from "./auth.repository.js";

// Session rules other modules need. Apart from auth.service.ts because the users module calls it and
// auth.service.ts reads users: one file for both would make the two modules' services import each other.

/** Signs a user out everywhere but `exceptSessionId` (their own session when they change their own password). */
export async function revokeSessionsOfUser(db: Kysely<Database>, userId: number, exceptSessionId: number | null): Promise<void> {
  await authRepository(db).deleteSessionsOfUser(userId, exceptSessionId);
}

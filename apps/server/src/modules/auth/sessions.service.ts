import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { SharedState } from "../../shared/shared-state.js";
import { authRepository } from "./auth.repository.js";
import { forgetSignIns } from "./signed-in-cache.js";

// Session rules other modules need. Apart from auth.service.ts because the users module calls it and
// auth.service.ts reads users: one file for both would make the two modules' services import each other.

/** Signs a user out everywhere but `exceptSessionId` (their own session when they change their own password). */
export async function revokeSessionsOfUser(ctx: { db: Kysely<Database>; shared: SharedState }, userId: number, exceptSessionId: number | null): Promise<void> {
  await authRepository(ctx.db).deleteSessionsOfUser(userId, exceptSessionId);
  await forgetSignIns(ctx.shared.revisions);
}

/** After a change to a user (name, e-mail, site manager or not), every process reads who is signed in again. */
export function userChanged(ctx: { shared: SharedState }): Promise<void> {
  return forgetSignIns(ctx.shared.revisions);
}

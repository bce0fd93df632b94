import { sql } from "kysely";
import { NOTIFICATION_TYPES } from "../../packages/contracts/src/index.js";
import { LOAD_PASSWORD, type LoadResult } from "../lib/load-data.js";
import type { BenchContext } from "../lib/scenario.js";
import { defineScenario } from "../lib/scenario.js";
import { ensureBigLoad } from "../lib/shared-load.js";
import { createUserToken } from "../lib/site-manager.js";

/** Entries in the reader's Inbox: the size the list must stay fast at. */
const ENTRIES = 10_000;
/** Rows per insert statement. */
const BATCH = 500;

/**
 * The 8th generated user: client of the 10,000-task project and co-worker of two others, so the Inbox is
 * read with the privacy conditions in play (private tasks and lists of the big project hidden from them).
 */
function readerOf(load: LoadResult): number {
  const userId = load.userIds[7];
  if (userId === undefined) throw new Error("the load has fewer than 8 users");
  return userId;
}

/** Signs the user in through the API and makes a personal access token for the load run. */
async function tokenOf(ctx: BenchContext, userId: number): Promise<string> {
  const user = await ctx.plotline.database.db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirstOrThrow();
  return createUserToken(ctx.plotline.origin, { email: user.email, password: LOAD_PASSWORD });
}

/**
 * Writes ENTRIES entries for the reader straight into the table, about tasks of the projects they belong
 * to (some private to them) and, for a tenth, their lists, of every kind, the older half read, by other
 * users of the load.
 */
async function seedInbox(ctx: BenchContext, load: LoadResult, userId: number): Promise<void> {
  const { db } = ctx.plotline.database;
  const tasks = await db
    .selectFrom("tasks")
    .innerJoin("project_members", "project_members.project_id", "tasks.project_id")
    .select(["tasks.id", "tasks.task_list_id"])
    .where("project_members.user_id", "=", userId)
    .orderBy("tasks.id")
    .limit(ENTRIES)
    .execute();
  if (tasks.length === 0) throw new Error("the reader belongs to no project with tasks");
  const actors = load.userIds.filter((id) => id !== userId);
  const start = Date.now() - ENTRIES * 60_000;
  const rows = Array.from({ length: ENTRIES }, (_, i) => {
    const task = tasks[i % tasks.length];
    const taskId = task?.id ?? 0;
    const type = NOTIFICATION_TYPES[i % NOTIFICATION_TYPES.length] ?? "assigned";
    // Every other mention is in a comment on the task's list rather than on the task.
    const onList = type === "mentioned" && i % 2 === 0;
    const at = new Date(start + i * 60_000).toISOString().slice(0, 19).replace("T", " ");
    return {
      user_id: userId,
      type,
      subject_type: onList ? "task_list" : "task",
      subject_id: onList ? (task?.task_list_id ?? 0) : taskId,
      task_id: onList ? null : taskId,
      actor_id: type === "due_soon" ? null : (actors[i % actors.length] ?? null),
      comment_id: null,
      source_key: `bench:${i}`,
      excerpt: type === "mentioned" || type === "commented" ? "Can you look at the latest copy before the review?" : null,
      due_on: type === "due_soon" ? at.slice(0, 10) : null,
      created_at: at,
      read_at: i < ENTRIES / 2 ? at : null,
    };
  });
  for (let offset = 0; offset < rows.length; offset += BATCH) {
    await db.insertInto("notifications").values(rows.slice(offset, offset + BATCH)).execute();
  }
  // The statistics a running site has: autovacuum (PostgreSQL) or the optimize at open (SQLite) takes them
  // long before one user's Inbox holds 10,000 entries; planned without them, the page is another query.
  await sql`analyze notifications`.execute(db);
}

/** The first page of the Inbox of a member with 10,000 entries, read with their privacy view. */
export const notificationsList = defineScenario({
  name: "GET notifications, 10k entries",
  target: "plotline",
  seed: async (ctx) => {
    const load = await ensureBigLoad(ctx);
    const userId = readerOf(load);
    await seedInbox(ctx, load, userId);
    return tokenOf(ctx, userId);
  },
  request: (_ctx, token) => ({ method: "GET", path: "/api/pm/v2/notifications?per_page=20", headers: { authorization: `Bearer ${token}` } }),
});

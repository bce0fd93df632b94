import type { Kysely } from "kysely";
import { TIMESTAMP } from "../../db/migrations/helpers.js";

/**
 * The code-hosting integration's tables (types in code-hosting.tables.ts). Its setting lives in
 * `project_settings` (keys `git_bit` and `git_bit_hash`).
 *
 * - `code_hosting_usernames_name_idx` (unique): one username maps to one member per project and service,
 *   so an incoming actor is never ambiguous.
 * - `code_hosting_deliveries` is keyed by the delivery id: the insert that claims a delivery is what stops a
 *   second one, even from another process. `received_at` is indexed for the daily clean-up.
 * - Links follow their task or comment (`on delete cascade`): the trash keeps them with a deleted task and
 *   an undo puts them back. One task is one issue, one comment one comment (unique on the Plotline side).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable("code_hosting_usernames")
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("provider", "varchar(20)", (col) => col.notNull())
    .addColumn("username", "varchar(100)", (col) => col.notNull())
    .addColumn("username_key", "varchar(100)", (col) => col.notNull())
    .addColumn("updated_at", TIMESTAMP, (col) => col.notNull())
    .addPrimaryKeyConstraint("code_hosting_usernames_pk", ["project_id", "user_id", "provider"])
    .execute();
  await db.schema.createIndex("code_hosting_usernames_name_idx").on("code_hosting_usernames")
    .columns(["project_id", "provider", "username_key"]).unique().execute();

  await db.schema.createTable("code_hosting_deliveries")
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("provider", "varchar(20)", (col) => col.notNull())
    .addColumn("delivery_id", "varchar(100)", (col) => col.notNull())
    .addColumn("event", "varchar(60)", (col) => col.notNull())
    .addColumn("received_at", TIMESTAMP, (col) => col.notNull())
    .addPrimaryKeyConstraint("code_hosting_deliveries_pk", ["project_id", "provider", "delivery_id"])
    .execute();
  await db.schema.createIndex("code_hosting_deliveries_received_idx").on("code_hosting_deliveries").column("received_at").execute();

  await db.schema.createTable("code_hosting_issue_links")
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("provider", "varchar(20)", (col) => col.notNull())
    .addColumn("repository_id", "varchar(64)", (col) => col.notNull())
    .addColumn("issue_number", "integer", (col) => col.notNull())
    .addColumn("repository_name", "varchar(200)", (col) => col.notNull())
    .addColumn("issue_url", "varchar(500)", (col) => col.notNull())
    .addColumn("task_id", "integer", (col) => col.notNull().references("tasks.id").onDelete("cascade"))
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .addPrimaryKeyConstraint("code_hosting_issue_links_pk", ["project_id", "provider", "repository_id", "issue_number"])
    .execute();
  await db.schema.createIndex("code_hosting_issue_links_task_idx").on("code_hosting_issue_links").column("task_id").unique().execute();

  await db.schema.createTable("code_hosting_comment_links")
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("provider", "varchar(20)", (col) => col.notNull())
    .addColumn("repository_id", "varchar(64)", (col) => col.notNull())
    .addColumn("external_id", "varchar(64)", (col) => col.notNull())
    .addColumn("comment_id", "integer", (col) => col.notNull().references("comments.id").onDelete("cascade"))
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .addPrimaryKeyConstraint("code_hosting_comment_links_pk", ["project_id", "provider", "repository_id", "external_id"])
    .execute();
  await db.schema.createIndex("code_hosting_comment_links_comment_idx").on("code_hosting_comment_links").column("comment_id").unique().execute();
}

import type { Kysely } from "kysely";
import type { DatabaseKind } from "../../db/kysely.js";
import { DATE, TIMESTAMP, withId } from "../../db/migrations/helpers.js";

/**
 * Mail notices and the daily digest.
 *
 * - `mail_notification_items`: what each user is to be told, until sent and a while after. `(user_id,
 *   source_key)` is unique, so an event handed out twice, or a comment edited again, writes nothing more.
 *   `mail_items_group_idx` finds a group's waiting items when its job claims them; `mail_items_sent_idx`
 *   serves the daily clean-up of finished items.
 * - `mail_digests`: one row per user and site day, the primary key being the once-a-day guard.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await withId(db.schema.createTable("mail_notification_items"), kind)
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("actor_id", "integer", (col) => col.notNull())
    .addColumn("kind", "varchar(20)", (col) => col.notNull())
    .addColumn("project_id", "integer", (col) => col.notNull())
    .addColumn("group_type", "varchar(20)", (col) => col.notNull())
    .addColumn("group_id", "integer", (col) => col.notNull())
    .addColumn("record_type", "varchar(20)", (col) => col.notNull())
    .addColumn("record_id", "integer", (col) => col.notNull())
    .addColumn("comment_id", "integer")
    .addColumn("source_key", "varchar(80)", (col) => col.notNull())
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .addColumn("claimed_by", "varchar(64)")
    .addColumn("sent_at", TIMESTAMP)
    .addColumn("outcome", "varchar(10)")
    .execute();
  await db.schema.createIndex("mail_items_user_source_idx").on("mail_notification_items").columns(["user_id", "source_key"]).unique().execute();
  await db.schema.createIndex("mail_items_group_idx").on("mail_notification_items").columns(["user_id", "group_type", "group_id", "actor_id"]).execute();
  await db.schema.createIndex("mail_items_sent_idx").on("mail_notification_items").column("sent_at").execute();

  await db.schema
    .createTable("mail_digests")
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("day", DATE, (col) => col.notNull())
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .addColumn("claimed_by", "varchar(64)")
    .addColumn("sent_at", TIMESTAMP)
    .addColumn("outcome", "varchar(10)")
    .addPrimaryKeyConstraint("mail_digests_pk", ["user_id", "day"])
    .execute();
  await db.schema.createIndex("mail_digests_day_idx").on("mail_digests").column("day").execute();
}

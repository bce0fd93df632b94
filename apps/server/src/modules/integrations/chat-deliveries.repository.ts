import { CHAT_DELIVERY_MAX_TRIES } from "@plotline/contracts";
import type { Insertable, Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { IntegrationDeliveriesTable, IntegrationDeliveryRow } from "./chat-deliveries.tables.js";

/** A delivery to write. */
export type NewDelivery = Insertable<IntegrationDeliveriesTable>;

/** The statuses of a delivery still to be sent. */
const UNFINISHED = ["pending", "retrying"];

/**
 * Queries of the chat integration: its delivery log, and what its event subscribers read in the
 * transaction that hands the events out (the projects' `slack` setting, titles, comment texts, whether the
 * module is on), so that none of them waits for the app's own connection.
 */
export function chatDeliveriesRepository(db: Kysely<Database>) {
  return {
    /** The saved `slack` setting (JSON text) of each of these projects that has one, with the project's title. */
    async findChatSettings(projectIds: readonly number[]): Promise<Map<number, { json: string; projectTitle: string }>> {
      if (projectIds.length === 0) return new Map();
      const rows = await db
        .selectFrom("project_settings")
        .innerJoin("projects", "projects.id", "project_settings.project_id")
        .select(["project_settings.project_id", "project_settings.value", "projects.title"])
        .where("project_settings.key", "=", "slack")
        .where("project_settings.project_id", "in", projectIds)
        .execute();
      return new Map(rows.map((row) => [row.project_id, { json: row.value, projectTitle: row.title }]));
    },

    /** Whether the modules list has a Pro module on; one never switched is on. */
    async isModuleOn(key: string): Promise<boolean> {
      const row = await db.selectFrom("module_states").select("active").where("key", "=", key).executeTakeFirst();
      return row === undefined || row.active === 1;
    },

    /** The stored text (rich text) of these comments; a comment deleted since is absent. */
    async findCommentContents(commentIds: readonly number[]): Promise<Map<number, string>> {
      if (commentIds.length === 0) return new Map();
      const rows = await db.selectFrom("comments").select(["id", "content"]).where("id", "in", commentIds).execute();
      return new Map(rows.map((row) => [row.id, row.content]));
    },

    /** Writes deliveries; answers their ids in the same order. */
    async insertDeliveries(deliveries: readonly NewDelivery[]): Promise<number[]> {
      if (deliveries.length === 0) return [];
      const rows = await db.insertInto("integration_deliveries").values([...deliveries]).returning("id").execute();
      return rows.map((row) => row.id);
    },

    async findDelivery(id: number): Promise<IntegrationDeliveryRow | undefined> {
      return db.selectFrom("integration_deliveries").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /**
     * Takes the try of an unfinished delivery that is due at `now`: counts it and holds the row until
     * `leaseUntil` (its next try is due then, should this one never finish), in one statement, so another run
     * finds it not due. Answers the row as taken; undefined when it is finished, not due, or taken.
     */
    async claimDue(id: number, now: string, leaseUntil: string): Promise<IntegrationDeliveryRow | undefined> {
      return db
        .updateTable("integration_deliveries")
        .set((eb) => ({ tries: eb("tries", "+", 1), next_try_at: leaseUntil, updated_at: now }))
        .where("id", "=", id)
        .where("status", "in", UNFINISHED)
        .where("next_try_at", "<=", now)
        // A try that died mid-way was counted: after the last one the delivery is given up, never tried again.
        .where("tries", "<", CHAT_DELIVERY_MAX_TRIES)
        .returningAll()
        .executeTakeFirst();
    },

    async markDelivered(id: number, at: string): Promise<void> {
      await db.updateTable("integration_deliveries").set({ status: "delivered", last_error: null, next_try_at: null, updated_at: at, delivered_at: at }).where("id", "=", id).execute();
    },

    async markFailed(id: number, error: string, at: string): Promise<void> {
      await db.updateTable("integration_deliveries").set({ status: "failed", last_error: error, next_try_at: null, updated_at: at }).where("id", "=", id).execute();
    },

    async markRetrying(id: number, error: string, nextTryAt: string, at: string): Promise<void> {
      await db.updateTable("integration_deliveries").set({ status: "retrying", last_error: error, next_try_at: nextTryAt, updated_at: at }).where("id", "=", id).execute();
    },

    /** A project's newest deliveries, newest first. */
    async listLatest(projectId: number, limit: number): Promise<IntegrationDeliveryRow[]> {
      return db.selectFrom("integration_deliveries").selectAll().where("project_id", "=", projectId).orderBy("id", "desc").limit(limit).execute();
    },

    /**
     * Deletes a project's finished deliveries older than its newest `keep`. Unfinished ones stay whatever
     * their age: their job still needs the row (they finish within the tries' window).
     */
    async pruneFinished(projectId: number, keep: number): Promise<void> {
      const oldestKept = db.selectFrom("integration_deliveries").select("id").where("project_id", "=", projectId).orderBy("id", "desc").limit(1).offset(keep - 1);
      await db
        .deleteFrom("integration_deliveries")
        .where("project_id", "=", projectId)
        .where("status", "not in", UNFINISHED)
        .where("id", "<", oldestKept)
        .execute();
    },

    /** Unfinished deliveries whose next try was due before `dueBefore`: their job was lost (or the module was off). */
    async listOverdue(dueBefore: string, limit: number): Promise<IntegrationDeliveryRow[]> {
      return db.selectFrom("integration_deliveries").selectAll().where("status", "in", UNFINISHED).where("next_try_at", "<", dueBefore).orderBy("id").limit(limit).execute();
    },
  };
}

/** The chat integration's queries. */
export type ChatDeliveriesRepository = ReturnType<typeof chatDeliveriesRepository>;

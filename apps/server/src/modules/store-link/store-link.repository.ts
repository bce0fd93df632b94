import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { StoreLinkRow, StoreLinkSettingsTable, StoreLinksTable, StoreOrderRow, StoreOrdersTable, StorePasswordTokenRow } from "./store-link.tables.js";

/** The one settings row's id. */
const SETTINGS_ID = 1;

/** The store link's queries; `db` may be a transaction. */
export function storeLinkRepository(db: Kysely<Database>) {
  return {
    findSettings() {
      return db.selectFrom("store_link_settings").selectAll().where("id", "=", SETTINGS_ID).executeTakeFirst();
    },

    /** Writes the settings row, creating it on first save. */
    async saveSettings(values: Omit<StoreLinkSettingsTable, "id">): Promise<void> {
      await db
        .insertInto("store_link_settings")
        .values({ id: SETTINGS_ID, ...values })
        .onConflict((oc) => oc.column("id").doUpdateSet(values))
        .execute();
    },

    listLinks(): Promise<StoreLinkRow[]> {
      return db.selectFrom("store_links").selectAll().orderBy("id").execute();
    },

    findLink(id: number): Promise<StoreLinkRow | undefined> {
      return db.selectFrom("store_links").selectAll().where("id", "=", id).executeTakeFirst();
    },

    async insertLink(values: Omit<StoreLinksTable, "id">): Promise<number> {
      const row = await db.insertInto("store_links").values(values).returning("id").executeTakeFirstOrThrow();
      return row.id;
    },

    async updateLink(id: number, values: Partial<Omit<StoreLinksTable, "id">>): Promise<void> {
      await db.updateTable("store_links").set(values).where("id", "=", id).execute();
    },

    async deleteLink(id: number): Promise<boolean> {
      const result = await db.deleteFrom("store_links").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Records an order unless its id is already recorded: the insert is the claim, so a second delivery,
     * even in another process at the same moment, finds it taken. Answers the new row's id, or null.
     */
    async claimOrder(values: Omit<StoreOrdersTable, "id">): Promise<number | null> {
      const row = await db
        .insertInto("store_orders")
        .values(values)
        .onConflict((oc) => oc.column("order_id").doNothing())
        .returning("id")
        .executeTakeFirst();
      return row?.id ?? null;
    },

    findOrder(id: number): Promise<StoreOrderRow | undefined> {
      return db.selectFrom("store_orders").selectAll().where("id", "=", id).executeTakeFirst();
    },

    async updateOrder(id: number, values: Partial<Pick<StoreOrdersTable, "outcome" | "project_ids" | "error" | "updated_at">>): Promise<void> {
      await db.updateTable("store_orders").set(values).where("id", "=", id).execute();
    },

    listRecentOrders(limit: number): Promise<StoreOrderRow[]> {
      return db.selectFrom("store_orders").selectAll().orderBy("id", "desc").limit(limit).execute();
    },

    async insertPasswordToken(values: Omit<StorePasswordTokenRow, "id">): Promise<void> {
      await db.insertInto("store_password_tokens").values(values).execute();
    },

    findPasswordToken(tokenHash: string): Promise<StorePasswordTokenRow | undefined> {
      return db.selectFrom("store_password_tokens").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
    },

    /** Marks a token used unless it already was; answers whether this call took it. */
    async usePasswordToken(id: number, at: string): Promise<boolean> {
      const result = await db.updateTable("store_password_tokens").set({ used_at: at }).where("id", "=", id).where("used_at", "is", null).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type StoreLinkRepository = ReturnType<typeof storeLinkRepository>;

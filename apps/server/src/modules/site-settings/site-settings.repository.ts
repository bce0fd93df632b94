import type { Generated, Kysely, Selectable } from "kysely";
import type { Database } from "../../db/schema.js";

/** The `site_files` table of migration 0007: uploads that belong to the site (the logo). */
export interface SiteFilesTable {
  id: Generated<number>;
  original_name: string;
  mime_type: string;
  size_bytes: number;
  storage_key: string;
  thumb_key: string | null;
  created_by: number | null;
  created_at: string;
}
export type SiteFileRow = Selectable<SiteFilesTable>;

type SiteDatabase = Database & { site_files: SiteFilesTable };

/** Queries on site-wide settings (key -> JSON value) and site files. The site_files table is this module's own. */
export function siteSettingsRepository(base: Kysely<Database>) {
  const db: Kysely<SiteDatabase> = base.withTables<{ site_files: SiteFilesTable }>();

  return {
    async findValue(key: string): Promise<unknown> {
      const row = await db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
      return row ? (JSON.parse(row.value) as unknown) : undefined;
    },

    async listValues(): Promise<Record<string, unknown>> {
      const rows = await db.selectFrom("settings").select(["key", "value"]).execute();
      return Object.fromEntries(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));
    },

    async saveValue(key: string, value: unknown, at: string): Promise<void> {
      const json = JSON.stringify(value);
      await db
        .insertInto("settings")
        .values({ key, value: json, updated_at: at })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, updated_at: at }))
        .execute();
    },

    async findFile(id: number): Promise<SiteFileRow | undefined> {
      const row = await db.selectFrom("site_files").selectAll().where("id", "=", id).executeTakeFirst();
      return row && { ...row, size_bytes: Number(row.size_bytes) };
    },

    async insertFile(file: Omit<SiteFileRow, "id">): Promise<SiteFileRow> {
      return db.insertInto("site_files").values(file).returningAll().executeTakeFirstOrThrow();
    },

    async deleteFile(id: number): Promise<void> {
      await db.deleteFrom("site_files").where("id", "=", id).execute();
    },
  };
}

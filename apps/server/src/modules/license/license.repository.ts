import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";

/** The settings row that holds the license. */
const LICENSE_SETTING = "license";

/** The license as stored: the key as given, and who activated it when. */
export interface StoredLicense {
  key: string;
  email: string;
  activated_at: string;
  activated_by: number;
}

function asStoredLicense(value: unknown): StoredLicense | null {
  if (typeof value !== "object" || value === null) return null;
  const { key, email, activated_at: activatedAt, activated_by: activatedBy } = value as Record<string, unknown>;
  if (typeof key !== "string" || typeof email !== "string" || typeof activatedAt !== "string" || typeof activatedBy !== "number") return null;
  return { key, email, activated_at: activatedAt, activated_by: activatedBy };
}

/** Queries on the license, kept as one row of the site settings table. */
export function licenseRepository(db: Kysely<Database>) {
  return {
    /** The stored license, or null when none is (or the row cannot be read as one). */
    async findLicense(): Promise<StoredLicense | null> {
      const row = await db.selectFrom("settings").select("value").where("key", "=", LICENSE_SETTING).executeTakeFirst();
      if (!row) return null;
      try {
        return asStoredLicense(JSON.parse(row.value));
      } catch {
        return null;
      }
    },

    async saveLicense(license: StoredLicense, at: string): Promise<void> {
      const json = JSON.stringify(license);
      await db
        .insertInto("settings")
        .values({ key: LICENSE_SETTING, value: json, updated_at: at })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, updated_at: at }))
        .execute();
    },

    /** Deletes the license; false when there was none. */
    async deleteLicense(): Promise<boolean> {
      const result = await db.deleteFrom("settings").where("key", "=", LICENSE_SETTING).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

import type { Generated, Kysely, Selectable } from "kysely";
import type { Database } from "../../db/schema.js";

/** The `site_pages` table of migration 0007. */
export interface SitePagesTable {
  id: Generated<number>;
  title: string;
  /** Unique absolute path such as `/workspace`. */
  path: string;
  created_at: string;
}
export type SitePageRow = Selectable<SitePagesTable>;

type PagesDatabase = Database & { site_pages: SitePagesTable };

/** Queries on the site's front-end pages. The table is this module's own, so its type lives here. */
export function pagesRepository(base: Kysely<Database>) {
  const db: Kysely<PagesDatabase> = base.withTables<{ site_pages: SitePagesTable }>();

  return {
    listPages(): Promise<SitePageRow[]> {
      return db.selectFrom("site_pages").selectAll().orderBy("title").orderBy("id").execute();
    },

    findPage(id: number): Promise<SitePageRow | undefined> {
      return db.selectFrom("site_pages").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** The page at `path`, other than `exceptId`, for the uniqueness check. */
    findByPath(path: string, exceptId?: number): Promise<SitePageRow | undefined> {
      return db.selectFrom("site_pages").selectAll().where("path", "=", path)
        .$if(exceptId !== undefined, (qb) => qb.where("id", "<>", exceptId ?? 0))
        .executeTakeFirst();
    },

    insertPage(page: Omit<SitePageRow, "id">): Promise<SitePageRow> {
      return db.insertInto("site_pages").values(page).returningAll().executeTakeFirstOrThrow();
    },

    updatePage(id: number, changes: Partial<Pick<SitePageRow, "title" | "path">>): Promise<SitePageRow | undefined> {
      return db.updateTable("site_pages").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
    },

    async deletePage(id: number): Promise<boolean> {
      const result = await db.deleteFrom("site_pages").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { pagesRepository, type SitePageRow } from "./pages.repository.js";

// The page read site settings need to check and show the front-end page. Apart from pages.service.ts
// because that file reads the front-end page setting: one file for both would make the pages and
// site-settings services import each other.

/** The page with this id, or undefined. */
export function findPage(db: Kysely<Database>, id: number): Promise<SitePageRow | undefined> {
  return pagesRepository(db).findPage(id);
}

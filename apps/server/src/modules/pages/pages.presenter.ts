import type { SitePage } from "@plotline/contracts";
import type { SitePageRow } from "./pages.repository.js";

/** A page as the host listed its pages: `id`, `post_title`, and the path it is served at. */
export function presentPage(row: SitePageRow): SitePage {
  return { id: row.id, post_title: row.title, path: row.path };
}

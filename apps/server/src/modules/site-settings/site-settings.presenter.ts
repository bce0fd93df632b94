import type { SiteFile } from "@plotline/contracts";
import type { SiteFileRow } from "./site-settings.repository.js";

/** Where a site file's bytes are served. */
export function siteFilePath(id: number): string {
  return `/api/pm/v2/site-files/${id}`;
}

/** The fields of a site file that leave the server: its name and where to fetch it and its thumbnail. */
export function presentSiteFile(row: SiteFileRow): SiteFile {
  const url = siteFilePath(row.id);
  return { id: row.id, name: row.original_name, mime_type: row.mime_type, url, thumb: row.thumb_key ? `${url}/thumb` : url };
}

import { sql, type RawBuilder } from "kysely";

/** Escapes LIKE wildcards so that a search for "50%" means the text. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * `lower(column) LIKE '%text%'` with wildcards escaped, written so that SQLite and PostgreSQL read it the
 * same way (SQLite needs the ESCAPE clause; PostgreSQL accepts it).
 */
export function containsIgnoringCase(column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${escapeLike(text.toLowerCase())}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

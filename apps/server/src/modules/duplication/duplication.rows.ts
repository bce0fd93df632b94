import type { SourceRow } from "./duplication.repository.js";

/**
 * Pure helpers that turn source rows into their copies: id maps, references re-pointed at the copies, and
 * rows whose parent is not copied left out. No SQL here; the service reads, the repository writes.
 */

/** Old id -> new id of one table. */
export type IdMap = ReadonlyMap<number, number>;

/** Pairs sorted source ids with sorted reserved ids, so that copies keep their sources' relative order. */
export function pairIds(sources: readonly SourceRow[], reserved: readonly number[]): Map<number, number> {
  const oldIds = sources.map((row) => row.id).sort((a, b) => a - b);
  if (oldIds.length !== reserved.length) throw new Error(`reserved ${reserved.length} ids for ${oldIds.length} rows`);
  return new Map(oldIds.map((id, index) => [id, reserved[index] ?? 0]));
}

/** A nullable reference re-pointed at the copy, or null when what it pointed at is not copied. */
export function mapNullable(map: IdMap, id: unknown): number | null {
  if (id === null || id === undefined) return null;
  return map.get(Number(id)) ?? null;
}

/**
 * The rows whose parents are all kept: a row stays when every id `parentsOf` gives is 0 (no parent) or the
 * id of a row that stays; `isEligible` decides the rest on the row alone. Parents may come after their
 * children in id order (an older file moved into a newer folder), so this repeats until nothing changes.
 */
export function keepConnected(rows: readonly SourceRow[], isEligible: (row: SourceRow) => boolean, parentsOf: (row: SourceRow) => readonly number[]): SourceRow[] {
  let kept = rows.filter(isEligible);
  for (;;) {
    const ids = new Set(kept.map((row) => row.id));
    const next = kept.filter((row) => parentsOf(row).every((parent) => parent === 0 || ids.has(parent)));
    if (next.length === kept.length) return next;
    kept = next;
  }
}

/** A copy of a row: every column kept, then `changes` applied (the new id, the new project, re-pointed references). */
export function copyRow(row: Record<string, unknown>, changes: Record<string, unknown>): Record<string, unknown> {
  return { ...row, ...changes };
}

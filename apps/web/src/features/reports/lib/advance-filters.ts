import { ADVANCE_FILTER_KEYS, type AdvanceFilterKey } from "@plotline/contracts";

/** A filter row of the Advanced Report as the form holds it; only the fields of its key are read. */
export interface AdvanceDraftRow {
  /** A key of the row in the form (React's), not sent. */
  id: number;
  skey: AdvanceFilterKey | null;
  /** assigned, project: the chosen ids. */
  ids: string[];
  /** status (0, 1, 2), payable (0, 1). */
  choice: string;
  /** time: the range. */
  start_at: string;
  due_date: string;
}

/** A row as `GET pm-pro/v2/advance-report` takes it. */
export interface AdvanceApiRow {
  skey: AdvanceFilterKey;
  svalue: string | number | { start_at: string; due_date: string };
}

let nextId = 1;

/** A new empty row. */
export function emptyRow(): AdvanceDraftRow {
  return { id: nextId++, skey: null, ids: [], choice: "", start_at: "", due_date: "" };
}

/** The row sent for a draft row, or null while it is incomplete (no key, or no value for its key). */
export function apiRowOf(row: AdvanceDraftRow): AdvanceApiRow | null {
  switch (row.skey) {
    case null:
      return null;
    case "assigned":
    case "project":
      return row.ids.length > 0 ? { skey: row.skey, svalue: row.ids.join(",") } : null;
    case "status":
    case "payable":
      return row.choice !== "" ? { skey: row.skey, svalue: Number(row.choice) } : null;
    case "time":
      return row.start_at && row.due_date ? { skey: "time", svalue: { start_at: row.start_at, due_date: row.due_date } } : null;
  }
}

/** The complete rows, as sent. */
export function apiRowsOf(rows: readonly AdvanceDraftRow[]): AdvanceApiRow[] {
  return rows.map(apiRowOf).filter((row): row is AdvanceApiRow => row !== null);
}

/** The keys other rows already use: each key is usable in one row only. */
export function keysUsedElsewhere(rows: readonly AdvanceDraftRow[], rowId: number): Set<AdvanceFilterKey> {
  return new Set(rows.filter((row) => row.id !== rowId && row.skey !== null).map((row) => row.skey as AdvanceFilterKey));
}

/** The rows of the address's `filters` (the JSON text Generate wrote), as draft rows; none when unreadable. */
export function draftRowsOf(text: string | null): AdvanceDraftRow[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((entry: unknown) => {
      if (!entry || typeof entry !== "object") return [];
      const { skey, svalue } = entry as { skey?: unknown; svalue?: unknown };
      if (!ADVANCE_FILTER_KEYS.includes(skey as AdvanceFilterKey)) return [];
      const row = { ...emptyRow(), skey: skey as AdvanceFilterKey };
      if (skey === "time" && svalue && typeof svalue === "object") {
        const range = svalue as { start_at?: unknown; due_date?: unknown };
        return [{ ...row, start_at: String(range.start_at ?? ""), due_date: String(range.due_date ?? "") }];
      }
      if (skey === "assigned" || skey === "project") return [{ ...row, ids: String(svalue ?? "").split(",").filter(Boolean) }];
      return [{ ...row, choice: String(svalue ?? "") }];
    });
  } catch {
    return [];
  }
}

/** The Advanced Report's CSV (`?csv=1`): the whole report with these filters, downloaded by navigation. */
export function advanceCsvUrl(rows: readonly AdvanceApiRow[]): string {
  return `/api/pm-pro/v2/advance-report?csv=1&filters=${encodeURIComponent(JSON.stringify(rows))}`;
}

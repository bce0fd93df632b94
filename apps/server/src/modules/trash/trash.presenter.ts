import type { Restored, TrashKind, UndoTicket } from "@plotline/contracts";
import { parseStored } from "../../lib/dates.js";
import type { TrashEntryRow } from "./trash.tables.js";

/** The undo ticket a delete answers: the entry's id and its expiry in ISO-8601 UTC. */
export function presentTicket(entry: Pick<TrashEntryRow, "id" | "expires_at">): UndoTicket {
  return { id: entry.id, expires_at: parseStored(entry.expires_at).toISOString() };
}

/** What `POST pm/v2/undo/{id}` answers about the restored entry. */
export function presentRestored(entry: Pick<TrashEntryRow, "kind" | "project_id" | "record_ids">): Restored["data"] {
  return { kind: entry.kind as TrashKind, project_id: entry.project_id, ids: JSON.parse(entry.record_ids) as number[] };
}

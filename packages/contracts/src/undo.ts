import { z } from "zod";

/** How long a toast offers Undo after completing, moving or deleting something. */
export const UNDO_TOAST_MS = 8000;

/**
 * What a delete answers besides its message when the deleted record can be brought back: the trash
 * entry to name in `POST /api/pm/v2/undo/{id}`, and until when it can be.
 */
export const undoTicketSchema = z.object({ id: z.number().int(), expires_at: z.string() });
export type UndoTicket = z.infer<typeof undoTicketSchema>;

import { z } from "zod";
import { messageSchema } from "./envelope.js";
import { undoTicketSchema } from "./undo.js";

/**
 * Undo of deletions. A delete of a task, several tasks, a task list, a comment or a file answers an `undo`
 * ticket; `POST pm/v2/undo/{id}` brings the deleted records back whole while the ticket lasts.
 */

/**
 * How long the server keeps a deleted record restorable, in milliseconds: longer than the toast
 * (`UNDO_TOAST_MS` in undo.ts), so that a click on Undo at its last moment, over a slow connection, still
 * finds the record.
 */
export const UNDO_WINDOW_MS = 30_000;

/** What a trash entry holds: one task, several tasks of a bulk delete, a list with its tasks, a comment, a file or folder. */
export const TRASH_KINDS = ["task", "tasks", "task_list", "comment", "file"] as const;
export type TrashKind = (typeof TRASH_KINDS)[number];

/** The answer of a delete that can be undone: its usual message and, when it was kept, the undo ticket. */
export const deletedWithUndoSchema = messageSchema.extend({
  undo: undoTicketSchema.optional(),
});
export type DeletedWithUndo = z.infer<typeof deletedWithUndoSchema>;

/** `POST pm/v2/undo/{id}`: what was brought back. */
export const restoredSchema = z.object({
  message: z.string(),
  data: z.object({
    kind: z.enum(TRASH_KINDS),
    project_id: z.number().int(),
    /** The ids of the records the delete named (the task, the tasks, the list, the comment, the file or folder), as before. */
    ids: z.array(z.number().int()),
  }),
});
export type Restored = z.infer<typeof restoredSchema>;

import { restoredSchema, type DeletedWithUndo } from "@plotline/contracts";
import type { QueryClient } from "@tanstack/react-query";
import { api } from "../api/client.js";
import { notifySuccess } from "./notify.js";
import { invalidateAfter } from "./query-keys.js";
import { showUndoToast } from "./undo-toast.js";

/**
 * Brings back what a delete put in the trash (`POST pm/v2/undo/{id}`), whole and with its ids; then
 * everything of its project that may show it is fetched again.
 */
export async function restoreDeleted(queryClient: QueryClient, undoId: number): Promise<void> {
  const { data } = await api.post(`pm/v2/undo/${undoId}`, { schema: restoredSchema });
  const projectId = data.project_id;
  switch (data.kind) {
    case "comment":
    case "file":
      return invalidateAfter(queryClient, { entity: data.kind, projectId });
    case "task_list":
      // The list came back with its tasks: every view of the project's tasks, My Tasks and the calendar.
      return invalidateAfter(queryClient, { entity: "tasks", projectId, taskIds: [] });
    case "task":
    case "tasks":
      return invalidateAfter(queryClient, { entity: "tasks", projectId, taskIds: data.ids });
  }
}

/**
 * After a delete: its message with Undo when the server kept the record restorable, else the message
 * alone. The delete hooks call this in place of the automatic success toast.
 */
export function offerUndo(queryClient: QueryClient, answer: DeletedWithUndo, message: string = answer.message): void {
  const ticket = answer.undo;
  if (ticket) showUndoToast({ message, undo: () => restoreDeleted(queryClient, ticket.id) });
  else notifySuccess(message);
}

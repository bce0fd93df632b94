import type { TaskFields } from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { fieldChanges } from "../../events/field-changes.js";
import { recordEvents } from "../../events/record-event.js";
import type { Actor } from "../../lib/actor.js";
import { capabilitiesToSee } from "../privacy/privacy.rules.js";
import { taskPrivacyScope } from "./tasks.policy.js";
import { tasksRepository } from "./tasks.repository.js";

/** One task a shift moves: what its event tells, its dates before and after. */
export interface DateShift {
  id: number;
  title: string;
  privacy: number;
  listPrivacy: number;
  start_at: string | null;
  due_date: string | null;
  newStartAt: string;
  newDueDate: string;
}

/** The task whose move caused a shift: the one the shift's activity is about. */
export interface ShiftCause {
  id: number;
  title: string;
  privacy: number;
  listPrivacy: number;
}

/** What a reader needs to see a task (or the shift's entry about it): its view_private_* capabilities. */
function needs(task: { privacy: number; listPrivacy: number }): ReturnType<typeof capabilitiesToSee> {
  return capabilitiesToSee({ kind: "task", privacy: task.privacy, listPrivacy: task.listPrivacy });
}

/**
 * Writes new dates of many tasks inside `trx` (the Gantt's rescheduling of a moved task's successors). Each
 * task records the `task.updated` event any change of its dates records (subscribers other than the
 * activities see an ordinary date change), marked as part of the shift; then `task.dependents_shifted`
 * about the moved task gives the shift its one activity ("shifted 3 dependent tasks of Wireframes"). That
 * entry is read by whoever may see the moved task, so it counts and names only the tasks every such reader
 * may see too: a task more private than the moved one (private, or in a private list, where the moved one is
 * not) is not marked as part of the shift and writes its own entry, under its own privacy. The caller has
 * checked who may change each task's dates. A fixed number of statements per 500 tasks.
 */
export async function writeDateShifts(trx: Kysely<Database>, actor: Actor, projectId: number, cause: ShiftCause, shifts: readonly DateShift[], at: string): Promise<void> {
  if (shifts.length === 0) return;
  await tasksRepository(trx).setDates(shifts.map((shift) => ({ id: shift.id, start_at: shift.newStartAt, due_date: shift.newDueDate })), at);
  const causeNeeds = new Set(needs(cause));
  const toldWithCause = (shift: DateShift) => needs(shift).every((capability) => causeNeeds.has(capability));
  const told = shifts.filter(toldWithCause);
  await recordEvents(trx, actor, [
    ...shifts.map((shift) => ({
      name: "task.updated" as const,
      payload: {
        projectId,
        id: shift.id,
        title: shift.title,
        privacyScope: taskPrivacyScope(shift, { privacy: shift.listPrivacy }),
        changes: fieldChanges<TaskFields>(["start_at", "due_date"], { start_at: shift.start_at, due_date: shift.due_date }, { start_at: shift.newStartAt, due_date: shift.newDueDate }),
        ...(toldWithCause(shift) && { shiftOf: cause.id }),
      },
    })),
    ...(told.length === 0 ? [] : [{
      name: "task.dependents_shifted" as const,
      payload: { projectId, id: cause.id, title: cause.title, privacyScope: taskPrivacyScope(cause, { privacy: cause.listPrivacy }), taskIds: told.map((shift) => shift.id) },
    }]),
  ]);
}

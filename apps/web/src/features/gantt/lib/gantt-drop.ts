import type { GanttShift } from "@plotline/contracts";

/** What the page does around a dropped bar, each step given by the page so the order can be tested. */
export interface BarDropSteps {
  /** Saves the bar's new dates (the task update call); throws the server's refusal. */
  save: () => Promise<void>;
  /** The save went through: the page keeps the new dates and says so. */
  saved: () => void;
  /** The save was refused: the bar goes back to the dates it had. */
  putBack: () => void;
  /** Which successors the saved move pushes (`gantt/reschedule` without apply). */
  preview: () => Promise<GanttShift[]>;
  /** Asks "Also move N dependent tasks?" about them. */
  ask: (shifts: GanttShift[]) => void;
  /** Shows an error. */
  fail: (error: unknown) => void;
}

/**
 * A dropped bar: save it, putting it back only when the save itself is refused; then ask about the
 * successors. The question comes after the save has gone through, so a failed preview (the network, the
 * module switched off meanwhile) is only shown: the bar keeps the dates the server now holds.
 */
export async function saveDroppedBar(steps: BarDropSteps): Promise<void> {
  try {
    await steps.save();
  } catch (error) {
    steps.putBack();
    steps.fail(error);
    return;
  }
  steps.saved();
  try {
    const shifts = await steps.preview();
    if (shifts.length > 0) steps.ask(shifts);
  } catch (error) {
    steps.fail(error);
  }
}

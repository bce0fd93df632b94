import type { GanttShift } from "@plotline/contracts";
import { describe, expect, it } from "vitest";
import { saveDroppedBar, type BarDropSteps } from "./gantt-drop.js";

const shift: GanttShift = { task_id: 2, title: "Walls", start_at: "2026-03-11", due_date: "2026-03-13", new_start_at: "2026-03-12", new_due_date: "2026-03-16" };

/** The steps, each noting that it ran; `save` and `preview` answer as given. */
function steps(save: () => Promise<void>, preview: () => Promise<GanttShift[]>): { steps: BarDropSteps; ran: string[] } {
  const ran: string[] = [];
  return {
    ran,
    steps: {
      save: async () => {
        ran.push("save");
        await save();
      },
      saved: () => ran.push("saved"),
      putBack: () => ran.push("putBack"),
      preview: async () => {
        ran.push("preview");
        return preview();
      },
      ask: (shifts) => ran.push(`ask ${shifts.length}`),
      fail: (error) => ran.push(`fail ${(error as Error).message}`),
    },
  };
}

describe("a dropped bar", () => {
  it("saves, then asks about the successors it pushes", async () => {
    const run = steps(async () => undefined, async () => [shift]);
    await saveDroppedBar(run.steps);
    expect(run.ran).toEqual(["save", "saved", "preview", "ask 1"]);
  });

  it("asks nothing when no successor must move", async () => {
    const run = steps(async () => undefined, async () => []);
    await saveDroppedBar(run.steps);
    expect(run.ran).toEqual(["save", "saved", "preview"]);
  });

  it("goes back to its dates when the save is refused, and asks nothing", async () => {
    const run = steps(async () => Promise.reject(new Error("The due date cannot be before the start date.")), async () => [shift]);
    await saveDroppedBar(run.steps);
    expect(run.ran).toEqual(["save", "putBack", "fail The due date cannot be before the start date."]);
  });

  it("keeps its saved dates when only the question about the successors fails", async () => {
    const run = steps(async () => undefined, async () => Promise.reject(new Error("Network error")));
    await saveDroppedBar(run.steps);
    expect(run.ran).toEqual(["save", "saved", "preview", "fail Network error"]);
  });
});

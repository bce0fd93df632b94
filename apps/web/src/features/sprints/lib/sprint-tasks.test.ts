import { describe, expect, it } from "vitest";
import { dropAction, groupOf, groupTasks, withPendingMoves, type PendingMove } from "./sprint-tasks.js";

const task = (id: number, status = 0, extra: { parent_id?: number; project_id?: number } = {}) => ({ id, status, parent_id: 0, project_id: 1, ...extra });

describe("groupTasks", () => {
  it("puts each status in its group, the server's order kept within each", () => {
    const groups = groupTasks([task(1, 1), task(2, 0), task(3, 2), task(4, 0), task(5, 1)]);
    expect(groups.open.map((entry) => entry.id)).toEqual([2, 4]);
    expect(groups.pending.map((entry) => entry.id)).toEqual([3]);
    expect(groups.done.map((entry) => entry.id)).toEqual([1, 5]);
  });

  it("puts a completed sprint's carried-over tasks in their own group, even those done since", () => {
    const groups = groupTasks([task(1, 1), task(2, 0), task(3, 1)], new Set([2, 3]));
    expect(groups.done.map((entry) => entry.id)).toEqual([1]);
    expect(groups.carried.map((entry) => entry.id)).toEqual([2, 3]);
    expect(groups.open).toEqual([]);
  });

  it("reads an unknown status as open, since it is not done", () => {
    expect(groupOf(7)).toBe("open");
    expect(groupTasks([]).open).toEqual([]);
  });
});

describe("withPendingMoves", () => {
  const moves = (...entries: Array<[number, PendingMove]>) => new Map(entries.map(([id, to]) => [id, { to, task: task(id) }]));

  it("changes nothing while nothing waits", () => {
    expect(withPendingMoves([task(1)], [task(2)], new Map())).toEqual({ sprint: [task(1)], backlog: [task(2)] });
  });

  it("shows a task headed to the sprint at the sprint's end and out of the backlog", () => {
    const shown = withPendingMoves([task(1)], [task(2), task(3)], moves([3, "to_sprint"]));
    expect(shown.sprint.map((entry) => entry.id)).toEqual([1, 3]);
    expect(shown.backlog.map((entry) => entry.id)).toEqual([2]);
  });

  it("shows a task headed to the backlog at the backlog's top and out of the sprint", () => {
    const shown = withPendingMoves([task(1), task(4)], [task(2)], moves([4, "to_backlog"]));
    expect(shown.sprint.map((entry) => entry.id)).toEqual([1]);
    expect(shown.backlog.map((entry) => entry.id)).toEqual([4, 2]);
  });

  it("does not show a task twice once the answers already put it where it was headed", () => {
    const shown = withPendingMoves([task(1), task(3)], [task(3), task(2)], moves([3, "to_sprint"]));
    expect(shown.sprint.map((entry) => entry.id)).toEqual([1, 3]);
    expect(shown.backlog.map((entry) => entry.id)).toEqual([2]);
    const back = withPendingMoves([task(1)], [task(4), task(2)], moves([4, "to_backlog"]));
    expect(back.backlog.map((entry) => entry.id)).toEqual([4, 2]);
  });
});

describe("dropAction", () => {
  it("adds a backlog task dropped on the sprint and takes out a sprint task dropped on the backlog", () => {
    expect(dropAction("backlog", "sprint")).toBe("add");
    expect(dropAction("sprint", "backlog")).toBe("remove");
  });

  it("does nothing for a drop where the task was, or outside both", () => {
    expect(dropAction("sprint", "sprint")).toBeNull();
    expect(dropAction("backlog", "backlog")).toBeNull();
    expect(dropAction("sprint", null)).toBeNull();
  });
});

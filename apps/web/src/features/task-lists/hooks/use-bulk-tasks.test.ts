import { describe, expect, it } from "vitest";
import { task, user } from "../test-tasks.js";
import { undoBodies } from "./use-bulk-tasks.js";

const due = (day: string) => ({ date: day, time: "00:00:00", datetime: `${day} 00:00:00`, timezone: "UTC", timestamp: 0 });

describe("taking a bulk action back", () => {
  it("reopens what a completion changed, and nothing it left alone", () => {
    expect(undoBodies({ action: "complete", task_ids: [1, 2, 3] }, [task(1), task(2), task(3)], [1, 3])).toEqual([{ action: "reopen", task_ids: [1, 3] }]);
    expect(undoBodies({ action: "complete", task_ids: [1] }, [task(1)], [])).toEqual([]);
  });

  it("moves each task back to the list it came from, one call per list", () => {
    const before = [task(1, { task_list_id: 10 }), task(2, { task_list_id: 11 }), task(3, { task_list_id: 10 })];
    expect(undoBodies({ action: "move", task_ids: [1, 2, 3], task_list_id: 12 }, before, [1, 2, 3])).toEqual([
      { action: "move", task_ids: [1, 3], task_list_id: 10 },
      { action: "move", task_ids: [2], task_list_id: 11 },
    ]);
  });

  it("gives each task its former assignees back, nobody included", () => {
    const before = [task(1, { assignees: { data: [user] } }), task(2)];
    expect(undoBodies({ action: "assign", task_ids: [1, 2], assignees: [7], mode: "add" }, before, [1, 2])).toEqual([
      { action: "assign", task_ids: [1], assignees: [1], mode: "replace" },
      { action: "assign", task_ids: [2], assignees: [], mode: "replace" },
    ]);
  });

  it("puts former due dates and priorities back, grouped by value", () => {
    const before = [task(1, { due_date: due("2026-03-04") }), task(2), task(3, { due_date: due("2026-03-04"), priority: 3 })];
    expect(undoBodies({ action: "due_date", task_ids: [1, 2, 3], due_date: "2026-05-01" }, before, [1, 2, 3])).toEqual([
      { action: "due_date", task_ids: [1, 3], due_date: "2026-03-04" },
      { action: "due_date", task_ids: [2], due_date: null },
    ]);
    expect(undoBodies({ action: "priority", task_ids: [1, 3], priority: 4 }, before, [1, 3])).toEqual([
      { action: "priority", task_ids: [1], priority: 0 },
      { action: "priority", task_ids: [3], priority: 3 },
    ]);
  });

  it("leaves deletions to the trash", () => {
    expect(undoBodies({ action: "delete", task_ids: [1] }, [task(1)], [1])).toEqual([]);
  });
});

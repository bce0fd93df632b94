import { describe, expect, it } from "vitest";
import { groupRows, hoursOf, type ReportRow } from "./report-rows.js";

function row(id: number, projectId: number, listId: number): ReportRow {
  return { id, title: `Task ${id}`, status: 0, project_id: projectId, task_list_id: listId, start: null, due: null, created: null, completed: null, creator: null, completer: null, assignees: [], estimation: 0, payable: false };
}

describe("groupRows", () => {
  it("groups a page by project then list, in the order rows came", () => {
    const groups = groupRows([row(1, 7, 70), row(2, 3, 30), row(3, 7, 71), row(4, 7, 70)], (id) => (id === 7 ? "Alpha" : null), (id) => `L${id}`);
    expect(groups.map((group) => [group.id, group.title, group.lists.map((list) => [list.title, list.rows.map((entry) => entry.id)])])).toEqual([
      [7, "Alpha", [["L70", [1, 4]], ["L71", [3]]]],
      [3, null, [["L30", [2]]]],
    ]);
  });

  it("writes minutes as hours", () => {
    expect([hoursOf(90), hoursOf(0), hoursOf(20)]).toEqual(["1.5", "0", "0.33"]);
  });
});

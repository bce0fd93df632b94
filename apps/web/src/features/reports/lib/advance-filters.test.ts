import { describe, expect, it } from "vitest";
import { apiRowsOf, draftRowsOf, emptyRow, keysUsedElsewhere } from "./advance-filters.js";

describe("advanced report rows", () => {
  it("sends only the complete rows, and reads back what it sent", () => {
    const rows = [
      { ...emptyRow(), skey: "status" as const, choice: "2" },
      { ...emptyRow(), skey: "time" as const, start_at: "2026-11-01", due_date: "" },
      { ...emptyRow(), skey: "project" as const, ids: ["3", "5"] },
      emptyRow(),
    ];
    const sent = apiRowsOf(rows);
    expect(sent).toEqual([
      { skey: "status", svalue: 2 },
      { skey: "project", svalue: "3,5" },
    ]);
    expect(apiRowsOf(draftRowsOf(JSON.stringify(sent)))).toEqual(sent);
    expect(draftRowsOf("not json")).toEqual([]);
  });

  it("disables in a row the keys the other rows use", () => {
    const rows = [
      { ...emptyRow(), skey: "status" as const },
      { ...emptyRow(), skey: "payable" as const },
    ];
    expect([...keysUsedElsewhere(rows, rows[0]!.id)]).toEqual(["payable"]);
  });
});

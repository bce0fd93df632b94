import { describe, expect, it } from "vitest";
import { keepConnected, mapNullable, pairIds } from "./duplication.rows.js";
import { copyStem, firstFreeTitle, listCopyTitle, PROJECT_TITLE_MAX } from "./duplication.titles.js";

// The pure rules of duplication (no database): titles of copies, id pairing, rows kept with their parents.

describe("copy titles", () => {
  it("adds ' copy', then numbers it from 2 when taken, ignoring case", () => {
    expect(firstFreeTitle("Alpha copy", [])).toBe("Alpha copy");
    expect(firstFreeTitle("Alpha copy", ["alpha copy"])).toBe("Alpha copy 2");
    expect(firstFreeTitle("Alpha copy", ["alpha copy", "ALPHA COPY 2", "alpha copy 4"])).toBe("Alpha copy 3");
  });

  it("cuts a long title so that the copy and its number fit", () => {
    const stem = copyStem("x".repeat(PROJECT_TITLE_MAX), PROJECT_TITLE_MAX);
    expect(stem.endsWith("x copy")).toBe(true);
    expect(`${stem} 99999`.length).toBeLessThanOrEqual(PROJECT_TITLE_MAX);
    expect(copyStem("  Spaced  ", PROJECT_TITLE_MAX)).toBe("Spaced copy");
  });

  it("keeps the Inbox's name for its copy", () => {
    expect(listCopyTitle("Inbox", true)).toBe("Inbox");
    expect(listCopyTitle("Design", false)).toBe("Design copy");
  });
});

describe("copied rows", () => {
  it("pairs ids in order, whatever order the rows came in", () => {
    expect([...pairIds([{ id: 9 }, { id: 3 }, { id: 5 }], [100, 101, 102])]).toEqual([[3, 100], [5, 101], [9, 102]]);
    expect(() => pairIds([{ id: 1 }], [])).toThrow();
  });

  it("re-points a nullable reference, or drops it when its target is not copied", () => {
    const map = new Map([[4, 40]]);
    expect([mapNullable(map, 4), mapNullable(map, 5), mapNullable(map, null)]).toEqual([40, null, null]);
  });

  it("keeps only rows whose whole parent chain is kept, parents listed after children included", () => {
    const rows = [
      { id: 1, parent: 0, ok: true },
      { id: 2, parent: 5, ok: true }, // under 5, listed later
      { id: 3, parent: 4, ok: true }, // under 4, which is not eligible
      { id: 4, parent: 0, ok: false },
      { id: 5, parent: 1, ok: true },
      { id: 6, parent: 3, ok: true }, // under 3, which goes
    ];
    const kept = keepConnected(rows, (row) => row.ok === true, (row) => [Number(row.parent)]);
    expect(kept.map((row) => row.id)).toEqual([1, 2, 5]);
  });
});

import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { longView, smallView } from "./gantt-export-fixtures.js";
import { GRID_COLUMNS, GRID_WIDTH, SIZES, elbowPoints, layoutGantt } from "./gantt-export-layout.js";
import { drawGantt, drawingToSvg } from "./gantt-export-svg.js";
import { measureText } from "./gantt-export-text.js";
import type { GanttExportView } from "./gantt-export-view.js";

const { DOMParser } = new JSDOM("").window;

/** Parses the SVG as XML (so a stray `<` or `&` in a title fails the test) and returns its root. */
function parse(svg: string): Element {
  const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
  expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
  return doc.documentElement;
}

function num(element: Element | null | undefined, attribute: string): number {
  const value = element?.getAttribute(attribute);
  if (value === null || value === undefined) throw new Error(`no ${attribute} on ${element?.outerHTML ?? "nothing"}`);
  return Number(value);
}

function pathPoints(d: string): Array<[number, number]> {
  return [...d.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map((match) => [Number(match[1]), Number(match[2])]);
}

function polygonPoints(points: string): Array<[number, number]> {
  return points.split(" ").map((pair) => pair.split(",").map(Number) as [number, number]);
}

function drawSmall(view: GanttExportView = smallView()): Element {
  return parse(drawingToSvg(drawGantt(layoutGantt(view, { maxWidth: 10_000 }), { withTitle: true })));
}

// In the small view a day is 30 px from GRID_WIDTH on Monday 2025-01-06; rows start under the title band
// and the two scale tiers.
const x = (dayOffset: number): number => GRID_WIDTH + dayOffset * 30;
const bodyTop = SIZES.titleBand + 2 * SIZES.scaleTier;
const rowMiddle = (index: number): number => bodyTop + index * SIZES.rowHeight + SIZES.rowHeight / 2;

describe("the Gantt export drawing", () => {
  it("puts task bars from the start day to the end of the due day, with the progress filled", () => {
    const svg = drawSmall();
    const bar = svg.querySelector('g[data-kind="bar"][data-id="10"]');
    const [base, progress] = [bar?.querySelector("rect"), bar?.querySelector('rect[data-kind="progress"]')];
    expect(num(base, "x")).toBe(x(0));
    expect(num(base, "width")).toBe(90);
    expect(num(base, "y") + SIZES.barHeight / 2).toBe(rowMiddle(1));
    expect(num(progress, "width")).toBe(45);
    const list = svg.querySelector('path[data-kind="summary"][data-id="1"]');
    expect([num(list, "data-x0"), num(list, "data-x1")]).toEqual([x(0), x(5)]);
  });

  it("draws critical tasks in red and done tasks washed out", () => {
    const svg = drawSmall();
    const critical = svg.querySelector('g[data-kind="bar"][data-id="11"]');
    expect(critical?.getAttribute("data-critical")).toBe("1");
    expect(critical?.querySelector("rect[stroke]")?.getAttribute("stroke")).toBe("#b42318");
    const done = svg.querySelector('g[data-kind="bar"][data-id="14"]');
    expect(done?.getAttribute("data-done")).toBe("1");
    expect(done?.querySelector("rect[stroke]")?.getAttribute("stroke")).not.toBe("#3451b2");
    expect(svg.querySelector('g[data-kind="bar"][data-id="10"] rect[stroke]')?.getAttribute("stroke")).toBe("#3451b2");
  });

  it("draws a milestone as a diamond in the middle of its day and row", () => {
    const diamond = drawSmall().querySelector('polygon[data-kind="milestone"][data-id="12"]');
    const points = polygonPoints(diamond?.getAttribute("points") ?? "");
    expect(points).toHaveLength(4);
    const xs = points.map(([px]) => px);
    const ys = points.map(([, py]) => py);
    expect((Math.min(...xs) + Math.max(...xs)) / 2).toBe(x(7) + 15);
    expect((Math.min(...ys) + Math.max(...ys)) / 2).toBe(rowMiddle(3));
    expect(Math.max(...xs) - Math.min(...xs)).toBe(2 * SIZES.milestoneHalf);
  });

  it("draws each link type as an elbow between the ends its type names", () => {
    const svg = drawSmall();
    const expected = [
      // [source, target, type, start x, start y, tip x, tip y, arrow direction]
      [10, 11, 0, x(3), rowMiddle(1), x(3), rowMiddle(2), 1],
      [10, 14, 1, x(0), rowMiddle(1), x(8), rowMiddle(5), 1],
      [11, 12, 2, x(5), rowMiddle(2), x(7) + 15 + SIZES.milestoneHalf, rowMiddle(3), -1],
      [14, 12, 3, x(8), rowMiddle(5), x(7) + 15 + SIZES.milestoneHalf, rowMiddle(3), -1],
    ] as const;
    const drawn = [...svg.querySelectorAll('path[data-kind="link"]')];
    expect(drawn.map((path) => `${path.getAttribute("data-source")}>${path.getAttribute("data-target")}`).sort()).toEqual(["10>11", "10>14", "11>12", "14>12"]);
    for (const [source, target, type, startX, startY, tipX, tipY, direction] of expected) {
      const path = svg.querySelector(`path[data-kind="link"][data-source="${source}"][data-target="${target}"]`);
      expect(path?.getAttribute("data-type")).toBe(String(type));
      const points = pathPoints(path?.getAttribute("d") ?? "");
      expect(points[0]).toEqual([startX, startY]);
      // Elbows only: every segment is horizontal or vertical.
      for (let i = 1; i < points.length; i++) {
        const [a, b] = [points[i - 1] ?? [0, 0], points[i] ?? [0, 0]];
        expect(a[0] === b[0] || a[1] === b[1]).toBe(true);
      }
      // The line leaves the source outwards (right from its end, left from its start), except for task 10
      // which starts on the timeline's first day: with no room left of it, its turn stays inside the edge.
      if (source === 10 && type === 1) expect(points[1]?.[0]).toBe(GRID_WIDTH + 4);
      else expect(Math.sign((points[1]?.[0] ?? 0) - startX)).toBe(type === 0 || type === 2 ? 1 : -1);
      for (const [px] of points) expect(px).toBeGreaterThanOrEqual(GRID_WIDTH);
      const tip = polygonPoints(svg.querySelector(`polygon[data-kind="arrow"][data-source="${source}"][data-target="${target}"]`)?.getAttribute("points") ?? "");
      expect(tip[0]).toEqual([tipX, tipY]);
      expect(Math.sign(tipX - (tip[1]?.[0] ?? 0))).toBe(direction);
      expect(points[points.length - 1]).toEqual([tipX - direction * SIZES.arrowSize, tipY]);
    }
  });

  it("routes a link whose target starts before the source ends back along the row edge", () => {
    const path = drawSmall().querySelector('path[data-kind="link"][data-source="10"][data-target="11"]');
    expect(pathPoints(path?.getAttribute("d") ?? "")).toEqual([
      [x(3), rowMiddle(1)],
      [x(3) + SIZES.linkGap, rowMiddle(1)],
      [x(3) + SIZES.linkGap, bodyTop + 2 * SIZES.rowHeight],
      [x(3) - SIZES.linkGap, bodyTop + 2 * SIZES.rowHeight],
      [x(3) - SIZES.linkGap, rowMiddle(2)],
      [x(3) - SIZES.arrowSize, rowMiddle(2)],
    ]);
    // With room between the bars, finish-to-start turns once, right after the source.
    expect(elbowPoints({ x: 100, y: 10, side: "end" }, { x: 200, y: 60, side: "start" }, 30).points).toEqual([
      [100, 10],
      [110, 10],
      [110, 60],
      [200, 60],
    ]);
  });

  it("marks today in the middle of its day and says when a task has no dates", () => {
    const svg = drawSmall();
    const today = svg.querySelector('line[data-kind="today"]');
    expect([num(today, "x1"), num(today, "x2")]).toEqual([x(2) + 15, x(2) + 15]);
    const texts = [...svg.querySelectorAll("text")].map((element) => element.textContent);
    expect(texts).toContain("Not scheduled");
    expect(svg.querySelector('[data-id="13"]')).toBeNull();
    expect(smallView().rows.some((row) => row.id === 13 && row.start === null)).toBe(true);
  });

  it("writes the grid with US dates, escapes markup in titles and ellipsises long ones", () => {
    const longTitle = "A task title far too long to fit the first column of the grid, however wide the reader's screen is";
    const view = smallView();
    view.rows.push({ ...view.rows[1]!, id: 20, title: longTitle });
    const raw = drawingToSvg(drawGantt(layoutGantt(view, { maxWidth: 10_000 }), { withTitle: true }));
    expect(raw).not.toContain("<b>");
    const texts = [...parse(raw).querySelectorAll("text")].map((element) => element.textContent ?? "");
    expect(texts).toContain('Sketch <b>&"pages"</b>');
    expect(texts).toEqual(expect.arrayContaining(["01/06/2025", "01/08/2025", "50%", "Website relaunch", "Ada"]));
    const cut = texts.find((content) => content.startsWith("A task title"));
    expect(cut).toMatch(/\u2026$/);
    expect(cut!.length).toBeLessThan(longTitle.length);
    const titleColumn = GRID_COLUMNS[0].width - SIZES.cellPadding - (SIZES.cellPadding + SIZES.indent);
    expect(measureText(cut!, SIZES.fontSize)).toBeLessThanOrEqual(titleColumn);
  });

  it("labels the time scale for each zoom", () => {
    const labels = (zoom: GanttExportView["zoom"]): { top: string[]; bottom: string[]; layout: ReturnType<typeof layoutGantt> } => {
      const layout = layoutGantt(smallView({ zoom, from: "2025-01-06", to: "2025-08-20" }), { maxWidth: 100_000 });
      return { top: layout.topCells.map((cell) => cell.labels[0] ?? ""), bottom: layout.bottomCells.map((cell) => cell.labels[0] ?? ""), layout };
    };
    expect(labels("day").bottom.slice(0, 3)).toEqual(["6", "7", "8"]);
    expect(labels("day").top[0]).toBe("January 2025");
    expect(labels("week").bottom.slice(0, 2)).toEqual(["Jan 6", "Jan 13"]);
    expect(labels("month").bottom.slice(0, 2)).toEqual(["January", "February"]);
    expect(labels("month").top).toEqual(["2025"]);
    expect(labels("quarter").bottom).toEqual(["Q1 2025", "Q2 2025", "Q3 2025"]);
    for (const zoom of ["day", "week", "month", "quarter"] as const) {
      const { layout } = labels(zoom);
      // The cells tile the timeline exactly, from the grid's edge to the drawing's.
      expect(layout.bottomCells[0]?.x0).toBe(GRID_WIDTH);
      expect(layout.bottomCells.at(-1)?.x1).toBeCloseTo(layout.width, 0);
      layout.bottomCells.slice(1).forEach((cell, index) => expect(cell.x0).toBe(layout.bottomCells[index]?.x1));
    }
    const drawn = [...drawSmall(smallView({ zoom: "week" })).querySelectorAll("text")].map((element) => element.textContent);
    expect(drawn).toEqual(expect.arrayContaining(["January 2025", "Jan 6", "Jan 13"]));
  });

  it("squeezes a long range into the width and drops the labels that no longer fit", () => {
    const layout = layoutGantt(smallView({ zoom: "day", from: "2024-01-01", to: "2025-12-31" }), { maxWidth: 2_000 });
    expect(layout.width).toBeLessThanOrEqual(2_000);
    const svg = parse(drawingToSvg(drawGantt(layout)));
    const header = [...svg.querySelectorAll("text")].filter((element) => num(element, "y") < 2 * SIZES.scaleTier && num(element, "x") > GRID_WIDTH);
    const lower = header.filter((element) => num(element, "y") > SIZES.scaleTier);
    expect(lower).toHaveLength(0);
    expect(header.some((element) => /^Jan/.test(element.textContent ?? ""))).toBe(true);
  });

  it("draws only the parts inside a strip, and a page slice under its own time scale", () => {
    const view = longView(10);
    const layout = layoutGantt(view, { maxWidth: 10_000 });
    const drawing = drawGantt(layout, { withTitle: true });
    const top = bodyTop + 30 * SIZES.rowHeight;
    const strip = parse(drawingToSvg(drawing, { top, height: 3 * SIZES.rowHeight }));
    expect(strip.getAttribute("viewBox")).toBe(`0 ${top} ${layout.width} ${3 * SIZES.rowHeight}`);
    const texts = [...strip.querySelectorAll("text")].map((element) => element.textContent);
    expect(texts).toEqual(expect.arrayContaining(["List 6", "Task 51", "Task 52"]));
    expect(texts).not.toContain("Task 1");
    expect(texts).not.toContain("Big project");

    const page = parse(drawingToSvg(drawGantt(layout, { rowStart: 30, rowEnd: 36 })));
    const pageTexts = [...page.querySelectorAll("text")].map((element) => element.textContent);
    expect(pageTexts).toEqual(expect.arrayContaining(["Task", "Progress", "Jan 6", "List 6", "Task 55"]));
    expect(pageTexts).not.toContain("Task 61");
    expect(num(page, "height")).toBe(2 * SIZES.scaleTier + 6 * SIZES.rowHeight);
  });
});

import { describe, expect, it } from "vitest";
import type { ActivityChange } from "./activity-catalogue.js";
import { formatDay, renderActivitySentence, type ActivityFacts } from "./activity-sentences.js";

const ben = { id: 2, name: "Ben" };
const cleo = { id: 3, name: "Cleo" };

/** Ana's update of the task Wireframes with the given changes, read in English. */
function update(changes: ActivityChange[], facts: Partial<ActivityFacts> = {}, dateFormat?: string): string {
  return renderActivitySentence(
    { actorName: "Ana", type: "update", resource: "task", title: "Wireframes", changes, mayNameLists: true, ...facts },
    { locale: "en", ...(dateFormat !== undefined && { dateFormat }) },
  );
}

describe("renderActivitySentence", () => {
  it("keeps the sentences stored before structured entries", () => {
    const facts = { actorName: "Ana", title: "Homepage copy", changes: [], mayNameLists: true } as const;
    expect(renderActivitySentence({ ...facts, type: "create", resource: "task" }, { locale: "en" })).toBe("Ana created the task Homepage copy");
    expect(renderActivitySentence({ ...facts, type: "incomplete", resource: "task_list" }, { locale: "en" })).toBe("Ana reopened the task list Homepage copy");
    expect(renderActivitySentence({ ...facts, type: "delete", resource: "discussion_board" }, { locale: "en" })).toBe("Ana deleted the discussion Homepage copy");
    expect(renderActivitySentence({ ...facts, type: "create", resource: "comment", title: "the task Homepage" }, { locale: "en" })).toBe("Ana added a comment on the task Homepage");
    expect(renderActivitySentence({ ...facts, type: "update", resource: "comment", title: "the task Homepage" }, { locale: "en" })).toBe("Ana updated a comment on the task Homepage");
    expect(update([])).toBe("Ana updated the task Wireframes");
    expect(renderActivitySentence({ ...facts, type: "move", resource: "task" }, { locale: "en" })).toBe("Ana moved the task Homepage copy");
  });

  it("tells a changed day in MM/DD, and a missing one as 'no due date'", () => {
    expect(update([{ field: "due_date", from: "2026-11-20", to: "2026-11-25" }])).toBe("Ana changed the due date of Wireframes from 11/20 to 11/25");
    expect(update([{ field: "due_date", from: null, to: "2026-11-25" }])).toBe("Ana changed the due date of Wireframes from no due date to 11/25");
    expect(update([{ field: "start_at", from: "2026-01-05", to: "" }])).toBe("Ana changed the start date of Wireframes from 01/05 to no start date");
    expect(update([{ field: "due_date", from: { date: "2026-11-20" }, to: "2026-11-25 00:00:00" }])).toBe("Ana changed the due date of Wireframes from 11/20 to 11/25");
  });

  it("shows days in the site's date format when one is given", () => {
    expect(update([{ field: "due_date", from: "2026-11-20", to: "2026-03-05" }], {}, "DD.MM.YYYY")).toBe("Ana changed the due date of Wireframes from 20.11.2026 to 05.03.2026");
    expect(formatDay("2026-03-05", "M/D/YY")).toBe("3/5/26");
    expect(formatDay(null)).toBeNull();
  });

  it("names who was assigned and unassigned", () => {
    expect(update([{ field: "assignees", from: [], to: [ben] }])).toBe("Ana assigned Wireframes to Ben");
    expect(update([{ field: "assignees", from: [ben], to: [ben, cleo, { id: 4, name: "Dan" }] }])).toBe("Ana assigned Wireframes to Cleo and Dan");
    expect(update([{ field: "assignees", from: [ben, cleo], to: [] }])).toBe("Ana unassigned Ben and Cleo from Wireframes");
    expect(update([{ field: "assignees", from: [ben], to: [cleo] }])).toBe("Ana assigned Wireframes to Cleo and unassigned Ben from Wireframes");
    // A person renamed since keeps the same id, so they are not told as both removed and added.
    expect(update([{ field: "assignees", from: [ben], to: [{ id: 2, name: "Benjamin" }] }])).toBe("Ana updated the task Wireframes");
  });

  it("names labels added and removed, and says nothing it cannot name", () => {
    expect(update([{ field: "labels", from: [], to: [{ id: 1, title: "Urgent" }] }])).toBe("Ana added the label Urgent to Wireframes");
    expect(update([{ field: "labels", from: [{ id: 1, name: "Urgent" }, { id: 2, name: "Later" }], to: [] }])).toBe("Ana removed the labels Urgent and Later from Wireframes");
    expect(update([{ field: "labels", from: [], to: [7, 8] }])).toBe("Ana updated the task Wireframes");
  });

  it("tells a rename with the record's kind", () => {
    expect(update([{ field: "title", from: "Homepage", to: "Landing page" }], { title: "Landing page" })).toBe("Ana renamed the task Homepage to Landing page");
    expect(update([{ field: "title", from: "Q1", to: "Q2" }], { resource: "milestone", title: "Q2" })).toBe("Ana renamed the milestone Q1 to Q2");
  });

  it("names the list a task moved to, only for readers who may see private lists", () => {
    const move = { type: "move", changes: [{ field: "task_list", from: { id: 1, title: "Secret" }, to: { id: 2, title: "Design" } }] } as const;
    expect(update([...move.changes], { type: "move" })).toBe("Ana moved Wireframes to the list Design");
    expect(update([...move.changes], { type: "move", mayNameLists: false })).toBe("Ana moved the task Wireframes");
    expect(update([{ field: "board_id", from: 1, to: 2 }], { type: "move" })).toBe("Ana moved the task Wireframes");
    // What else changed with the move is told after it; a status change has an entry of its own.
    const withMore = [...move.changes, { field: "due_date", from: null, to: "2026-11-25" }, { field: "status", from: 0, to: 1 }];
    expect(update(withMore, { type: "move" })).toBe("Ana moved Wireframes to the list Design and changed the due date of Wireframes from no due date to 11/25");
    expect(update(withMore, { type: "move", mayNameLists: false })).toBe("Ana moved the task Wireframes and changed the due date of Wireframes from no due date to 11/25");
  });

  it("tells privacy, status and description changes", () => {
    expect(update([{ field: "privacy", from: 0, to: 1 }])).toBe("Ana made the task Wireframes private");
    expect(update([{ field: "privacy", from: true, to: false }], { resource: "task_list" })).toBe("Ana made the task list Wireframes public");
    expect(update([{ field: "status", from: 0, to: 1 }])).toBe("Ana completed the task Wireframes");
    expect(update([{ field: "status", from: "incomplete", to: "archived" }], { resource: "project" })).toBe("Ana changed the status of Wireframes from incomplete to archived");
    expect(update([{ field: "description", from: "<p>a</p>", to: "<p>b</p>" }])).toBe("Ana changed the description of Wireframes");
  });

  it("tells other fields by name, and leaves out unnamed references", () => {
    expect(update([{ field: "estimation", from: 0, to: 3 }])).toBe("Ana changed the estimate of Wireframes from 0 to 3");
    expect(update([{ field: "priority", from: 1, to: 2 }])).toBe("Ana changed the priority of Wireframes from 1 to 2");
    expect(update([{ field: "color", from: "#fff", to: "#000" }], { resource: "label" })).toBe("Ana changed the color of Wireframes from #fff to #000");
    expect(update([{ field: "milestone_id", from: null, to: 4 }])).toBe("Ana updated the task Wireframes");
    expect(update([{ field: "milestone_id", from: null, to: { id: 4, title: "Beta" } }])).toBe("Ana changed the milestone of Wireframes from no milestone to Beta");
  });

  it("joins several changes into one sentence", () => {
    expect(update([
      { field: "title", from: "Homepage", to: "Wireframes" },
      { field: "due_date", from: "2026-11-20", to: "2026-11-25" },
      { field: "assignees", from: [], to: [ben] },
    ])).toBe("Ana renamed the task Homepage to Wireframes, changed the due date of Wireframes from 11/20 to 11/25 and assigned Wireframes to Ben");
  });

  it("shortens long values and keeps the sentence within 600 characters", () => {
    const long = "Long ".repeat(60).trim();
    const sentence = update([{ field: "title", from: long, to: `${long}!` }], { title: `${long}!` });
    expect(sentence).toBe(`Ana renamed the task ${long.slice(0, 119)}… to ${long.slice(0, 119)}…`);
    expect(update([{ field: "due_date", from: null, to: "2026-11-25" }], { title: long })).toBe(`Ana changed the due date of ${long.slice(0, 119)}… from no due date to 11/25`);
    const huge = "x".repeat(700);
    expect(renderActivitySentence({ actorName: "Ana", type: "create", resource: "task", title: huge, changes: [], mayNameLists: true }, { locale: "en" })).toHaveLength(600);
  });
});

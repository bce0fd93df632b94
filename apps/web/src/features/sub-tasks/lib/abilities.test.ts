import { describe, expect, it } from "vitest";
import { canAddSubTask, canSortSubTasks, subTaskActions } from "./abilities.js";

const state = (canCreate: boolean, archived = false) => ({ abilities: { can_create: canCreate, can_sort: canCreate }, list_archived: archived });
const abilities = (overrides: Partial<Record<"can_edit" | "can_delete" | "can_complete" | "can_edit_details", boolean>> = {}) => ({
  abilities: { can_edit: false, can_delete: false, can_complete: false, can_move: false, can_set_privacy: false, can_edit_details: false, ...overrides },
});

describe("sub-task abilities", () => {
  it("shows the add box and reordering as the server allows, never while the list is archived", () => {
    expect(canAddSubTask(state(true))).toBe(true);
    expect(canAddSubTask(state(false))).toBe(false);
    expect(canAddSubTask(state(true, true))).toBe(false);
    expect(canSortSubTasks(state(true))).toBe(true);
    expect(canSortSubTasks(state(true, true))).toBe(false);
  });

  it("lets an assignee without edit rights complete a sub-task and nothing else", () => {
    expect(subTaskActions(abilities({ can_complete: true }), { list_archived: false })).toEqual({
      canRename: false,
      canComplete: true,
      canAssign: false,
      canSetDueDate: false,
      canDelete: false,
    });
  });

  it("lets an editor do everything, and keeps only delete while the list is archived", () => {
    const editor = abilities({ can_edit: true, can_delete: true, can_complete: true, can_edit_details: true });
    expect(Object.values(subTaskActions(editor, { list_archived: false })).every(Boolean)).toBe(true);
    expect(subTaskActions(editor, { list_archived: true })).toEqual({ canRename: false, canComplete: false, canAssign: false, canSetDueDate: false, canDelete: true });
  });
});

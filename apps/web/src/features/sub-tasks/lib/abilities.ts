import type { SubTask, SubTaskParentAbilities } from "@plotline/contracts";

/** What the sub-tasks list says beside its sub-tasks: the caller's abilities on the parent, and its list's state. */
export interface SubTaskListState {
  abilities: SubTaskParentAbilities;
  list_archived: boolean;
}

/**
 * Whether the add box shows: the server's `can_create` on the parent (managers, its creator, its
 * assignees), while its list is not archived. The one place this is decided.
 */
export function canAddSubTask(state: SubTaskListState): boolean {
  return state.abilities.can_create && !state.list_archived;
}

/** Whether the sub-tasks can be dragged or moved with the keyboard. */
export function canSortSubTasks(state: SubTaskListState): boolean {
  return state.abilities.can_sort && !state.list_archived;
}

/** What a person may do with one sub-task, from its own abilities; nothing while the list is archived. */
export function subTaskActions(subTask: Pick<SubTask, "abilities">, state: Pick<SubTaskListState, "list_archived">) {
  const { abilities } = subTask;
  const open = !state.list_archived;
  return {
    canRename: open && (abilities.can_edit || abilities.can_edit_details),
    canComplete: open && abilities.can_complete,
    canAssign: open && abilities.can_edit,
    canSetDueDate: open && (abilities.can_edit || abilities.can_edit_details),
    // Deleting goes through the trash and is not refused on an archived list.
    canDelete: abilities.can_delete,
  };
}

/**
 * Marks a link to a task's modal as opened from the page behind it, so closing can simply go back. Kept in
 * a module of its own: the pages in every bundle link to tasks, and the task rows (with their drag and drop)
 * should not come with it.
 */
export const TASK_LINK_STATE = { backToPrevious: true } as const;

import { routePath, type SearchResult } from "@plotline/contracts";

/**
 * How a project shows its tasks, which decides where a task result opens: the Kanban board's single task,
 * the archive's single task, or the task lists' single task.
 */
export type ListViewType = "kanboard" | "archive" | "list";

/**
 * The list view type of a project the caller has no remembered view of: the task lists. The Kanban module
 * remembers `kanboard` for a project while its board is the caller's view of it, and `archive` while it is
 * the archived lists (kanboard's `useListViewTypes`).
 */
export const DEFAULT_LIST_VIEW_TYPE: ListViewType = "list";

/** Where one task opens, by the project's list view type. */
export function taskPath(projectId: number, taskId: number, viewType: ListViewType): string {
  switch (viewType) {
    case "kanboard":
      return routePath("kanboard_single_task", { project_id: projectId, task_id: taskId });
    case "archive":
      return routePath("archived_single_task", { project_id: projectId, task_id: taskId });
    case "list":
      return routePath("single_task", { project_id: projectId, task_id: taskId });
  }
}

/** Where a project file item opens: the doc, link or file modal over its folder, or the folder itself. */
function fileItemPath(projectId: number, fileType: string | null, itemId: number, folderId: number): string {
  switch (fileType) {
    case "doc":
      return routePath("single_doc", { project_id: projectId, folder_id: folderId, doc_id: itemId });
    case "link":
      return routePath("single_link", { project_id: projectId, folder_id: folderId, link_id: itemId });
    case "pro_file":
      return routePath("single_file", { project_id: projectId, folder_id: folderId, file_id: itemId });
    case "folder":
      return routePath("pro_file_lists", { project_id: projectId, folder_id: itemId });
    default:
      return routePath("pro_file_lists", { project_id: projectId, folder_id: folderId });
  }
}

/**
 * Where a search result leads, as the documents say: a task by the project's list view type, a sub-task
 * to its parent task, a project to its overview, a milestone to the milestones page, a discussion to
 * itself, a task list to the single list; a comment to the page of what it is on; a doc to its modal.
 */
export function searchResultPath(result: SearchResult, viewType: ListViewType = DEFAULT_LIST_VIEW_TYPE): string {
  const project = result.project_id;
  switch (result.type) {
    case "task":
      return taskPath(project, result.id, viewType);
    case "subtask":
      return taskPath(project, result.parent_id, viewType);
    case "project":
      return routePath("pm_overview", { project_id: result.id });
    case "milestone":
      return routePath("milestones", { project_id: project });
    case "discussion_board":
      return routePath("individual_discussions", { project_id: project, discussion_id: result.id });
    case "task_list":
      return routePath("single_list", { project_id: project, list_id: result.id });
    case "doc":
      return fileItemPath(project, "doc", result.id, result.folder_id ?? result.parent_id);
    case "comment":
      switch (result.parent_type) {
        case "task":
          return taskPath(project, result.parent_id, viewType);
        case "task_list":
          return routePath("single_list", { project_id: project, list_id: result.parent_id });
        case "discussion_board":
          return routePath("individual_discussions", { project_id: project, discussion_id: result.parent_id });
        case "milestone":
          return routePath("milestones", { project_id: project });
        case "file":
          return fileItemPath(project, result.file_type, result.parent_id, result.folder_id ?? 0);
        default:
          return routePath("pm_overview", { project_id: project });
      }
  }
}

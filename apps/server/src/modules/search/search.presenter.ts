import { SEARCH_PARENT_TYPES, type SearchResult } from "@plotline/contracts";
import type { SearchHitRow } from "./search.repository.js";
import { markTitle, snippetOf, type ParsedQuery } from "./search.text.js";

type ParentType = SearchResult["parent_type"];

const TASK_STATUS: Record<number, string> = { 0: "incomplete", 1: "complete", 2: "pending" };
const MILESTONE_STATUS: Record<number, string> = { 0: "incomplete", 1: "complete" };
const LIST_STATUS: Record<number, string> = { 0: "archived", 1: "current" };

function statusOf(row: SearchHitRow): string | null {
  switch (row.kind) {
    case "task":
    case "subtask":
      return row.task_status === null ? null : (TASK_STATUS[Number(row.task_status)] ?? null);
    case "task_list":
      return row.list_status === null ? null : (LIST_STATUS[Number(row.list_status)] ?? null);
    case "milestone":
      return row.milestone_status === null ? null : (MILESTONE_STATUS[Number(row.milestone_status)] ?? null);
    case "project":
      return row.project_status;
    default:
      return null;
  }
}

/** The title of the record a comment is on. */
function commentedTitle(row: SearchHitRow): string | null {
  switch (row.subject_type) {
    case "task":
      return row.task_title;
    case "task_list":
      return row.list_title;
    case "milestone":
      return row.milestone_title;
    case "discussion_board":
      return row.discussion_title;
    case "file":
      return row.file_title;
    default:
      return null;
  }
}

function parentOf(row: SearchHitRow): { type: ParentType; title: string | null } {
  switch (row.kind) {
    case "subtask":
      return { type: "task", title: row.parent_task_title };
    case "comment": {
      const type = (SEARCH_PARENT_TYPES as readonly string[]).includes(row.subject_type) ? (row.subject_type as ParentType) : null;
      return { type, title: commentedTitle(row) };
    }
    case "doc":
      return { type: "folder", title: row.folder_title };
    default:
      return { type: null, title: null };
  }
}

/** A hit as the API shows it: the documents' fields, then what the result panel shows, marked. */
export function presentSearchResult(row: SearchHitRow, query: ParsedQuery): SearchResult {
  const parent = parentOf(row);
  const isComment = row.kind === "comment";
  // A comment has no title of its own: it shows the record it is on, unmarked, and its text as the excerpt.
  const title = isComment ? (parent.title ?? "") : row.title;
  const titleSegments = isComment ? (title ? [{ text: title, match: false }] : []) : markTitle(title, query);
  const titleMatched = titleSegments.some((segment) => segment.match);
  return {
    type: row.kind,
    id: Number(row.record_id),
    project_id: Number(row.project_id),
    parent_id: Number(row.parent_id),
    title,
    parent_type: parent.type,
    parent_title: parent.title,
    project_title: row.project_title,
    status: statusOf(row),
    folder_id: row.kind === "doc" || (isComment && row.subject_type === "file") ? Number(row.folder_id) : null,
    file_type: isComment && row.subject_type === "file" ? row.file_type : null,
    title_segments: titleSegments,
    // The engines match a little more loosely than the marker (tokenizer details); an unmarked excerpt then.
    snippet: snippetOf(row.body, query, !titleMatched),
  };
}

import { z } from "zod";
import { paginationSchema } from "./envelope.js";
import { zId, zInt } from "./primitives.js";

/**
 * What `model` may name. The documents list the first four (task is the default); comments, docs and
 * projects are Plotline's additions (the project-header box and the projects-list box ask for them).
 * `task` covers sub-tasks, which come back with the type `subtask`.
 */
export const SEARCH_MODELS = ["task", "task_list", "discussion_board", "milestone", "comment", "doc", "project"] as const;
export type SearchModel = (typeof SEARCH_MODELS)[number];

/** What a result may be. */
export const SEARCH_RESULT_TYPES = ["task", "subtask", "task_list", "discussion_board", "milestone", "comment", "doc", "project"] as const;
export type SearchResultType = (typeof SEARCH_RESULT_TYPES)[number];

/** What a comment may be on, as the comments API names it. */
export const SEARCH_PARENT_TYPES = ["task", "task_list", "discussion_board", "milestone", "file", "folder"] as const;

/** The documents' search constants. */
export const SEARCH_LIMITS = {
  /** The projects-list box searches from the first character (after trimming). */
  globalMinLength: 1,
  /** The project-header box searches from the third character. */
  projectMinLength: 3,
  /** Both boxes wait this long after the last key press. */
  debounceMs: 500,
  /** Results per answer unless `per_page` says otherwise. */
  perPage: 20,
  maxPerPage: 50,
  /** Longest query accepted. */
  maxQueryLength: 200,
  /**
   * A search reaches no deeper than this many best matches: `meta.pagination.total` counts up to it, and
   * pages beyond it are empty. Nobody reads past the first pages of a search, and counting every one of
   * tens of thousands of matches would cost more than finding the best twenty.
   */
  maxTotal: 1000,
} as const;

/** What the project-header box searches when `model` is not given: everything inside a project. */
export const PROJECT_SEARCH_MODELS: readonly SearchModel[] = ["task", "task_list", "discussion_board", "milestone", "comment", "doc"];

/** `model[]=task&model[]=milestone`, `model=task` or `model=task,milestone`, as a list of known models. */
const zModels = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    const names = (Array.isArray(value) ? value : value.split(",")).map((name) => name.trim()).filter((name) => name.length > 0);
    const unknown = names.filter((name) => !(SEARCH_MODELS as readonly string[]).includes(name));
    if (names.length === 0 || unknown.length > 0) {
      ctx.addIssue({ code: "custom", message: `model must be one of: ${SEARCH_MODELS.join(", ")}` });
      return z.NEVER;
    }
    return [...new Set(names)] as SearchModel[];
  });

/** The words searched for: required, and blank (after trimming) is refused. */
const zQueryText = z.string().trim().min(1).max(SEARCH_LIMITS.maxQueryLength);

const pageFields = {
  page: zInt.min(1).max(1000).default(1),
  per_page: zInt.min(1).max(SEARCH_LIMITS.maxPerPage).default(SEARCH_LIMITS.perPage),
};

/** `GET pm/v2/search`: across the projects the caller belongs to, or those named by `project_id`. */
export const searchQuery = z.object({
  query: zQueryText,
  /** What to search; `task` when not given. */
  model: zModels,
  project_id: z.union([zId, z.array(zId)]).optional(),
  ...pageFields,
});
export type SearchQuery = z.infer<typeof searchQuery>;

/** `GET pm-pro/v2/search_by_client`: the project-header box, inside one project. */
export const searchByClientQuery = z.object({
  query: zQueryText,
  project_id: zId,
  /** What to search; everything in a project (PROJECT_SEARCH_MODELS) when not given. */
  model: zModels,
  ...pageFields,
});
export type SearchByClientQuery = z.infer<typeof searchByClientQuery>;

/** A piece of text, marked when it is what matched. The UI renders matches with its own mark tag. */
export const searchSegmentSchema = z.object({ text: z.string(), match: z.boolean() });
export type SearchSegment = z.infer<typeof searchSegmentSchema>;

/** One search result: the documents' fields, then what the result panel shows. */
export const searchResultSchema = z.object({
  type: z.enum(SEARCH_RESULT_TYPES),
  id: z.number().int(),
  project_id: z.number().int(),
  /** The parent task of a sub-task, the record a comment is on, the folder of a doc (0: the root); else 0. */
  parent_id: z.number().int(),
  /** The record's title; for a comment, the title of what it is on. */
  title: z.string(),
  /** What `parent_id` points at: `task` for a sub-task, the commented kind for a comment, `folder` for a doc. */
  parent_type: z.enum(SEARCH_PARENT_TYPES).nullable(),
  /** Title of the parent task, of the record commented on, or of a doc's folder. */
  parent_title: z.string().nullable(),
  project_title: z.string(),
  /**
   * Tasks: incomplete, complete or pending; task lists: current or archived; milestones: incomplete or
   * complete; projects: their status. Null for discussions, comments and docs.
   */
  status: z.string().nullable(),
  /** Folder holding a doc, or the file a comment is on (0: the root); null otherwise. */
  folder_id: z.number().int().nullable(),
  /** For a comment on a project file: that item's kind (doc, link, pro_file, folder). */
  file_type: z.string().nullable(),
  /** The title split into marked and unmarked pieces. */
  title_segments: z.array(searchSegmentSchema),
  /** A short excerpt of the body around the first match, marked; empty when only the title matched. */
  snippet: z.array(searchSegmentSchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** The answer of both search calls: results best first; `no_result` carries the empty text when none. */
export const searchAnswerSchema = z.object({
  data: z.array(searchResultSchema),
  meta: z.object({ pagination: paginationSchema, no_result: z.string().optional() }),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;

import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { capabilitiesToSee } from "../comments/comments.policy.js";
import type { ProjectCountsProvider } from "../module.js";
import { holds, isPrivate } from "../privacy/privacy.rules.js";
import { attachmentsRepository, type FileCountRow, type OwnerType } from "./attachments.repository.js";
import { folderTree, type FolderTree } from "./files.tree.js";

/** A count of files (or of comments on files) of one project, with the privacy of what decides who sees them. */
export interface ProjectFileCount {
  project_id: number;
  /** `file`: items of the files area and attachments; `comment`: comments on items of the files area. */
  kind: "file" | "comment";
  /** What a reader must be able to see: `file` (an item of the files area) or the attachment owner's kind. */
  target_type: OwnerType;
  /** Non-zero when that record is private, for a file also when a folder above it is (1 then). */
  privacy: number;
  /** For a task: its list's privacy. */
  list_privacy: number;
  count: number;
}

/**
 * The raw file counts of a set of projects for `meta.total_files` (and the comments on files for
 * `total_comments`): uploads, docs and links of the files area (folders and revisions are not files) and
 * every attachment whose record still exists. A file's privacy includes its folders' (read from each
 * project's folder tree), so the projects presenter applies each reader's capabilities to the result.
 */
export async function countProjectFiles(db: Kysely<Database>, projectIds: readonly number[]): Promise<ProjectFileCount[]> {
  const { rows, fileComments, folders } = await attachmentsRepository(db).countForProjects(projectIds);
  const trees = new Map<number, FolderTree>();
  const byProject = new Map<number, typeof folders>();
  for (const folder of folders) byProject.set(folder.project_id, [...(byProject.get(folder.project_id) ?? []), folder]);
  const treeOf = (projectId: number): FolderTree => {
    let tree = trees.get(projectId);
    if (!tree) {
      tree = folderTree((byProject.get(projectId) ?? []).map((folder) => ({ ...folder, title: "", created_by: 0 })));
      trees.set(projectId, tree);
    }
    return tree;
  };
  const effective = (row: FileCountRow): number => {
    if (row.target_type !== "file") return row.privacy;
    return isPrivate(row.privacy) || (row.folder_id !== 0 && treeOf(row.project_id).isPrivatePath(row.folder_id)) ? 1 : 0;
  };
  return [
    ...rows.map((row) => ({ project_id: row.project_id, kind: "file" as const, target_type: row.target_type, privacy: effective(row), list_privacy: row.list_privacy, count: row.count })),
    ...fileComments.map((row) => ({ project_id: row.project_id, kind: "comment" as const, target_type: "file" as const, privacy: effective(row), list_privacy: 0, count: row.count })),
  ];
}

/**
 * The files module's part of each project's counts: `total_files`, and the comments on files, which add to
 * `total_comments`. A file (or a comment on one) counts for a reader who may see its record.
 */
export function filesProjectCounts(db: Kysely<Database>): ProjectCountsProvider<ProjectFileCount> {
  return {
    fields: ["total_files", "total_comments"],
    count: (projectIds) => countProjectFiles(db, projectIds),
    visible(rows, view) {
      const counts = { total_files: 0, total_comments: 0 };
      for (const row of rows) {
        if (!capabilitiesToSee(row.target_type, row).every((capability) => holds(view, capability))) continue;
        if (row.kind === "file") counts.total_files += row.count;
        else counts.total_comments += row.count;
      }
      return counts;
    },
  };
}

import { sql, type Generated, type Kysely, type Selectable } from "kysely";
import type { Database } from "../../db/schema.js";
import { visibleFilesInShownFolder } from "../privacy/privacy.filters.js";
import type { PrivacyView } from "../privacy/privacy.rules.js";

/** The `project_files` table of migrations 0005 and 0010. */
export interface ProjectFilesTable {
  id: Generated<number>;
  project_id: number;
  /** Folder id (0 = root); for a revision, the item revised. */
  parent_id: number;
  type: "folder" | "doc" | "link" | "pro_file" | "revision";
  title: string;
  description: string;
  url: string;
  privacy: number;
  original_name: string;
  mime_type: string;
  size_bytes: number;
  storage_key: string | null;
  thumb_key: string | null;
  created_by: number;
  created_at: string;
  updated_at: string;
  /** What holds an attachment (`discussion_board`, `task_list`, `task`, `comment`, `file`); null for the files tree. */
  fileable_type: string | null;
  fileable_id: number | null;
}
export type FileRow = Selectable<ProjectFilesTable>;
export type NewFileRow = Omit<FileRow, "id">;

/** A folder as the tree walks need it. */
export type FolderRow = Pick<FileRow, "id" | "parent_id" | "privacy" | "title" | "created_by">;

type FilesDatabase = Database & { project_files: ProjectFilesTable };

/** Queries on project files. The table is this module's own, so its type is added here rather than in db/schema.ts. */
export function filesRepository(base: Kysely<Database>) {
  const db: Kysely<FilesDatabase> = base.withTables<{ project_files: ProjectFilesTable }>();

  function normalise(row: FileRow): FileRow {
    // PostgreSQL may hand numbers back as text through some drivers; keep the shape exact.
    return {
      ...row, size_bytes: Number(row.size_bytes), parent_id: Number(row.parent_id), privacy: Number(row.privacy),
      fileable_type: row.fileable_type ?? null, fileable_id: row.fileable_id === null || row.fileable_id === undefined ? null : Number(row.fileable_id),
    };
  }

  return {
    /** Every folder of a project, for tree walks (privacy inheritance, moves, search) in one query. */
    async listFolders(projectId: number): Promise<FolderRow[]> {
      const rows = await db.selectFrom("project_files").select(["id", "parent_id", "privacy", "title", "created_by"])
        .where("project_id", "=", projectId).where("type", "=", "folder").orderBy("title").orderBy("id").execute();
      return rows.map((row) => ({ ...row, parent_id: Number(row.parent_id), privacy: Number(row.privacy) }));
    },

    /** A folder's contents the reader may see (revisions and attachments excluded): folders first, then newest first. */
    async listChildren(projectId: number, parentId: number, view: PrivacyView): Promise<FileRow[]> {
      const rows = await db.selectFrom("project_files").selectAll()
        .where("project_id", "=", projectId).where("parent_id", "=", parentId).where("type", "<>", "revision").where("fileable_type", "is", null)
        .where((eb) => visibleFilesInShownFolder(eb, view))
        .orderBy(sql`case when type = 'folder' then 0 else 1 end`).orderBy("id", "desc").execute();
      return rows.map(normalise);
    },

    async findItem(projectId: number, id: number): Promise<FileRow | undefined> {
      const row = await db.selectFrom("project_files").selectAll().where("project_id", "=", projectId).where("id", "=", id).executeTakeFirst();
      return row && normalise(row);
    },

    /** Revisions of the given items, newest first. */
    async listRevisions(projectId: number, itemIds: readonly number[]): Promise<FileRow[]> {
      if (itemIds.length === 0) return [];
      const rows = await db.selectFrom("project_files").selectAll().where("project_id", "=", projectId).where("type", "=", "revision")
        .where("parent_id", "in", [...new Set(itemIds)]).orderBy("id", "desc").execute();
      return rows.map(normalise);
    },

    /** Items (not folders, revisions or attachments) directly inside any of the given folders. */
    async listItemsIn(projectId: number, folderIds: readonly number[]): Promise<FileRow[]> {
      if (folderIds.length === 0) return [];
      const rows = await db.selectFrom("project_files").selectAll().where("project_id", "=", projectId)
        .where("type", "not in", ["folder", "revision"]).where("fileable_type", "is", null).where("parent_id", "in", [...new Set(folderIds)]).execute();
      return rows.map(normalise);
    },

    /** Every storage key of a project's uploads, attachments and thumbnails. */
    async listBlobKeys(projectId: number): Promise<string[]> {
      const rows = await db.selectFrom("project_files").select(["storage_key", "thumb_key"]).where("project_id", "=", projectId)
        .where("storage_key", "is not", null).execute();
      return rows.flatMap((row) => [row.storage_key, row.thumb_key]).filter((key): key is string => key !== null);
    },

    async insertItem(item: NewFileRow): Promise<FileRow> {
      return normalise(await db.insertInto("project_files").values(item).returningAll().executeTakeFirstOrThrow());
    },

    async updateItem(id: number, changes: Partial<Omit<FileRow, "id" | "project_id">>): Promise<FileRow | undefined> {
      const row = await db.updateTable("project_files").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
      return row && normalise(row);
    },

    /** Removes the items and the comments on them. */
    async deleteItems(projectId: number, ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      const unique = [...new Set(ids)];
      await db.deleteFrom("comments").where("commentable_type", "=", "file").where("commentable_id", "in", unique).execute();
      await db.deleteFrom("project_files").where("project_id", "=", projectId).where("id", "in", unique).execute();
    },
  };
}

export type FilesRepository = ReturnType<typeof filesRepository>;

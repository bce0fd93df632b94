import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../../db/schema.js";
import { inChunks } from "../../db/sql-helpers.js";
import { filesRepository, type FileRow, type ProjectFilesTable } from "./files.repository.js";

/** What an attachment hangs on at the end: the record itself, or for a comment the record commented on. */
export type OwnerType = "discussion_board" | "task_list" | "task" | "milestone" | "file";

/** An attachment with what decides who may see it: its owner's kind, id, title and privacy. */
export interface AttachmentWithOwner extends FileRow {
  owner_type: OwnerType | null;
  owner_id: number | null;
  /** Null when the owner is gone (deleted with a list or a project): such an attachment is hidden and purged. */
  owner_title: string | null;
  owner_privacy: number;
  /** For a task owner: its list's privacy; 0 otherwise. */
  owner_list_privacy: number;
  /** For a doc or link owner: the folder it is in (0 for the root); 0 otherwise. */
  owner_folder_id: number;
  /** For an owner of the files area: `doc` or `link`; null otherwise. */
  owner_file_type: string | null;
}

/** Raw grouped counts for project totals, before each reader's privacy is applied. */
export interface FileCountRow {
  project_id: number;
  /** `file` for items of the files tree (privacy through their folders) and attachments of docs; else the owner's kind. */
  target_type: OwnerType;
  privacy: number;
  list_privacy: number;
  /** The folder an item or owning doc is in: privacy is inherited from it. */
  folder_id: number;
  count: number;
}

type FilesDatabase = Database & { project_files: ProjectFilesTable };

/** Kinds of record whose attachments the files list shows (a doc's attachments stay inside the doc). */
const LISTED_FILEABLE_TYPES = ["discussion_board", "task_list", "task", "comment"] as const;

/**
 * `from project_files pf` joined to the record holding each attachment and, through a comment, to the record
 * commented on; `owner` columns name that last record. Written once for both engines.
 */
const OWNER_JOINS = sql`
  from project_files pf
  left join comments c on pf.fileable_type = 'comment' and c.id = pf.fileable_id
  left join tasks t on (pf.fileable_type = 'task' and t.id = pf.fileable_id) or (c.commentable_type = 'task' and t.id = c.commentable_id)
  left join task_lists tlt on tlt.id = t.task_list_id
  left join task_lists tl on (pf.fileable_type = 'task_list' and tl.id = pf.fileable_id) or (c.commentable_type = 'task_list' and tl.id = c.commentable_id)
  left join discussions d on (pf.fileable_type = 'discussion_board' and d.id = pf.fileable_id) or (c.commentable_type = 'discussion_board' and d.id = c.commentable_id)
  left join milestones m on c.commentable_type = 'milestone' and m.id = c.commentable_id
  left join project_files f on ((pf.fileable_type = 'file' and f.id = pf.fileable_id) or (c.commentable_type = 'file' and f.id = c.commentable_id))
    and f.fileable_type is null`;

const OWNER_COLUMNS = sql`
  case when pf.fileable_type = 'comment' then c.commentable_type else pf.fileable_type end as owner_type,
  case when pf.fileable_type = 'comment' then c.commentable_id else pf.fileable_id end as owner_id,
  coalesce(t.title, tl.title, d.title, m.title, f.title) as owner_title,
  coalesce(t.privacy, tl.privacy, d.privacy, m.privacy, f.privacy, 0) as owner_privacy,
  coalesce(tlt.privacy, 0) as owner_list_privacy,
  coalesce(f.parent_id, 0) as owner_folder_id,
  f.type as owner_file_type`;

const FILE_COLUMNS = sql`pf.id, pf.project_id, pf.parent_id, pf.type, pf.title, pf.description, pf.url, pf.privacy, pf.original_name,
  pf.mime_type, pf.size_bytes, pf.storage_key, pf.thumb_key, pf.created_by, pf.created_at, pf.updated_at, pf.fileable_type, pf.fileable_id`;

function toOwnerRow(row: Record<string, unknown>): AttachmentWithOwner {
  const found = row.owner_title !== null && row.owner_title !== undefined;
  return {
    id: Number(row.id), project_id: Number(row.project_id), parent_id: Number(row.parent_id), type: row.type as FileRow["type"],
    title: String(row.title), description: String(row.description ?? ""), url: String(row.url ?? ""), privacy: Number(row.privacy),
    original_name: String(row.original_name ?? ""), mime_type: String(row.mime_type ?? ""), size_bytes: Number(row.size_bytes),
    storage_key: (row.storage_key as string | null) ?? null, thumb_key: (row.thumb_key as string | null) ?? null,
    created_by: Number(row.created_by), created_at: String(row.created_at), updated_at: String(row.updated_at),
    fileable_type: (row.fileable_type as string | null) ?? null, fileable_id: row.fileable_id === null ? null : Number(row.fileable_id),
    owner_type: found ? (row.owner_type as OwnerType) : null,
    owner_id: found ? Number(row.owner_id) : null,
    owner_title: found ? String(row.owner_title) : null,
    owner_privacy: Number(row.owner_privacy ?? 0),
    owner_list_privacy: Number(row.owner_list_privacy ?? 0),
    owner_folder_id: Number(row.owner_folder_id ?? 0),
    owner_file_type: (row.owner_file_type as string | null) ?? null,
  };
}

function idList(ids: readonly number[]): RawBuilder<unknown> {
  return sql.join(ids.map((id) => sql`${id}`));
}

/**
 * Queries on attachments: `pro_file` rows of `project_files` that name the record holding them
 * (`fileable_type`, `fileable_id`). Reading who may see one needs its owner, joined in the same statement.
 */
export function attachmentsRepository(base: Kysely<Database>) {
  const db: Kysely<FilesDatabase> = base.withTables<{ project_files: ProjectFilesTable }>();
  const files = filesRepository(base);

  async function withOwners(projectId: number, filter: RawBuilder<unknown>): Promise<AttachmentWithOwner[]> {
    const result = await sql<Record<string, unknown>>`select ${FILE_COLUMNS}, ${OWNER_COLUMNS} ${OWNER_JOINS}
      where pf.project_id = ${projectId} and pf.fileable_type is not null and ${filter}
      order by pf.id desc`.execute(db);
    return result.rows.map(toOwnerRow);
  }

  return {
    /** The attachments the files list shows (of discussions, task lists, tasks and comments), newest first, with their owners. */
    listListed(projectId: number): Promise<AttachmentWithOwner[]> {
      return withOwners(projectId, sql`pf.fileable_type in (${sql.join(LISTED_FILEABLE_TYPES.map((type) => sql`${type}`))})`);
    },

    /** One attachment of the project with its owner, or undefined. */
    async findWithOwner(projectId: number, id: number): Promise<AttachmentWithOwner | undefined> {
      const [row] = await withOwners(projectId, sql`pf.id = ${id}`);
      return row;
    },

    /** Attachments whose record is gone (a list or task deleted with its comments, a comment deleted with its task). */
    async listOrphans(projectId: number): Promise<AttachmentWithOwner[]> {
      const rows = await withOwners(projectId, sql`1 = 1`);
      return rows.filter((row) => row.owner_title === null);
    },

    /** The attachments of the given records of one kind, oldest first. */
    async listOf(fileableType: string, ids: readonly number[]): Promise<FileRow[]> {
      const rows = await inChunks(ids, (chunk) =>
        db.selectFrom("project_files").selectAll().where("fileable_type", "=", fileableType).where("fileable_id", "in", chunk).orderBy("id").execute());
      return rows.map((row) => ({ ...row, size_bytes: Number(row.size_bytes), parent_id: Number(row.parent_id), privacy: Number(row.privacy), fileable_id: Number(row.fileable_id) }));
    },

    /**
     * Attachments per record of one kind, counting those of the record itself and those of the comments on
     * it: one statement per 500 records.
     */
    async countWithComments(fileableType: "discussion_board" | "task" | "task_list" | "milestone" | "file", ids: readonly number[]): Promise<Map<number, number>> {
      const rows = await inChunks(ids, async (chunk) => {
        const result = await sql<{ owner_id: number; count: number | string }>`
          select owner_id, count(*) as count from (
            select pf.fileable_id as owner_id from project_files pf
              where pf.fileable_type = ${fileableType} and pf.fileable_id in (${idList(chunk)})
            union all
            select c.commentable_id as owner_id from project_files pf
              join comments c on c.id = pf.fileable_id
              where pf.fileable_type = 'comment' and c.commentable_type = ${fileableType} and c.commentable_id in (${idList(chunk)})
          ) owned group by owner_id`.execute(db);
        return result.rows;
      });
      return new Map(rows.map((row) => [Number(row.owner_id), Number(row.count)]));
    },

    /**
     * The attachments of the given records and of the comments on them, oldest first, each with the record
     * it counts for (`owner_id`): one statement per 500 records gives both the lists and the counts.
     */
    async listWithComments(fileableType: "discussion_board" | "task", ids: readonly number[]): Promise<Array<FileRow & { owner_id: number }>> {
      const rows = await inChunks(ids, async (chunk) => {
        const result = await sql<Record<string, unknown>>`
          select ${FILE_COLUMNS}, pf.fileable_id as owner_id from project_files pf
            where pf.fileable_type = ${fileableType} and pf.fileable_id in (${idList(chunk)})
          union all
          select ${FILE_COLUMNS}, c.commentable_id as owner_id from project_files pf
            join comments c on c.id = pf.fileable_id
            where pf.fileable_type = 'comment' and c.commentable_type = ${fileableType} and c.commentable_id in (${idList(chunk)})`.execute(db);
        return result.rows;
      });
      return rows
        .map((row) => ({ ...toOwnerRow({ ...row, owner_title: null }), owner_id: Number(row.owner_id) }))
        .sort((a, b) => a.id - b.id);
    },

    /** Which of `ids` are attachments of the given record. */
    async findIdsOf(projectId: number, fileableType: string, fileableId: number, ids: readonly number[]): Promise<FileRow[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom("project_files").selectAll().where("project_id", "=", projectId)
        .where("fileable_type", "=", fileableType).where("fileable_id", "=", fileableId).where("id", "in", [...new Set(ids)]).execute();
      return rows.map((row) => ({ ...row, fileable_id: Number(row.fileable_id), size_bytes: Number(row.size_bytes) }));
    },

    insert: files.insertItem,

    /** Removes attachment rows (and any comments on them). */
    async deleteRows(projectId: number, ids: readonly number[]): Promise<void> {
      await files.deleteItems(projectId, ids);
    },

    /**
     * Grouped counts of a set of projects for their `total_files`: items of the files tree (not folders or
     * revisions) by folder and privacy, and attachments by their owner's kind and privacy. Four statements
     * per 500 projects; the folders let the caller apply privacy inherited from private folders.
     */
    async countForProjects(projectIds: readonly number[]): Promise<{ rows: FileCountRow[]; fileComments: FileCountRow[]; folders: Array<{ id: number; project_id: number; parent_id: number; privacy: number }> }> {
      const rows: FileCountRow[] = [];
      const fileComments: FileCountRow[] = [];
      const folders: Array<{ id: number; project_id: number; parent_id: number; privacy: number }> = [];
      await inChunks(projectIds, async (chunk) => {
        const [folderRows, own, attached, comments] = await Promise.all([
          db.selectFrom("project_files").select(["id", "project_id", "parent_id", "privacy"]).where("project_id", "in", chunk).where("type", "=", "folder").execute(),
          db.selectFrom("project_files").select(["project_id", "parent_id", "privacy", (eb) => eb.fn.countAll<number>().as("count")])
            .where("project_id", "in", chunk).where("fileable_type", "is", null).where("type", "in", ["pro_file", "doc", "link"])
            .groupBy(["project_id", "parent_id", "privacy"]).execute(),
          sql<Record<string, unknown>>`select project_id, owner_type, owner_privacy, owner_list_privacy, owner_folder_id, count(*) as count from (
              select pf.project_id, ${OWNER_COLUMNS} ${OWNER_JOINS}
              where pf.project_id in (${idList(chunk)}) and pf.fileable_type is not null
            ) owned where owner_title is not null
            group by project_id, owner_type, owner_privacy, owner_list_privacy, owner_folder_id`.execute(db),
          sql<Record<string, unknown>>`select c.project_id, f.privacy, f.parent_id, count(*) as count from comments c
            join project_files f on f.id = c.commentable_id
            where c.commentable_type = 'file' and c.project_id in (${idList(chunk)})
            group by c.project_id, f.privacy, f.parent_id`.execute(db),
        ]);
        for (const row of folderRows) folders.push({ id: row.id, project_id: row.project_id, parent_id: Number(row.parent_id), privacy: Number(row.privacy) });
        for (const row of own) {
          rows.push({ project_id: row.project_id, target_type: "file", privacy: Number(row.privacy), list_privacy: 0, folder_id: Number(row.parent_id), count: Number(row.count) });
        }
        for (const row of attached.rows) {
          rows.push({
            project_id: Number(row.project_id), target_type: row.owner_type as OwnerType, privacy: Number(row.owner_privacy),
            list_privacy: Number(row.owner_list_privacy), folder_id: Number(row.owner_folder_id), count: Number(row.count),
          });
        }
        for (const row of comments.rows) {
          fileComments.push({ project_id: Number(row.project_id), target_type: "file", privacy: Number(row.privacy), list_privacy: 0, folder_id: Number(row.parent_id), count: Number(row.count) });
        }
        return [];
      });
      return { rows, fileComments, folders };
    },
  };
}

export type AttachmentsRepository = ReturnType<typeof attachmentsRepository>;

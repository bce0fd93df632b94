import type { Attachment, AttachmentEventPayload, FileableType } from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { AppContext } from "../../context.js";
import type { Database } from "../../db/schema.js";
import type { Actor } from "../../lib/actor.js";
import { invalidField, notFound, say } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import type { Storage } from "../../storage/storage.js";
import { recordEvent } from "../../events/record-event.js";
import type { ActivityResource } from "../activities/activity-recorder.js";
import type { ProjectAccessService } from "../projects/project-access.js";
import { attachmentPolicy } from "./attachments.policy.js";
import { presentAttachment } from "./attachments.presenter.js";
import { attachmentsRepository, type AttachmentWithOwner } from "./attachments.repository.js";
import { openStored, type DownloadPlan } from "./files.download.js";
import { filesRepository, type FileRow } from "./files.repository.js";
import { folderTree, type FolderTree } from "./files.tree.js";
import { prepareUploads, stageUploads, type UploadedFile } from "./files.upload.js";

/** The record attachments are added to or removed from, and how the activities about them are filed. */
export interface AttachmentTarget {
  projectId: number;
  type: FileableType;
  id: number;
  /** How a sentence names the record: "the task Homepage". */
  phrase: string;
  /** The record's activity scope (its privacy). */
  privacyScope: string | null;
  /** The record the entries are about, whose privacy they follow: for a comment, the record commented on. */
  subject: { type: ActivityResource; id: number };
}

/** What a create or update asks of a record's attachments. */
export interface AttachmentChanges {
  /** New files (multipart `files[]`). */
  uploads: readonly UploadedFile[];
  /** Ids of the record's attachments to remove (`files_to_delete[]`). */
  remove?: readonly number[];
}

/** Writes the attachment changes of one record inside the caller's transaction. */
export type ApplyAttachments = (trx: Kysely<Database>, actor: Actor, target: AttachmentTarget) => Promise<void>;

/** What the events about a file attached to, or removed from, a record carry. */
function attachmentPayload(target: AttachmentTarget, file: Pick<FileRow, "id" | "title">): AttachmentEventPayload {
  return {
    projectId: target.projectId, id: file.id, title: file.title, privacyScope: target.privacyScope,
    fileable: { type: target.type, id: target.id }, phrase: target.phrase, subject: target.subject,
  };
}

/**
 * Files attached to discussions, task lists, tasks, comments and docs: stored like uploads of the files
 * area (same checks, same storage), each row naming the record that holds it.
 */
export function attachmentsService(ctx: AppContext, access: ProjectAccessService, storage: Storage) {
  const tz = ctx.config.timezone;

  async function treeIfNeeded(projectId: number, row: AttachmentWithOwner): Promise<FolderTree | null> {
    return row.owner_type === "file" ? folderTree(await filesRepository(ctx.db).listFolders(projectId)) : null;
  }

  async function deleteBlobs(rows: readonly FileRow[]): Promise<void> {
    const keys = rows.flatMap((row) => [row.storage_key, row.thumb_key]).filter((key): key is string => key !== null);
    // A blob left behind by a storage hiccup is only wasted space; a row without its blob would be a broken file.
    await Promise.allSettled(keys.map((key) => storage.delete(key)));
  }

  return {
    /**
     * Runs `write` (which opens the transaction and writes the record) with the new files checked and
     * stored first; `write` calls `apply` inside its transaction once it knows the record. Every check on
     * the files runs before anything is stored; the bytes of a failed write are removed, and those of
     * removed attachments are deleted once the write succeeded. Nothing half-written remains.
     */
    async write<T>(projectId: number, changes: AttachmentChanges, write: (apply: ApplyAttachments) => Promise<T>): Promise<T> {
      const { staged, discard } = await stageUploads(storage, projectId, await prepareUploads(changes.uploads));
      const removed: FileRow[] = [];
      let applied = false;
      const apply: ApplyAttachments = async (trx, actor, target) => {
        applied = true;
        const repository = attachmentsRepository(trx);
        const toRemove = [...new Set(changes.remove ?? [])];
        if (toRemove.length > 0) {
          const rows = await repository.findIdsOf(target.projectId, target.type, target.id, toRemove);
          const found = new Set(rows.map((row) => row.id));
          const strangers = toRemove.filter((id) => !found.has(id));
          if (strangers.length > 0) throw invalidField("files_to_delete", say("files.these_files_not_attached_here", { strangers: strangers.join(", ") }));
          await repository.deleteRows(target.projectId, toRemove);
          for (const row of rows) {
            await recordEvent(trx, actor, { name: "file.detached", payload: attachmentPayload(target, row) });
          }
          removed.push(...rows);
        }
        const now = nowUtc();
        for (const item of staged) {
          const row = await repository.insert({
            project_id: target.projectId, parent_id: 0, type: "pro_file", title: item.name, description: "", url: "", privacy: 0,
            original_name: item.name, mime_type: item.mime, size_bytes: item.bytes.length, storage_key: item.key, thumb_key: item.thumbKey,
            created_by: actor.id, created_at: now, updated_at: now, fileable_type: target.type, fileable_id: target.id,
          });
          await recordEvent(trx, actor, { name: "file.attached", payload: attachmentPayload(target, row) });
        }
      };
      let result: T;
      try {
        result = await write(apply);
      } catch (error) {
        await discard();
        throw error;
      }
      // A path that never reached `apply` (nothing was written) must not keep the bytes it did not use.
      if (!applied) await discard();
      await deleteBlobs(removed);
      return result;
    },

    /** The attachments of the given records of one kind, oldest first, presented; no privacy check (the caller shows records the reader sees). */
    async listFor(type: FileableType, ids: readonly number[]): Promise<Map<number, Attachment[]>> {
      const rows = await attachmentsRepository(ctx.db).listOf(type, ids);
      const result = new Map<number, Attachment[]>();
      for (const row of rows) {
        const fileableId = row.fileable_id ?? 0;
        result.set(fileableId, [...(result.get(fileableId) ?? []), presentAttachment(row, tz)]);
      }
      return result;
    },

    /**
     * The attachments of the given records (their `files`) and the count of those and of their comments'
     * (their `meta.total_files`), from one statement.
     */
    async listAndCountFor(type: "discussion_board" | "task", ids: readonly number[]): Promise<{ files: Map<number, Attachment[]>; counts: Map<number, number> }> {
      const rows = await attachmentsRepository(ctx.db).listWithComments(type, ids);
      const files = new Map<number, Attachment[]>();
      const counts = new Map<number, number>();
      for (const row of rows) {
        counts.set(row.owner_id, (counts.get(row.owner_id) ?? 0) + 1);
        if (row.fileable_type === type) files.set(row.owner_id, [...(files.get(row.owner_id) ?? []), presentAttachment(row, tz)]);
      }
      return { files, counts };
    },

    /** Attachments per record, its comments' included: the records' `meta.total_files`. */
    countFor(type: "discussion_board" | "task", ids: readonly number[]): Promise<Map<number, number>> {
      return attachmentsRepository(ctx.db).countWithComments(type, ids);
    },

    /**
     * Removes the attachments whose record is gone, rows and bytes, for the deletes that do not go through
     * the trash (discussions): they delete a record with its comments and call this once committed rather
     * than following every path; the lists never show such attachments meanwhile. Deletes through the trash
     * (tasks, lists, comments, files) remove their attachment rows in their own transaction and keep the
     * bytes on the trash entry until its purge, so they leave no orphan here whose bytes an undo still needs.
     */
    async purgeOrphans(projectId: number): Promise<void> {
      const orphans = await attachmentsRepository(ctx.db).listOrphans(projectId);
      if (orphans.length === 0) return;
      await attachmentsRepository(ctx.db).deleteRows(projectId, orphans.map((row) => row.id));
      await deleteBlobs(orphans);
    },

    /**
     * Deletes a project through `deleteProject` (its file rows go with it by foreign key), then the bytes
     * of its uploads and attachments, which no row names any more.
     */
    async deleteProjectWithFiles(projectId: number, deleteProject: () => Promise<void>): Promise<void> {
      const keys = await filesRepository(ctx.db).listBlobKeys(projectId);
      await deleteProject();
      await Promise.allSettled(keys.map((key) => storage.delete(key)));
    },

    /** Opens an attachment for streaming (the core download and thumbnail calls); 404 when the reader may not see its record. */
    async openDownload(actor: Actor, projectId: number, id: number, rangeHeader: string | undefined, thumb: boolean): Promise<DownloadPlan> {
      const projectAccess = await access.requireAccess(actor, projectId);
      const row = await attachmentsRepository(ctx.db).findWithOwner(projectId, id);
      if (!row || !attachmentPolicy.canSee(projectAccess, row, await treeIfNeeded(projectId, row))) throw notFound(say("common.file_not_found"));
      return openStored(storage, row, rangeHeader, thumb);
    },
  };
}

export type AttachmentsService = ReturnType<typeof attachmentsService>;

/**
 * How many files each of the given records has attached, its comments' files included, by id; for the
 * modules that show the count next to a task, list, discussion or milestone.
 */
export function countAttachmentsWithComments(
  db: Kysely<Database>,
  fileableType: "discussion_board" | "task" | "task_list" | "milestone" | "file",
  ids: readonly number[],
): Promise<Map<number, number>> {
  return attachmentsRepository(db).countWithComments(fileableType, ids);
}

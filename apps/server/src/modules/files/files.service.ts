import {
  createFileBody, type Attachment, type Comment, type CreateFileBody, type FileFolder, type FileItem, type SortFilesBody, type UndoTicket, type UpdateFileBody,
} from "@plotline/contracts";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../lib/actor.js";
import { forbidden, invalidField, notFound, say } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import { sanitizeRichText } from "../../lib/rich-text.js";
import type { Storage } from "../../storage/storage.js";
import { fieldChanges } from "../../events/field-changes.js";
import { recordEvent, transact } from "../../events/record-event.js";
import { resourcePhrase } from "../activities/activity-recorder.js";
import { commentsService, countComments } from "../comments/comments.service.js";
import { canSeeFile, privacyViewOf } from "../privacy/privacy.rules.js";
import type { ProjectAccess, ProjectAccessService } from "../projects/project-access.js";
import type { TrashService } from "../trash/trash.service.js";
import { findUsersByIds } from "../users/users.service.js";
import { attachmentNeeds } from "./attachments.policy.js";
import { attachmentsRepository, type AttachmentWithOwner } from "./attachments.repository.js";
import type { AttachmentChanges, AttachmentsService } from "./attachments.service.js";
import { openStored, type DownloadPlan } from "./files.download.js";
import { filePolicy } from "./files.policy.js";
import { presentFile, presentFolder, type OwnerView } from "./files.presenter.js";
import { filesRepository, type FileRow } from "./files.repository.js";
import { fileScope, rescopeBelow } from "./files.scope.js";
import { folderTree, type FolderTree } from "./files.tree.js";
import { prepareUploads, stageUploads, type UploadedFile } from "./files.upload.js";

export type { UploadedFile } from "./files.upload.js";

/** Comments shown with one item (`?childId=...&with=comments`): the first page, oldest first. */
const ITEM_COMMENTS_LIMIT = 200;

/** What one request knows about the project: the access and the folder tree (one query each). */
interface Scene {
  access: ProjectAccess;
  tree: FolderTree;
}

const HTTP_URL = /^https?:\/\/[^\s]+$/i;

/**
 * Project files: folders, docs, links, uploads and revisions of one project, and in the files list the
 * attachments of its discussions, task lists, tasks and comments.
 */
export function filesService(
  ctx: AppContext,
  access: ProjectAccessService,
  storage: Storage,
  attachments: AttachmentsService,
  trash: TrashService,
) {
  const files = filesRepository(ctx.db);
  const attached = attachmentsRepository(ctx.db);
  const commentThreads = commentsService(ctx, access, attachments, trash);
  const tz = ctx.config.timezone;

  async function sceneOf(actor: Actor, projectId: number): Promise<Scene> {
    const projectAccess = await access.requireAccess(actor, projectId);
    return { access: projectAccess, tree: folderTree(await files.listFolders(projectId)) };
  }

  /** Whether the item is hidden from the reader: private itself or inside a private folder. */
  function isHidden(scene: Scene, row: Pick<FileRow, "privacy" | "parent_id">): boolean {
    return !canSeeFile(privacyViewOf(scene.access), row, row.parent_id !== 0 && scene.tree.isPrivatePath(row.parent_id));
  }

  /** How the list shows an attachment's owner, or null when the reader may not see it (or it is gone). */
  function ownerView(scene: Scene, row: AttachmentWithOwner): OwnerView | null {
    const needed = attachmentNeeds(row, scene.tree);
    if (needed === null || !needed.every((capability) => scene.access.can(capability))) return null;
    return { row, isPrivate: needed.length > 0 };
  }

  /**
   * An item (not a revision) the reader may see, with its owner when it is an attachment, or 404: a hidden
   * one is not admitted to exist. An attachment is seen by whoever sees the record holding it.
   */
  async function loadVisibleWithOwner(scene: Scene, id: number): Promise<{ row: FileRow; owner: OwnerView | null }> {
    const row = await files.findItem(scene.access.projectId, id);
    if (!row || row.type === "revision") throw notFound(say("common.file_not_found"));
    if (row.fileable_type === null) {
      if (isHidden(scene, row)) throw notFound(say("common.file_not_found"));
      return { row, owner: null };
    }
    const withOwner = await attached.findWithOwner(scene.access.projectId, id);
    const owner = withOwner ? ownerView(scene, withOwner) : null;
    if (!owner) throw notFound(say("common.file_not_found"));
    return { row, owner };
  }

  async function loadVisible(scene: Scene, id: number): Promise<FileRow> {
    return (await loadVisibleWithOwner(scene, id)).row;
  }

  /** A destination folder: 0 for the root, else a folder of this project the reader may see (400 otherwise). */
  function resolveFolder(scene: Scene, folderId: number, field: string): number {
    if (folderId === 0) return 0;
    const folder = scene.tree.get(folderId);
    if (!folder || isHidden(scene, folder)) throw invalidField(field, say("files.folder_does_not_exist_project"));
    return folder.id;
  }

  /** Presents rows with creators, comment counts and (when asked) revisions in a fixed number of queries. */
  async function presentMany(scene: Scene, rows: FileRow[], withRevisions: boolean, owners?: ReadonlyMap<number, OwnerView>): Promise<FileItem[]> {
    const revisions = withRevisions ? await files.listRevisions(scene.access.projectId, rows.map((row) => row.id)) : [];
    const all = [...rows, ...revisions];
    const [creators, commentCounts] = await Promise.all([
      findUsersByIds(ctx.db, all.map((row) => row.created_by)),
      countComments(ctx.db, "file", rows.filter((row) => row.fileable_type === null).map((row) => row.id)),
    ]);
    const byItem = new Map<number, FileRow[]>();
    for (const revision of revisions) byItem.set(revision.parent_id, [...(byItem.get(revision.parent_id) ?? []), revision]);
    const extras = {
      access: scene.access, users: new Map(creators.map((user) => [user.id, user])), commentCounts,
      revisions: withRevisions ? byItem : null, owners, timezone: tz,
    };
    return rows.map((row) => presentFile(row, extras));
  }

  /**
   * One item with its revisions; a doc's or link's attachments, and the comments when asked, are added.
   * `actor` is needed only for the comments.
   */
  async function presentOne(
    scene: Scene,
    row: FileRow,
    options: { owner?: OwnerView | null; withComments?: Actor } = {},
  ): Promise<FileItem> {
    const owners = options.owner ? new Map([[row.id, options.owner]]) : undefined;
    const [item] = await presentMany(scene, [row], row.fileable_type === null, owners);
    if (!item) throw notFound(say("common.file_not_found"));
    const holdsFiles = row.type === "doc" || row.type === "link";
    const [attachedFiles, thread] = await Promise.all([
      holdsFiles ? attachments.listFor("file", [row.id]) : Promise.resolve(new Map<number, Attachment[]>()),
      options.withComments && row.fileable_type === null
        ? commentThreads.listComments(options.withComments, scene.access.projectId, { commentable_type: "file", commentable_id: row.id, page: 1, per_page: ITEM_COMMENTS_LIMIT })
        : Promise.resolve(null),
    ]);
    const more: { files?: Attachment[]; comments?: Comment[] } = {};
    if (holdsFiles) more.files = attachedFiles.get(row.id) ?? [];
    if (thread) more.comments = thread.comments;
    if (more.files) item.files = { data: more.files };
    if (more.comments) item.comments = { data: more.comments };
    return item;
  }

  function requireCreate(scene: Scene, makePrivate: boolean): void {
    if (!filePolicy.canCreate(scene.access)) throw forbidden(say("files.cannot_add_files"));
    if (makePrivate && !filePolicy.canSeePrivate(scene.access)) throw forbidden(say("files.cannot_make_files_private"));
  }

  function checkLink(url: string): string {
    if (!HTTP_URL.test(url)) throw invalidField("url", say("files.enter_web_address_starting_with_http"));
    return url;
  }

  /** An upload the reader may download: an item of the files tree or an attachment whose record they see (404 otherwise). */
  async function downloadCheck(actor: Actor, projectId: number, id: number): Promise<FileRow> {
    const scene = await sceneOf(actor, projectId);
    const row = await loadVisible(scene, id);
    if (row.type !== "pro_file" || !row.storage_key) throw notFound(say("common.file_not_found"));
    return row;
  }

  /** The activity entry fields of attachments added to or removed from a doc or link. */
  function docTarget(scene: Scene, row: FileRow) {
    return {
      projectId: row.project_id, type: "file" as const, id: row.id, phrase: resourcePhrase("file", row.title),
      privacyScope: fileScope(scene.tree, row), subject: { type: "file" as const, id: row.id },
    };
  }

  return {
    /**
     * A folder's contents: folders first, then newest first. The files home (folder 0) also lists the
     * attachments of the project's discussions, task lists, tasks and comments that the reader may see.
     */
    async listFolder(actor: Actor, projectId: number, folderId: number, withRevisions: boolean): Promise<FileItem[]> {
      const scene = await sceneOf(actor, projectId);
      if (folderId !== 0) {
        const folder = scene.tree.get(folderId);
        if (!folder || isHidden(scene, folder)) throw notFound(say("files.folder_not_found"));
      }
      const [rows, attachmentRows] = await Promise.all([
        // The folder itself was checked above, so only each child's own flag is left to read.
        files.listChildren(projectId, folderId, privacyViewOf(scene.access)),
        folderId === 0 ? attached.listListed(projectId) : Promise.resolve([]),
      ]);
      const owners = new Map<number, OwnerView>();
      for (const row of attachmentRows) {
        const view = ownerView(scene, row);
        if (view) owners.set(row.id, view);
      }
      const visibleAttachments = attachmentRows.filter((row) => owners.has(row.id));
      // Folders first; then items and attachments together, newest first, as the documents' list shows them.
      const ordered = [...rows.filter((row) => row.type === "folder"), ...[...rows.filter((row) => row.type !== "folder"), ...visibleAttachments].sort((a, b) => b.id - a.id)];
      return presentMany(scene, ordered, withRevisions, owners);
    },

    /** One item with its revisions, a doc's or link's attachments, and its comments when asked for. */
    async getItem(actor: Actor, projectId: number, id: number, withComments = false): Promise<FileItem> {
      const scene = await sceneOf(actor, projectId);
      const { row, owner } = await loadVisibleWithOwner(scene, id);
      return presentOne(scene, row, { owner, ...(withComments && { withComments: actor }) });
    },

    /** Every folder the reader may see, by title. */
    async listFolders(actor: Actor, projectId: number): Promise<FileFolder[]> {
      const scene = await sceneOf(actor, projectId);
      return scene.tree.folders.filter((folder) => !isHidden(scene, folder)).map(presentFolder);
    },

    /** Folders whose title contains `title` (case-insensitive); an empty title finds nothing. */
    async searchFolders(actor: Actor, projectId: number, title: string): Promise<FileFolder[]> {
      const scene = await sceneOf(actor, projectId);
      const needle = title.trim().toLowerCase();
      if (needle === "") return [];
      return scene.tree.folders
        .filter((folder) => folder.title.toLowerCase().includes(needle) && !isHidden(scene, folder))
        .slice(0, 50)
        .map(presentFolder);
    },

    /**
     * Creates a folder, doc, link or revision; a doc or link may come with attachments (`files[]`), stored
     * in the same transaction. Uploads of the files area go through `upload`.
     */
    async create(actor: Actor, projectId: number, input: CreateFileBody, uploads: readonly UploadedFile[] = []): Promise<FileItem> {
      const scene = await sceneOf(actor, projectId);
      requireCreate(scene, input.private);
      if (input.type === "pro_file") throw invalidField("files", say("files.choose_at_least_one_file_upload"));
      if (uploads.length > 0 && input.type !== "doc" && input.type !== "link") throw invalidField("files", say("files.only_docs_links_take_attachments"));
      if (input.title === "") throw invalidField("title", input.type === "folder" ? say("files.folder_name_required") : say("files.title_required"));
      let parentId: number;
      let privacy = input.private ? 1 : 0;
      if (input.type === "revision") {
        const revised = await files.findItem(projectId, input.parent);
        if (!revised || (revised.type !== "doc" && revised.type !== "link") || revised.fileable_type !== null || isHidden(scene, revised)) {
          throw invalidField("parent", say("files.doc_link_revise_does_not_exist"));
        }
        parentId = revised.id;
        privacy = revised.privacy;
      } else {
        parentId = resolveFolder(scene, input.parent, "parent");
      }
      const url = input.type === "link" ? checkLink(input.url) : "";
      const now = nowUtc();
      const row = await attachments.write(projectId, { uploads }, (apply) =>
        transact(ctx, async (trx) => {
          const created = await filesRepository(trx).insertItem({
            project_id: projectId, parent_id: parentId, type: input.type, title: input.title,
            description: input.type === "folder" ? "" : sanitizeRichText(input.description),
            url, privacy, original_name: "", mime_type: "", size_bytes: 0, storage_key: null, thumb_key: null,
            created_by: actor.id, created_at: now, updated_at: now, fileable_type: null, fileable_id: null,
          });
          await recordEvent(trx, actor, {
            name: "file.created", payload: { projectId, id: created.id, title: created.title, privacyScope: fileScope(scene.tree, created), type: created.type },
          });
          if (uploads.length > 0) await apply(trx, actor, docTarget(scene, created));
          return created;
        }),
      );
      return presentOne(scene, row);
    },

    /**
     * Stores uploaded files. Every check (type, SVG safety) runs before anything is stored; blobs are
     * written before the rows and removed again when the rows cannot be written, so a failure leaves nothing.
     */
    async upload(actor: Actor, projectId: number, fields: Record<string, unknown>, uploads: readonly UploadedFile[]): Promise<FileItem[]> {
      const parsed = createFileBody.safeParse({ type: "pro_file", ...fields });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw invalidField(String(issue?.path[0] ?? "body"), issue?.message ?? say("files.invalid_upload"));
      }
      const scene = await sceneOf(actor, projectId);
      requireCreate(scene, parsed.data.private);
      const parentId = resolveFolder(scene, parsed.data.parent, "parent");
      if (uploads.length === 0) throw invalidField("files", say("files.choose_at_least_one_file_upload"));
      const { staged, discard } = await stageUploads(storage, projectId, await prepareUploads(uploads));
      try {
        const now = nowUtc();
        const rows = await transact(ctx, async (trx) => {
          const created: FileRow[] = [];
          for (const item of staged) {
            const row = await filesRepository(trx).insertItem({
              project_id: projectId, parent_id: parentId, type: "pro_file", title: item.name, description: "", url: "",
              privacy: parsed.data.private ? 1 : 0, original_name: item.name, mime_type: item.mime, size_bytes: item.bytes.length,
              storage_key: item.key, thumb_key: item.thumbKey, created_by: actor.id, created_at: now, updated_at: now,
              fileable_type: null, fileable_id: null,
            });
            await recordEvent(trx, actor, { name: "file.uploaded", payload: { projectId, id: row.id, title: row.title, privacyScope: fileScope(scene.tree, row) } });
            created.push(row);
          }
          return created;
        });
        return presentMany(scene, rows, false);
      } catch (error) {
        await discard();
        throw error;
      }
    },

    /**
     * Renames or re-scopes an item; a doc or link change first keeps the previous content as a revision.
     * A doc or link also takes new attachments (`files[]`) and drops some (`files_to_delete[]`).
     */
    async update(actor: Actor, projectId: number, id: number, input: UpdateFileBody, uploads: readonly UploadedFile[] = []): Promise<FileItem> {
      const scene = await sceneOf(actor, projectId);
      const current = await loadVisible(scene, id);
      if (current.fileable_type !== null) throw forbidden(say("files.attachment_changed_from_discussion_task_comment"));
      if (!filePolicy.canEdit(scene.access, current)) throw forbidden(say("files.who_may_change"));
      const privacy = input.private === undefined ? current.privacy : input.private ? 1 : 0;
      if (privacy !== current.privacy && !filePolicy.canSetPrivacy(scene.access, current)) throw forbidden(say("files.cannot_change_privacy_files"));
      if (input.title !== undefined && input.title === "") throw invalidField("title", current.type === "folder" ? say("files.folder_name_required") : say("files.title_required"));
      const isContent = current.type === "doc" || current.type === "link";
      const changes: AttachmentChanges = { uploads, remove: input.files_to_delete ?? [] };
      if (!isContent && (uploads.length > 0 || (changes.remove?.length ?? 0) > 0)) throw invalidField("files", say("files.only_docs_links_take_attachments"));
      const update = {
        ...(input.title !== undefined && { title: input.title }),
        ...(isContent && input.description !== undefined && { description: sanitizeRichText(input.description) }),
        ...(current.type === "link" && input.url !== undefined && { url: checkLink(input.url) }),
        privacy,
        updated_at: nowUtc(),
      };
      const renamed = update.title !== undefined && update.title !== current.title;
      const contentChanged =
        isContent && (renamed || (update.description !== undefined && update.description !== current.description) || (update.url !== undefined && update.url !== current.url));
      // Saving a form unchanged keeps no revision and writes no activity: nothing happened.
      if (!contentChanged && !renamed && privacy === current.privacy && changes.uploads.length === 0 && (changes.remove?.length ?? 0) === 0) {
        return presentOne(scene, current);
      }
      const row = await attachments.write(projectId, changes, (apply) =>
        transact(ctx, async (trx) => {
          const repository = filesRepository(trx);
          if (contentChanged) {
            const { id: _revisedId, ...previous } = current;
            await repository.insertItem({
              ...previous, type: "revision", parent_id: current.id, created_by: actor.id, created_at: update.updated_at, updated_at: update.updated_at,
            });
          }
          const updated = await repository.updateItem(id, update);
          if (!updated) throw notFound(say("common.file_not_found"));
          // Re-scoping stays in the transaction (not in a subscriber): who may read the entries must change
          // with the record, and it needs the folder tree as it stood before the change.
          if (updated.privacy !== current.privacy) await rescopeBelow(trx, scene.tree, updated);
          await recordEvent(trx, actor, {
            name: "file.updated",
            payload: {
              projectId, id, title: updated.title, privacyScope: fileScope(scene.tree, updated),
              changes: fieldChanges(["title", "description", "url", "privacy"], current, updated),
            },
          });
          if (isContent) await apply(trx, actor, docTarget(scene, updated));
          return updated;
        }),
      );
      return presentOne(scene, row);
    },

    /** Moves an item into another folder (0 = root); a folder cannot go into itself or below itself. */
    async move(actor: Actor, projectId: number, input: SortFilesBody): Promise<FileItem> {
      const scene = await sceneOf(actor, projectId);
      const current = await files.findItem(projectId, input.source);
      if (!current || current.type === "revision" || current.fileable_type !== null || isHidden(scene, current)) {
        throw invalidField("source", say("files.item_move_does_not_exist_project"));
      }
      if (!filePolicy.canEdit(scene.access, current)) throw forbidden(say("files.who_may_move"));
      const destination = resolveFolder(scene, input.destination, "destination");
      if (current.type === "folder" && destination !== 0 && scene.tree.isWithin(destination, current.id)) {
        throw invalidField("destination", say("files.folder_cannot_moved_into_itself_into"));
      }
      const row = await transact(ctx, async (trx) => {
        const updated = await filesRepository(trx).updateItem(current.id, { parent_id: destination, updated_at: nowUtc() });
        if (!updated) throw notFound(say("common.file_not_found"));
        await rescopeBelow(trx, scene.tree, updated);
        await recordEvent(trx, actor, {
          name: "file.moved",
          payload: { projectId, id: updated.id, title: updated.title, privacyScope: fileScope(scene.tree, updated), changes: fieldChanges(["parent_id"], current, updated) },
        });
        return updated;
      });
      return presentOne(scene, row);
    },

    /**
     * Deletes an item into the trash: a folder goes with everything below it, a doc or link with its
     * revisions, comments and attachments. The answer's ticket brings it all back (trash module); the
     * uploads' bytes stay until the entry is purged.
     */
    async remove(actor: Actor, projectId: number, id: number): Promise<UndoTicket> {
      const scene = await sceneOf(actor, projectId);
      const current = await loadVisible(scene, id);
      if (current.fileable_type !== null) throw forbidden(say("files.attachment_removed_from_discussion_task_comment"));
      if (!filePolicy.canEdit(scene.access, current)) throw forbidden(say("files.who_may_delete"));
      return trash.discard(actor, {
        projectId, kind: "file", roots: { project_files: [id] },
        events: [{ name: "file.deleted", payload: { projectId, id, title: current.title, privacyScope: fileScope(scene.tree, current) } }],
      });
    },

    /** The download address of an upload the reader may see (404 otherwise). */
    downloadCheck,

    /** Opens an upload (or its thumbnail) for streaming, honouring one HTTP byte range. */
    async openDownload(actor: Actor, projectId: number, id: number, rangeHeader: string | undefined, thumb = false): Promise<DownloadPlan> {
      const row = await downloadCheck(actor, projectId, id);
      return openStored(storage, row, rangeHeader, thumb);
    },
  };
}

export type FilesService = ReturnType<typeof filesService>;

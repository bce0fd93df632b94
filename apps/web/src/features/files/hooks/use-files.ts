import {
  deletedWithUndoSchema,
  fileFolderListEnvelope,
  fileItemEnvelope,
  fileListEnvelope,
  fileUploadEnvelope,
  messageSchema,
  type UpdateFileBody,
} from "@plotline/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../../api/client.js";
import { notifyError } from "../../../lib/notify.js";
import { invalidateAfter, queryKeys } from "../../../lib/query-keys.js";
import { offerUndo } from "../../../lib/restore.js";
import { postMultipart } from "../lib/multipart.js";

const base = (projectId: number) => `pm-pro/v2/projects/${projectId}/files`;

/** The contents of a folder (0 for the root): folders, uploads, docs, links and the project's attachments. */
export function useFolderItems(projectId: number, folderId: number) {
  return useQuery({
    queryKey: queryKeys.files.folder(projectId, folderId),
    queryFn: ({ signal }) =>
      api.get(base(projectId), { schema: fileListEnvelope, query: { folder_id: folderId, with: "comments,revisions" }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One item with its comments and revisions. */
export function useFileItem(projectId: number, id: number) {
  return useQuery({
    queryKey: queryKeys.files.item(projectId, id),
    queryFn: async ({ signal }) =>
      (await api.get(base(projectId), { schema: fileItemEnvelope, query: { childId: id, with: "comments,revisions" }, signal })).data,
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Every folder of the project the caller may see, for the breadcrumb's parent chain. */
export function useAllFolders(projectId: number) {
  return useQuery({
    queryKey: queryKeys.files.folders(projectId),
    queryFn: ({ signal }) => api.get(`${base(projectId)}/folders`, { schema: fileFolderListEnvelope, query: { type: "folder" }, signal }),
  });
}

/** Folders whose title matches, for the move popup; an empty title asks nothing. */
export function useFolderSearch(projectId: number, title: string) {
  const trimmed = title.trim();
  return useQuery({
    queryKey: queryKeys.files.search(projectId, trimmed),
    queryFn: ({ signal }) => api.get(`${base(projectId)}/searchfolder`, { schema: fileFolderListEnvelope, query: { title: trimmed }, signal }),
    enabled: trimmed !== "",
  });
}

/** Refreshes everything the files screens show, and the project's counts and feed. */
function useRefresh(projectId: number) {
  const queryClient = useQueryClient();
  return () => invalidateAfter(queryClient, { entity: "file", projectId });
}

/**
 * What a create call sends: a folder, doc or link (a doc with attachments in `files`), or files as an
 * upload of the files area.
 */
export type CreateFields =
  | { type: "folder" | "doc" | "link"; parent: number; title: string; description?: string; url?: string; private?: boolean; files?: readonly File[] }
  | { type: "pro_file"; parent: number; private: boolean; files: readonly File[] };

/**
 * Creates a folder, doc or link, or uploads files. Uploads, and docs carrying attachments, go as
 * multipart; the rest as JSON.
 */
export function useCreateFileItem(projectId: number) {
  const refresh = useRefresh(projectId);
  return useMutation({
    mutationFn: (fields: CreateFields): Promise<{ message?: string }> => {
      if (fields.type === "pro_file") {
        return postMultipart(base(projectId), { type: fields.type, parent: fields.parent, private: fields.private, files: fields.files }, fileUploadEnvelope);
      }
      const { files, ...rest } = fields;
      return files && files.length > 0
        ? postMultipart(base(projectId), { ...rest, files }, fileItemEnvelope)
        : api.post(base(projectId), { schema: fileItemEnvelope, body: rest });
    },
    onSuccess: refresh,
  });
}

/**
 * Updates a doc or link (the server keeps a revision first; new `files` are attached and
 * `files_to_delete` removed), renames a folder or sets `private`.
 */
export function useUpdateFileItem(projectId: number) {
  const refresh = useRefresh(projectId);
  return useMutation({
    mutationFn: ({ id, fields, files }: { id: number; fields: UpdateFileBody; files?: readonly File[] }) =>
      files && files.length > 0
        ? postMultipart(`${base(projectId)}/${id}`, { ...fields, files }, fileItemEnvelope)
        : api.post(`${base(projectId)}/${id}`, { schema: fileItemEnvelope, body: fields }),
    onSuccess: refresh,
  });
}

/** Deletes an item; a folder goes with everything inside it. Undo brings it back for a few seconds. */
export function useDeleteFileItem(projectId: number) {
  const refresh = useRefresh(projectId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`pm/v2/projects/${projectId}/files/${id}/delete`, { schema: deletedWithUndoSchema }),
    onSuccess: (answer) => {
      offerUndo(queryClient, answer);
      return refresh();
    },
    onError: notifyError,
    meta: { silent: true },
  });
}

/** Moves an item into a folder (0 for the root). */
export function useMoveFileItem(projectId: number) {
  const refresh = useRefresh(projectId);
  return useMutation({
    mutationFn: ({ source, destination }: { source: number; destination: number }) =>
      api.post(`${base(projectId)}/sorting`, { schema: messageSchema, body: { source, destination } }),
    onSuccess: refresh,
  });
}

/** Where a file is downloaded from. */
export function downloadUrl(projectId: number, id: number): string {
  return `/api/${base(projectId)}/${id}/download`;
}

/** Where an image's thumbnail is. */
export function thumbUrl(projectId: number, id: number): string {
  return `/api/${base(projectId)}/${id}/thumb`;
}

/** Asks the server whether the caller may download the file; false when refused. */
export async function mayDownload(projectId: number, id: number): Promise<boolean> {
  try {
    await api.get(`${base(projectId)}/${id}/download-check`, { schema: z.unknown() });
    return true;
  } catch {
    return false;
  }
}

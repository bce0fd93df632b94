import {
  createFileBody,
  deletedWithUndoSchema,
  downloadCheckSchema,
  fileFolderListEnvelope,
  fileItemEnvelope,
  fileListEnvelope,
  fileUploadEnvelope,
  listFilesQuery,
  listFoldersQuery,
  searchFoldersQuery,
  sortFilesBody,
  updateFileBody,
  zId,
} from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { invalidField, say } from "../../lib/app-error.js";
import { item } from "../../lib/envelope.js";
import { requireActor } from "../../plugins/auth.js";
import { acceptMultipart, uploadedFiles } from "./attachments.http.js";
import { sendDownload } from "./files.download.js";
import { downloadPath } from "./files.presenter.js";

const tags = ["files"];
const projectParams = z.object({ project: zId });
const params = z.object({ project: zId, id: zId });
const base = "/pm-pro/v2/projects/:project/files";

/** Project files (Pro module `files`) under `/api/pm-pro/v2/projects/{project}/files`, plus the documents' delete path. */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { files } = app.services;
  await acceptMultipart(app);

  app.get(
    base,
    {
      schema: {
        tags,
        summary: "A folder's contents (folder_id, 0 = root), folders first; or one item with its revisions (childId)",
        params: projectParams,
        querystring: listFilesQuery,
        response: { 200: z.union([fileItemEnvelope, fileListEnvelope]) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { project } = request.params;
      if (request.query.childId !== undefined) {
        return item(await files.getItem(actor, project, request.query.childId, request.query.with.includes("comments")));
      }
      return { data: await files.listFolder(actor, project, request.query.folder_id, request.query.with.includes("revisions")) };
    },
  );

  app.post(
    base,
    {
      schema: {
        tags,
        summary: "Create a folder, doc, link or revision (JSON or form), or upload files[] (multipart, create_file); a doc or link takes files[] as attachments",
        params: projectParams,
        response: { 200: z.union([fileItemEnvelope, fileUploadEnvelope]) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { project } = request.params;
      const body = (request.body ?? {}) as Record<string, unknown>;
      const uploads = uploadedFiles(request);
      if (request.isMultipart() && (body.type ?? "pro_file") === "pro_file") {
        const stored = await files.upload(actor, project, body, uploads);
        return { data: stored, message: stored.length === 1 ? "File uploaded successfully" : "Files uploaded successfully" };
      }
      const parsed = createFileBody.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw invalidField(String(issue?.path[0] ?? "type"), issue?.message ?? say("files.invalid_input"));
      }
      const created = await files.create(actor, project, parsed.data, uploads);
      return item(created, `${created.type === "folder" ? "Folder" : created.type === "doc" ? "Doc" : created.type === "link" ? "Link" : "Revision"} created successfully`);
    },
  );

  app.get(
    `${base}/folders`,
    { schema: { tags, summary: "Every folder the reader may see", params: projectParams, querystring: listFoldersQuery, response: { 200: fileFolderListEnvelope } } },
    async (request) => ({ data: await files.listFolders(requireActor(request), request.params.project) }),
  );

  app.get(
    `${base}/searchfolder`,
    { schema: { tags, summary: "Folders whose title contains `title`; an empty title finds nothing", params: projectParams, querystring: searchFoldersQuery, response: { 200: fileFolderListEnvelope } } },
    async (request) => ({ data: await files.searchFolders(requireActor(request), request.params.project, request.query.title) }),
  );

  app.post(
    `${base}/sorting`,
    { schema: { tags, summary: "Move an item into a folder (0 = root); can_edit_file", params: projectParams, body: sortFilesBody, response: { 200: fileItemEnvelope } } },
    async (request) => item(await files.move(requireActor(request), request.params.project, request.body), "File moved successfully"),
  );

  app.post(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: "Rename or set private; a doc or link change keeps the previous content as a revision, takes files[] and files_to_delete[] (can_edit_file)",
        params,
        body: updateFileBody,
        response: { 200: fileItemEnvelope },
      },
    },
    async (request) =>
      item(await files.update(requireActor(request), request.params.project, request.params.id, request.body, uploadedFiles(request)), "File updated successfully"),
  );

  app.post(
    "/pm/v2/projects/:project/files/:id/delete",
    {
      schema: {
        tags,
        summary: "Delete an item; a folder goes with everything inside it (can_edit_file); `undo` brings it back (POST pm/v2/undo/{id}) until `undo.expires_at`",
        params,
        response: { 200: deletedWithUndoSchema },
      },
    },
    async (request) => {
      const undo = await files.remove(requireActor(request), request.params.project, request.params.id);
      return { message: "File deleted successfully", undo };
    },
  );

  app.get(
    `${base}/:id/download-check`,
    { schema: { tags, summary: "Whether the reader may download the file (404 when hidden)", params, response: { 200: downloadCheckSchema } } },
    async (request) => {
      const row = await files.downloadCheck(requireActor(request), request.params.project, request.params.id);
      return { data: { can_download: true as const, url: downloadPath(row) } };
    },
  );

  app.get(
    `${base}/:id/download`,
    { schema: { tags, summary: "Stream an upload (HTTP Range supported; images, video and PDF inline)", params } },
    async (request, reply) => sendDownload(await files.openDownload(requireActor(request), request.params.project, request.params.id, request.headers.range), reply, "auto"),
  );

  app.get(
    `${base}/:id/thumb`,
    { schema: { tags, summary: "The thumbnail of an image upload", params } },
    async (request, reply) => sendDownload(await files.openDownload(requireActor(request), request.params.project, request.params.id, undefined, true), reply, "inline"),
  );
};

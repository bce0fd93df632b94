import multipart from "@fastify/multipart";
import { MAX_FILES_PER_REQUEST } from "@plotline/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError, say } from "../../lib/app-error.js";
import { parseBracketQuery, unreadableMultipart } from "../../plugins/form-body.js";
import type { UploadedFile } from "./files.upload.js";

/** The files of each multipart request, read before validation. */
const uploadsByRequest = new WeakMap<FastifyRequest, UploadedFile[]>();

/**
 * Lets the routes of one plugin take multipart bodies (`files[]` beside the usual fields): the text fields
 * become the body, bracket names (`files_to_delete[]`, `notify_users[]`) parsed as form bodies are, so the
 * route's zod schema validates them as it validates JSON; every file part is read into memory within the
 * upload limit (413 beyond it) and kept for `uploadedFiles()`. A `current_user_id` field is dropped: the
 * caller is always the signed-in user. Call it first thing in a route plugin.
 */
export async function acceptMultipart(app: Pick<FastifyInstance, "register" | "addHook" | "ctx">): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: app.ctx.config.maxUploadBytes, files: MAX_FILES_PER_REQUEST, fields: 400, fieldSize: 1024 * 1024 },
  });
  app.addHook("preValidation", async (request: FastifyRequest) => {
    if (!request.isMultipart()) return;
    const fields = new URLSearchParams();
    const uploads: UploadedFile[] = [];
    let current = "";
    try {
      for await (const part of request.parts()) {
        if (part.type === "file") {
          current = part.filename;
          uploads.push({ filename: part.filename, bytes: await part.toBuffer() });
        } else if (part.fieldname !== "current_user_id") fields.append(part.fieldname, String(part.value));
      }
    } catch (error) {
      // Reading parts only reads the request, so any other failure is a malformed body.
      throw tooLarge(error, current, app.ctx.config.maxUploadBytes) ?? unreadableMultipart();
    }
    request.body = parseBracketQuery(fields.toString());
    uploadsByRequest.set(request, uploads);
  });
}

/**
 * The 413 a person understands for the multipart plugin's limit errors (a file over the upload limit, too
 * many files or fields), or null for any other error.
 */
function tooLarge(error: unknown, filename: string, maxBytes: number): AppError | null {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === "FST_REQ_FILE_TOO_LARGE") {
    const limit = `${Math.round((maxBytes / (1024 * 1024)) * 10) / 10} MB`;
    const message = say("files.file_too_large", { name: filename || "you chose", limit });
    return new AppError("payload_too_large", message, { params: { files: [message] } });
  }
  if (code === "FST_FILES_LIMIT") {
    const message = say("files.too_many_files", { max: MAX_FILES_PER_REQUEST });
    return new AppError("payload_too_large", message, { params: { files: [message] } });
  }
  if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") return new AppError("payload_too_large", say("files.form_has_too_many_fields"));
  return null;
}

/** The files a multipart request carried (none for JSON and form bodies). */
export function uploadedFiles(request: FastifyRequest): UploadedFile[] {
  return uploadsByRequest.get(request) ?? [];
}

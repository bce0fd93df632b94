import multipart from "@fastify/multipart";
import { saveSiteSettingsBody, siteSettingInputs, siteSettingsEnvelope, zId } from "@plotline/contracts";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { invalidField, notFound, say } from "../../lib/app-error.js";
import { requireActor } from "../../plugins/auth.js";
import { unreadableMultipart } from "../../plugins/form-body.js";
import { contentDisposition } from "../files/files.download.js";
import { MAX_LOGO_BYTES } from "./site-settings.logo.js";

const tags = ["site settings"];
const fileParams = z.object({ id: zId });

/** Site settings under `/api/pm/v2/settings`, the logo upload, and the site files (the logo's bytes). */
export const siteSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { siteSettings } = app.services;
  // One byte over the logo limit is enough to tell "too large" with the field's own message.
  await app.register(multipart, { limits: { fileSize: MAX_LOGO_BYTES + 1, files: 5, fields: 10, fieldSize: 1024 } });

  app.get(
    "/pm/v2/settings",
    {
      schema: {
        tags,
        summary: "Every site setting (saved or default) with the logo file and the front-end page; every signed-in user",
        response: { 200: siteSettingsEnvelope },
      },
    },
    async (request) => siteSettings.read(requireActor(request)),
  );

  app.post(
    "/pm/v2/settings",
    {
      schema: {
        tags,
        summary: "Save one `{key, value}` or `{settings: [{key, value}]}` (site managers); a bad value writes nothing",
        body: saveSiteSettingsBody,
        response: { 200: siteSettingsEnvelope },
      },
    },
    async (request) => ({ ...(await siteSettings.write(requireActor(request), siteSettingInputs(request.body))), message: "Settings saved" }),
  );

  app.post(
    "/pm/v2/settings/logo",
    {
      schema: {
        tags,
        summary: "Upload the site logo (multipart `file`: PNG, JPEG, GIF, WebP or SVG, at most 5 MB; site managers); replaces the previous one",
        response: { 200: siteSettingsEnvelope },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      if (!request.isMultipart()) throw invalidField("file", say("site_settings.send_logo_as_multipart_form_data"));
      const uploads: Array<{ filename: string; bytes: Buffer }> = [];
      try {
        for await (const part of request.parts()) {
          if (part.type === "file") uploads.push({ filename: part.filename, bytes: await part.toBuffer() });
        }
      } catch (error) {
        if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw invalidField("file", say("site_settings.logo_must_at_most_5_mb"));
        // Reading parts only reads the request, so any other failure is a malformed body.
        throw unreadableMultipart();
      }
      return { ...(await siteSettings.uploadLogo(actor, uploads)), message: "Logo saved" };
    },
  );

  async function sendFile(id: number, thumb: boolean, reply: FastifyReply): Promise<FastifyReply> {
    const row = await siteSettings.findFile(id);
    const key = row && (thumb ? (row.thumb_key ?? row.storage_key) : row.storage_key);
    const object = key ? await siteSettings.storage.get(key) : null;
    if (!row || !object) throw notFound(say("common.file_not_found"));
    const mime = thumb && row.thumb_key ? "image/webp" : row.mime_type;
    return reply
      .header("Content-Type", mime)
      .header("Content-Length", object.size)
      .header("Content-Disposition", contentDisposition("inline", row.original_name))
      .header("X-Content-Type-Options", "nosniff")
      .header("Cache-Control", "private, max-age=300")
      .send(object.stream);
  }

  app.get(
    "/pm/v2/site-files/:id",
    { schema: { tags, summary: "The bytes of a site file (the logo); every signed-in user", params: fileParams } },
    async (request, reply) => {
      requireActor(request);
      return sendFile(request.params.id, false, reply);
    },
  );

  app.get(
    "/pm/v2/site-files/:id/thumb",
    { schema: { tags, summary: "The thumbnail of a site file (the file itself when it has none)", params: fileParams } },
    async (request, reply) => {
      requireActor(request);
      return sendFile(request.params.id, true, reply);
    },
  );
};

import { REPORT_EXPORT_FORMATS, advanceReportEnvelope, advanceReportQuery, reportExportParams, reportExportQuery, zId } from "@plotline/contracts";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireActor } from "../../plugins/auth.js";
import { contentDisposition } from "../files/files.download.js";
import type { ReportFile } from "./reports.service.js";

const tags = ["reports"];

function sendFile(reply: FastifyReply, file: ReportFile) {
  return reply
    .header("Content-Type", file.contentType)
    .header("Content-Disposition", contentDisposition("attachment", file.filename))
    .header("Cache-Control", "no-store")
    .send(file.body);
}

/**
 * The advanced report and the exports under `/api/pm-pro/v2` (site managers only). Exports are plain GETs
 * opened by navigation: the session cookie signs them in (SameSite=Lax sends it on a top-level navigation)
 * and, as reads, they need no nonce, like the Gantt export.
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reports } = app.services;

  app.get(
    "/pm-pro/v2/advance-report",
    {
      schema: {
        tags,
        summary: "Projects with the tasks matching up to five filters (assigned, project, status, payable, time), paginated by project; `csv=1` sends every matching task as CSV",
        querystring: advanceReportQuery,
        response: { 200: advanceReportEnvelope },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      if (request.query.csv) return sendFile(reply, await reports.advanceReportCsv(actor, request.query));
      return reports.advanceReport(actor, request.query);
    },
  );

  app.get(
    "/pm-pro/v2/users/:user/advance-report/:kind/:format",
    {
      schema: {
        tags,
        summary: "A report as a CSV (streamed, every row) or PDF (at most 5,000 rows) file; `user` must be the caller",
        params: reportExportParams.extend({ format: z.enum(REPORT_EXPORT_FORMATS) }),
        querystring: reportExportQuery,
      },
    },
    async (request, reply) => {
      const { user, kind, format } = request.params;
      return sendFile(reply, await reports.exportReport(requireActor(request), user, kind, format, request.query));
    },
  );

  // The documents' overdue report asks for its PDF at this path.
  app.get(
    "/pm-pro/v2/users/:user/advance-report/overdue-tasks-PDF",
    { schema: { tags, summary: "The overdue tasks report as PDF (the same as .../overdue-tasks/pdf)", params: z.object({ user: zId }), querystring: reportExportQuery } },
    async (request, reply) => sendFile(reply, await reports.exportReport(requireActor(request), request.params.user, "overdue-tasks", "pdf", request.query)),
  );
};

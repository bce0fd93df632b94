import { personalReportEnvelope, personalReportQuery } from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActor } from "../../plugins/auth.js";

const tags = ["reports"];

/** The personal estimate report under `/api/pm-pro/v2/report-summary`. */
export const personalReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { personalReport } = app.services;

  app.get(
    "/pm-pro/v2/report-summary",
    {
      schema: {
        tags,
        summary: "What users completed between two days (MM/DD/YYYY), with estimations and logged time: the caller's own, or for managers their members'",
        querystring: personalReportQuery,
        response: { 200: personalReportEnvelope },
      },
    },
    async (request) => personalReport.personalReport(requireActor(request), request.query),
  );
};

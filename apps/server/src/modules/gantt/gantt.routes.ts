import {
  createGanttLinkBody,
  ganttCriticalPathResponse,
  ganttExportQuery,
  ganttLinkResponse,
  ganttListResponse,
  ganttRescheduleBody,
  ganttRescheduleResponse,
  messageSchema,
  zId,
} from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { say } from "../../lib/app-error.js";
import { requireActor } from "../../plugins/auth.js";
import { contentDisposition } from "../files/files.download.js";

const tags = ["gantt"];
const projectParams = z.object({ project_id: zId });
const linkParams = z.object({ project_id: zId, link_id: zId });
const base = "/pm-pro/v2/projects/:project_id/gantt";

/** The Gantt chart under `/api/pm-pro/v2/projects/{p}/gantt` (README.md). */
export const ganttRoutes: FastifyPluginAsyncZod = async (app) => {
  const { gantt } = app.services;

  app.get(
    base,
    {
      schema: {
        tags,
        summary: "Every task of the project the caller sees, lean, with the links leaving it (gantt_links.data); the lists, milestones and working days",
        params: projectParams,
        response: { 200: ganttListResponse },
      },
    },
    async (request) => gantt.getChart(requireActor(request), request.params.project_id),
  );

  app.post(
    base,
    {
      schema: {
        tags,
        summary: "Link two tasks (`link`: source, target, type 0-3, lag in days); a self-link, a duplicate or a cycle is a 400 on link.target",
        params: projectParams,
        body: createGanttLinkBody,
        response: { 200: ganttLinkResponse },
      },
    },
    async (request) => ({ data: await gantt.createLink(requireActor(request), request.params.project_id, request.body), message: "Link created successfully" }),
  );

  app.post(
    `${base}/reschedule`,
    {
      schema: {
        tags,
        summary: "The successors of a moved task whose dates must shift to keep every link; with apply: true, shifts them in one transaction with one activity",
        params: projectParams,
        body: ganttRescheduleBody,
        response: { 200: ganttRescheduleResponse },
      },
    },
    async (request) => {
      const result = await gantt.reschedule(requireActor(request), request.params.project_id, request.body.task_id, request.body.apply);
      return {
        data: result.shifts,
        meta: { applied: result.applied },
        ...(result.applied && {
          message: (result.shifts.length === 1 ? say("gantt.shifted_one_task") : say("gantt.shifted_tasks", { count: result.shifts.length })).text,
        }),
      };
    },
  );

  app.get(
    `${base}/critical-path`,
    {
      schema: {
        tags,
        summary: "The tasks on the longest chain to the project's last due date, each dated task's slack in days, and that date",
        params: projectParams,
        response: { 200: ganttCriticalPathResponse },
      },
    },
    async (request) => ({ data: await gantt.criticalPath(requireActor(request), request.params.project_id) }),
  );

  app.get(
    `${base}/export`,
    {
      schema: {
        tags,
        summary: "The chart the caller sees as a PDF or PNG drawing, or its rows as CSV (format, zoom, from, to)",
        params: projectParams,
        querystring: ganttExportQuery,
      },
    },
    async (request, reply) => {
      const file = await gantt.exportChart(requireActor(request), request.params.project_id, request.query);
      return reply
        .header("Content-Type", file.contentType)
        .header("Content-Disposition", contentDisposition("attachment", file.filename))
        .header("Cache-Control", "no-store")
        .send(file.body);
    },
  );

  app.post(
    `${base}/:link_id/delete`,
    {
      schema: {
        tags,
        summary: "Delete a link (whoever may change the target task's dates)",
        params: linkParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await gantt.deleteLink(requireActor(request), request.params.project_id, request.params.link_id);
      return { message: "Link deleted successfully" };
    },
  );
};

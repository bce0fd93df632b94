import {
  customTimeBody,
  itemEnvelope,
  messageSchema,
  othersTimeQuery,
  othersTimeResponse,
  runningTimerResponse,
  startTimerBody,
  startTimerResponse,
  stopTimerBody,
  timeLogSchema,
  timesheetQuery,
  timesheetResponse,
  zId,
} from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { item } from "../../lib/envelope.js";
import { requireActor } from "../../plugins/auth.js";

const tags = ["time-tracker"];
const timeParams = z.object({ time_id: zId });

/** The time tracker under `/api/pm-pro/v2/`: timers, custom time, others' time and timesheets. */
export const timeTrackerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { timeTracker } = app.services;

  app.post(
    "/pm-pro/v2/time/",
    {
      schema: {
        tags,
        summary: "Start the caller's timer on a task they are assigned to; a timer running elsewhere is stopped (meta.warnings, meta.stopped)",
        body: startTimerBody,
        response: { 200: startTimerResponse },
      },
    },
    async (request) => {
      const started = await timeTracker.startTimer(requireActor(request), request.body);
      return { data: started.log, message: "Time tracker started successfully", meta: { warnings: started.warnings, stopped: started.stopped } };
    },
  );

  app.post(
    "/pm-pro/v2/time/update",
    { schema: { tags, summary: "Stop the caller's running timer", body: stopTimerBody, response: { 200: itemEnvelope(timeLogSchema) } } },
    async (request) => {
      const stopped = await timeTracker.stopTimer(requireActor(request), request.body);
      return item(stopped.log, stopped.message);
    },
  );

  app.get(
    "/pm-pro/v2/time/running",
    {
      schema: {
        tags,
        summary: "The caller's running timer with its task, and the timers the server stopped at the cap that they have not seen",
        response: { 200: runningTimerResponse },
      },
    },
    async (request) => timeTracker.runningTimer(requireActor(request)),
  );

  app.post(
    "/pm-pro/v2/time/:time_id/delete",
    { schema: { tags, summary: "Delete one's own time log (incomplete task, current list, timer stopped)", params: timeParams, response: { 200: messageSchema } } },
    async (request) => {
      await timeTracker.deleteLog(requireActor(request), request.params.time_id);
      return { message: "Time deleted successfully" };
    },
  );

  app.post(
    "/pm-pro/v2/time/:time_id/seen",
    { schema: { tags, summary: "Mark a timer the server stopped at the cap as seen by its owner", params: timeParams, response: { 200: itemEnvelope(timeLogSchema) } } },
    async (request) => item(await timeTracker.markCapSeen(requireActor(request), request.params.time_id)),
  );

  app.post(
    "/pm-pro/v2/custom-time/",
    { schema: { tags, summary: "Log time by hand: 1 minute to 24 hours on a day (today by default)", body: customTimeBody, response: { 200: itemEnvelope(timeLogSchema) } } },
    async (request) => item(await timeTracker.addCustomTime(requireActor(request), request.body), "Time added successfully"),
  );

  app.get(
    "/pm-pro/v2/others-time/",
    {
      schema: {
        tags,
        summary: "The other users' logged time on a task, by person (the project's managers and site managers)",
        querystring: othersTimeQuery,
        response: { 200: othersTimeResponse },
      },
    },
    async (request) => timeTracker.othersTime(requireActor(request), request.query.task_id),
  );

  app.get(
    "/pm-pro/v2/timesheet",
    {
      schema: {
        tags,
        summary: "A week (or `days` days from `start`) of a user's time by task and day: one's own, or a member's for managers",
        querystring: timesheetQuery,
        response: { 200: timesheetResponse },
      },
    },
    async (request) => ({ data: await timeTracker.timesheet(requireActor(request), request.query) }),
  );
};

import { calendarEventsAnswer, calendarProjectsAnswer, calendarQuery, calendarResourceAnswer } from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActor } from "../../plugins/auth.js";

const tags = ["calendar"];

/** The calendar (Pro module `calendar`) under `/api/pm-pro/v2/calendar-*`. */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const { calendar } = app.services;

  app.get(
    "/pm-pro/v2/calendar-events",
    {
      schema: {
        tags,
        summary: "Tasks (start to due date) and milestones (achieve date) in [start, end) that the caller may see",
        description:
          "A task is included when it starts before `end` and finishes on or after `start` (a task with one date is on that day). " +
          "`users[]` keeps tasks assigned to any of them; 0 stands for tasks with no assignee. Milestones are not filtered by user.",
        querystring: calendarQuery,
        response: { 200: calendarEventsAnswer },
      },
    },
    async (request) => {
      const result = await calendar.listEvents(requireActor(request), request.query);
      return { data: result.events, meta: { count: result.events.length, truncated: result.truncated } };
    },
  );

  app.get(
    "/pm-pro/v2/calendar-resource",
    {
      schema: {
        tags,
        summary: "The user view: a row per person (and Unassigned) with the tasks assigned to them in [start, end)",
        querystring: calendarQuery,
        response: { 200: calendarResourceAnswer },
      },
    },
    async (request) => {
      const result = await calendar.listResource(requireActor(request), request.query);
      return { data: { resources: result.resources, events: result.events }, meta: { count: result.events.length, truncated: result.truncated } };
    },
  );

  app.get(
    "/pm-pro/v2/calendar-projects",
    {
      schema: {
        tags,
        summary: "Every project the caller belongs to (site managers: all), with its current task lists and members",
        response: { 200: calendarProjectsAnswer },
      },
    },
    async (request) => calendar.listProjects(requireActor(request)),
  );
};

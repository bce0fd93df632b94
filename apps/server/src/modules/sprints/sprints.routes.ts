import {
  addSprintTasksBody,
  addSprintTasksResponse,
  completeSprintBody,
  completeSprintResponse,
  createSprintBody,
  getSprintQuery,
  listSprintsQuery,
  messageSchema,
  sprintBacklogQuery,
  sprintBacklogResponse,
  sprintBurndownResponse,
  sprintListResponse,
  sprintRefreshResponse,
  sprintResponse,
  updateSprintBody,
  zId,
} from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireActor } from "../../plugins/auth.js";

const tags = ["sprints"];
const base = "/pm-pro/v2/sprints";
const sprintParams = z.object({ sprint_id: zId });
const sprintTaskParams = z.object({ sprint_id: zId, task_id: zId });

/** Sprints under `/api/pm-pro/v2/sprints` (README.md). */
export const sprintsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sprints } = app.services;

  app.get(
    base,
    {
      schema: {
        tags,
        summary: "The sprints of the caller's projects (site managers: every sprint): active, planned by start, completed latest first; filters status and project_id",
        querystring: listSprintsQuery,
        response: { 200: sprintListResponse },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const [listing, planning] = await Promise.all([sprints.listSprints(actor, request.query), sprints.planning(actor)]);
      return { data: listing.sprints, meta: { ...planning, pagination: listing.pagination } };
    },
  );

  app.get(
    `${base}/refresh`,
    {
      schema: {
        tags,
        summary: "The caller's active and planned sprints with fresh counters, active first; meta says who may plan one",
        response: { 200: sprintRefreshResponse },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const [open, planning] = await Promise.all([sprints.refresh(actor), sprints.planning(actor)]);
      return { data: open, meta: planning };
    },
  );

  app.get(
    `${base}/backlog`,
    {
      schema: {
        tags,
        summary: "Open top-level tasks of the projects named that the caller may see and that are in no planned or active sprint, newest first; title search, paged",
        querystring: sprintBacklogQuery,
        response: { 200: sprintBacklogResponse },
      },
    },
    async (request) => {
      const listing = await sprints.backlog(requireActor(request), request.query);
      return { data: listing.tasks, meta: { pagination: listing.pagination } };
    },
  );

  app.post(
    base,
    {
      schema: {
        tags,
        summary: "Plan a sprint over projects the caller manages or works on as a co-worker (site managers: any)",
        body: createSprintBody,
        response: { 200: sprintResponse },
      },
    },
    async (request) => ({ data: await sprints.createSprint(requireActor(request), request.body), message: "Sprint created successfully" }),
  );

  app.get(
    `${base}/:sprint_id`,
    {
      schema: {
        tags,
        summary: "One sprint with its projects, creator and counters; with=tasks adds the tasks the caller may see",
        params: sprintParams,
        querystring: getSprintQuery,
        response: { 200: sprintResponse },
      },
    },
    async (request) => ({ data: await sprints.getSprint(requireActor(request), request.params.sprint_id, request.query) }),
  );

  app.get(
    `${base}/:sprint_id/burndown`,
    {
      schema: {
        tags,
        summary: "Each day's remaining tasks and estimation against the ideal line, and the original scope, added, removed, completed and carried over",
        params: sprintParams,
        response: { 200: sprintBurndownResponse },
      },
    },
    async (request) => ({ data: await sprints.burndown(requireActor(request), request.params.sprint_id) }),
  );

  app.post(
    `${base}/:sprint_id/update`,
    {
      schema: {
        tags,
        summary: "Change a sprint's title, description, goal, dates or projects (site managers and its creator)",
        params: sprintParams,
        body: updateSprintBody,
        response: { 200: sprintResponse },
      },
    },
    async (request) => ({
      data: await sprints.updateSprint(requireActor(request), request.params.sprint_id, request.body),
      message: "Sprint updated successfully",
    }),
  );

  app.post(
    `${base}/:sprint_id/delete`,
    {
      schema: { tags, summary: "Delete a sprint and its history; its tasks go back to the backlog", params: sprintParams, response: { 200: messageSchema } },
    },
    async (request) => {
      await sprints.deleteSprint(requireActor(request), request.params.sprint_id);
      return { message: "Sprint deleted successfully" };
    },
  );

  app.post(
    `${base}/:sprint_id/tasks`,
    {
      schema: {
        tags,
        summary: "Add tasks of the sprint's projects (all or nothing); 409 for a task in another open sprint",
        params: sprintParams,
        body: addSprintTasksBody,
        response: { 200: addSprintTasksResponse },
      },
    },
    async (request) => ({
      ...(await sprints.addTasks(requireActor(request), request.params.sprint_id, request.body)),
      message: "Tasks added to the sprint successfully",
    }),
  );

  app.post(
    `${base}/:sprint_id/tasks/:task_id/delete`,
    {
      schema: { tags, summary: "Take a task out of the sprint; the task stays as it is, in the backlog", params: sprintTaskParams, response: { 200: messageSchema } },
    },
    async (request) => {
      await sprints.removeTask(requireActor(request), request.params.sprint_id, request.params.task_id);
      return { message: "Task removed from the sprint successfully" };
    },
  );

  app.post(
    `${base}/:sprint_id/start`,
    {
      schema: { tags, summary: "Start a planned sprint: its scope is snapshotted for the burndown", params: sprintParams, response: { 200: sprintResponse } },
    },
    async (request) => ({ data: await sprints.start(requireActor(request), request.params.sprint_id), message: "Sprint started successfully" }),
  );

  app.post(
    `${base}/:sprint_id/complete`,
    {
      schema: {
        tags,
        summary: "Complete an active sprint: its open tasks go to a planned sprint (carry_over_to) or back to the backlog (null)",
        params: sprintParams,
        body: completeSprintBody,
        response: { 200: completeSprintResponse },
      },
    },
    async (request) => ({
      ...(await sprints.complete(requireActor(request), request.params.sprint_id, request.body)),
      message: "Sprint completed successfully",
    }),
  );
};

import {
  createSubTaskBody,
  deletedWithUndoSchema,
  itemEnvelope,
  listEnvelope,
  listSubTasksQuery,
  messageSchema,
  sortSubTasksBody,
  subTaskListMeta,
  subTaskSchema,
  updateSubTaskBody,
  zId,
} from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { item, list } from "../../lib/envelope.js";
import { requireActor } from "../../plugins/auth.js";

const tags = ["sub-tasks"];
const parentParams = z.object({ task_id: zId });
const subTaskParams = z.object({ task_id: zId, sub_task_id: zId });
const base = "/pm-pro/v2/tasks/:task_id/sub-tasks";

/** A task's sub-tasks under `/api/pm-pro/v2/tasks/{task_id}/sub-tasks`, and their order. */
export const subTasksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { subTasks } = app.services;

  app.get(
    base,
    {
      schema: {
        tags,
        summary: "A task's sub-tasks in their order, with what the caller may do with them (meta.abilities)",
        params: parentParams,
        querystring: listSubTasksQuery,
        response: { 200: listEnvelope(subTaskSchema, subTaskListMeta) },
      },
    },
    async (request) => {
      const result = await subTasks.listSubTasks(requireActor(request), request.params.task_id, request.query);
      return list(result.subTasks, result.pagination, { abilities: result.abilities, list_archived: result.listArchived });
    },
  );

  app.post(
    base,
    {
      schema: {
        tags,
        summary: "Add a sub-task: in the task's list, with its privacy, after its other sub-tasks",
        params: parentParams,
        body: createSubTaskBody,
        response: { 200: itemEnvelope(subTaskSchema) },
      },
    },
    async (request) =>
      item(await subTasks.createSubTask(requireActor(request), request.params.task_id, request.body), "Sub-task created successfully"),
  );

  app.post(
    `${base}/:sub_task_id/update`,
    {
      schema: {
        tags,
        summary: "Change a sub-task; `status` alone completes or reopens it (its assignees may too)",
        params: subTaskParams,
        body: updateSubTaskBody,
        response: { 200: itemEnvelope(subTaskSchema) },
      },
    },
    async (request) =>
      item(
        await subTasks.updateSubTask(requireActor(request), request.params.task_id, request.params.sub_task_id, request.body),
        "Sub-task updated successfully",
      ),
  );

  app.post(
    `${base}/:sub_task_id/delete`,
    {
      schema: {
        tags,
        summary: "Delete a sub-task with its comments; `undo` brings it back (POST pm/v2/undo/{id}) until `undo.expires_at`",
        params: subTaskParams,
        response: { 200: deletedWithUndoSchema },
      },
    },
    async (request) => {
      const undo = await subTasks.deleteSubTask(requireActor(request), request.params.task_id, request.params.sub_task_id);
      return { message: "Sub-task deleted successfully", undo };
    },
  );

  app.post(
    "/pm-pro/v2/sub-tasks/sorting",
    { schema: { tags, summary: "Order one task's sub-tasks (`index` is the position)", body: sortSubTasksBody, response: { 200: messageSchema } } },
    async (request) => {
      await subTasks.sortSubTasks(requireActor(request), request.body);
      return { message: "Sub-tasks sorted successfully" };
    },
  );
};

import { createTaskTypeBody, itemEnvelope, listEnvelope, messageSchema, taskTypeSchema, zId } from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { item, list } from "../../lib/envelope.js";
import { requireActor } from "../../plugins/auth.js";

const tags = ["task types"];
const params = z.object({ id: zId });

/** Task types, a site setting, under `/api/pm/v2/task-types`. */
export const taskTypesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { taskTypes } = app.services;

  app.get(
    "/pm/v2/task-types",
    { schema: { tags, summary: "Every task type, by title", response: { 200: listEnvelope(taskTypeSchema) } } },
    async (request) => {
      const types = await taskTypes.listTaskTypes(requireActor(request));
      return list(types, { total: types.length, count: types.length, per_page: types.length, current_page: 1, total_pages: 1 });
    },
  );

  app.post(
    "/pm/v2/task-types",
    { schema: { tags, summary: "Add a task type (site managers)", body: createTaskTypeBody, response: { 200: itemEnvelope(taskTypeSchema) } } },
    async (request) => item(await taskTypes.createTaskType(requireActor(request), request.body), "Task type created successfully"),
  );

  app.post(
    "/pm/v2/task-types/:id/delete",
    { schema: { tags, summary: "Delete a task type; its tasks keep no type (site managers)", params, response: { 200: messageSchema } } },
    async (request) => {
      await taskTypes.deleteTaskType(requireActor(request), request.params.id);
      return { message: "Task type deleted successfully" };
    },
  );
};

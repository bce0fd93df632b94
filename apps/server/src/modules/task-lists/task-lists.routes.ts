import {
  createTaskListBody,
  deletedWithUndoSchema,
  itemEnvelope,
  listEnvelope,
  listTaskListsQuery,
  messageSchema,
  showTaskListQuery,
  sortListsBody,
  taskListSchema,
  updateTaskListBody,
  zId,
} from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { invalidField, say } from "../../lib/app-error.js";
import { item, list } from "../../lib/envelope.js";
import { requireActor } from "../../plugins/auth.js";
import { acceptMultipart, uploadedFiles } from "../files/attachments.http.js";

const tags = ["task lists"];
const projectParams = z.object({ project: zId });
const listParams = z.object({ project: zId, id: zId });

/** Task lists under `/api/pm/v2/projects/{project}/task-lists`. */
export const taskListsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { taskLists } = app.services;
  // Clients written against the original may send a list's fields as multipart form data; lists hold no
  // files, so a file sent along is refused rather than dropped.
  await acceptMultipart(app);
  app.addHook("preHandler", async (request) => {
    if (uploadedFiles(request).length > 0) throw invalidField("files", say("task_lists.task_lists_take_no_files"));
  });

  app.get(
    "/pm/v2/projects/:project/task-lists",
    {
      schema: {
        tags,
        summary: "A project's lists (Inbox first, then by order); `with=incomplete_tasks,complete_tasks` adds each list's first tasks",
        params: projectParams,
        querystring: listTaskListsQuery,
        response: { 200: listEnvelope(taskListSchema) },
      },
    },
    async (request) => {
      const result = await taskLists.listTaskLists(requireActor(request), request.params.project, request.query);
      return list(result.lists, result.pagination);
    },
  );

  app.post(
    "/pm/v2/projects/:project/task-lists",
    { schema: { tags, summary: "Create a task list", params: projectParams, body: createTaskListBody, response: { 200: itemEnvelope(taskListSchema) } } },
    async (request) => item(await taskLists.createTaskList(requireActor(request), request.params.project, request.body), "Task list created successfully"),
  );

  app.get(
    "/pm/v2/projects/:project/task-lists/:id",
    {
      schema: {
        tags,
        summary: "One list with a page of its incomplete and complete tasks",
        params: listParams,
        querystring: showTaskListQuery,
        response: { 200: itemEnvelope(taskListSchema) },
      },
    },
    async (request) => item(await taskLists.getTaskList(requireActor(request), request.params.project, request.params.id, request.query)),
  );

  app.post(
    "/pm/v2/projects/:project/task-lists/:id/update",
    { schema: { tags, summary: "Change a list; `status` 0 archives it, 1 restores it", params: listParams, body: updateTaskListBody, response: { 200: itemEnvelope(taskListSchema) } } },
    async (request) => {
      const updated = await taskLists.updateTaskList(requireActor(request), request.params.project, request.params.id, request.body);
      const message = request.body.status === 0 ? "Task list archived successfully" : request.body.status === 1 ? "Task list restored successfully" : "Task list updated successfully";
      return item(updated, message);
    },
  );

  app.post(
    "/pm/v2/projects/:project/task-lists/:id/delete",
    {
      schema: {
        tags,
        summary: "Delete a list with its tasks; the Inbox cannot be deleted; `undo` brings them back (POST pm/v2/undo/{id}) until `undo.expires_at`",
        params: listParams,
        response: { 200: deletedWithUndoSchema },
      },
    },
    async (request) => {
      const undo = await taskLists.deleteTaskList(requireActor(request), request.params.project, request.params.id);
      return { message: "Task list deleted successfully", undo };
    },
  );

  app.post(
    "/pm/v2/projects/:project/lists/sorting",
    { schema: { tags, summary: "Save the order of a project's lists", params: projectParams, body: sortListsBody, response: { 200: messageSchema } } },
    async (request) => {
      await taskLists.sortTaskLists(requireActor(request), request.params.project, request.body.orders);
      return { message: "Task lists sorted successfully" };
    },
  );
};

import {
  bulkTasksBody,
  bulkTasksResultSchema,
  changeTaskStatusBody,
  createTaskBody,
  deletedWithUndoSchema,
  itemEnvelope,
  listEnvelope,
  listTasksQuery,
  messageSchema,
  sortTasksBody,
  taskSchema,
  updateTaskBody,
  zId,
} from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { item, list } from "../../lib/envelope.js";
import { requireActor } from "../../plugins/auth.js";
import { acceptMultipart, uploadedFiles } from "../files/attachments.http.js";
import { readCustomFieldQuery } from "../custom-fields/custom-fields.http.js";

const tags = ["tasks"];
const projectParams = z.object({ project: zId });
const taskParams = z.object({ project: zId, id: zId });

/** Tasks under `/api/pm/v2/projects/{project}/tasks`, and `/api/pm/v2/tasks` across projects. */
export const tasksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tasks } = app.services;
  // Create and update take attached files: multipart `files[]` beside the usual fields.
  await acceptMultipart(app);

  app.get(
    "/pm/v2/tasks",
    {
      schema: {
        tags,
        summary: "Tasks across the caller's projects (site managers: all), filtered; newest first",
        querystring: listTasksQuery,
        response: { 200: listEnvelope(taskSchema) },
      },
      // `cf[<id>]` filters keep their field ids as keys (custom-fields.http.ts).
      preValidation: readCustomFieldQuery,
    },
    async (request) => {
      const result = await tasks.listTasks(requireActor(request), request.query);
      return list(result.tasks, result.pagination);
    },
  );

  app.get(
    "/pm/v2/projects/:project/tasks",
    { schema: { tags, summary: "A project's tasks, filtered; newest first", params: projectParams, querystring: listTasksQuery, response: { 200: listEnvelope(taskSchema) } }, preValidation: readCustomFieldQuery },
    async (request) => {
      const result = await tasks.listProjectTasks(requireActor(request), request.params.project, request.query);
      return list(result.tasks, result.pagination);
    },
  );

  app.post(
    "/pm/v2/projects/:project/tasks",
    { schema: { tags, summary: "Create a task; without `board_id` it goes to the Inbox; multipart files[] are attached", params: projectParams, body: createTaskBody, response: { 200: itemEnvelope(taskSchema) } } },
    async (request) =>
      item(await tasks.createTask(requireActor(request), request.params.project, request.body, uploadedFiles(request)), "Task created successfully"),
  );

  app.post(
    "/pm/v2/projects/:project/tasks/sorting",
    { schema: { tags, summary: "Order a list's tasks; `moved_task_id` moves a task into the list first", params: projectParams, body: sortTasksBody, response: { 200: messageSchema } } },
    async (request) => {
      await tasks.sortTasks(requireActor(request), request.params.project, request.body);
      return { message: "Tasks sorted successfully" };
    },
  );

  app.post(
    "/pm/v2/projects/:project/tasks/bulk",
    {
      schema: {
        tags,
        summary: "One action on up to 500 tasks of the project, all or nothing: complete, reopen, move, assign, due_date, priority or delete",
        params: projectParams,
        body: bulkTasksBody,
        response: { 200: bulkTasksResultSchema },
      },
    },
    async (request) => {
      const result = await tasks.bulkChange(requireActor(request), request.params.project, request.body);
      return { ...result, message: request.body.action === "delete" ? "Tasks deleted successfully" : "Tasks updated successfully" };
    },
  );

  app.get(
    "/pm/v2/projects/:project/tasks/:id",
    { schema: { tags, summary: "One task", params: taskParams, response: { 200: itemEnvelope(taskSchema) } } },
    async (request) => item(await tasks.getTask(requireActor(request), request.params.project, request.params.id)),
  );

  const update = {
    schema: { tags, summary: "Change a task; `assignees` replaces them (`[0]` for none), `board_id` moves it; multipart files[] are attached, files_to_delete[] removed", params: taskParams, body: updateTaskBody, response: { 200: itemEnvelope(taskSchema) } },
  };
  app.post("/pm/v2/projects/:project/tasks/:id/update", update, async (request) =>
    item(await tasks.updateTask(requireActor(request), request.params.project, request.params.id, request.body, uploadedFiles(request)), "Task updated successfully"),
  );
  // The host also took updates on the task's own path.
  app.post("/pm/v2/projects/:project/tasks/:id", update, async (request) =>
    item(await tasks.updateTask(requireActor(request), request.params.project, request.params.id, request.body, uploadedFiles(request)), "Task updated successfully"),
  );

  app.post(
    "/pm/v2/projects/:project/tasks/:id/change-status",
    { schema: { tags, summary: "Complete (1), reopen (0) or set pending (2)", params: taskParams, body: changeTaskStatusBody, response: { 200: itemEnvelope(taskSchema) } } },
    async (request) => {
      const task = await tasks.changeStatus(requireActor(request), request.params.project, request.params.id, request.body.status, request.body.complete_sub_tasks);
      return item(task, "Task status updated successfully");
    },
  );

  app.post(
    "/pm/v2/projects/:project/tasks/:id/delete",
    {
      schema: {
        tags,
        summary: "Delete a task with its sub-tasks and comments; `undo` brings them back (POST pm/v2/undo/{id}) until `undo.expires_at`",
        params: taskParams,
        response: { 200: deletedWithUndoSchema },
      },
    },
    async (request) => {
      const undo = await tasks.deleteTask(requireActor(request), request.params.project, request.params.id);
      return { message: "Task deleted successfully", undo };
    },
  );
};

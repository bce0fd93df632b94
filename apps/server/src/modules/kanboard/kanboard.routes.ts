import {
  createKanboardColumnBody,
  kanboardBoardOrderBody,
  kanboardColumnQuery,
  kanboardListQuery,
  kanboardColumnResponse,
  kanboardListResponse,
  kanboardPlacementResponse,
  kanboardTaskOrderBody,
  kanboardViewBody,
  kanboardViewResponse,
  kanboardViewsResponse,
  messageSchema,
  updateKanboardColumnBody,
  zId,
} from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireActor } from "../../plugins/auth.js";

const tags = ["kanboard"];
const projectParams = z.object({ project_id: zId });
const columnParams = z.object({ project_id: zId, board_id: zId });
const cardParams = z.object({ project_id: zId, board_id: zId, task_id: zId });
const base = "/pm-pro/v2/projects/:project_id/kanboard";

/** The Kanban board under `/api/pm-pro/v2/projects/{p}/kanboard`, and the caller's remembered views. */
export const kanboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { kanboard } = app.services;

  app.get(
    base,
    {
      schema: {
        tags,
        summary:
          "The board's columns in order, each with how many of its cards the caller sees (meta.total_tasks), and the board's abilities; with=tasks adds each column's first page of cards",
        params: projectParams,
        querystring: kanboardListQuery,
        response: { 200: kanboardListResponse },
      },
    },
    async (request) => {
      const withCards = (request.query.with ?? "").split(",").some((part) => part.trim() === "tasks");
      const board = await kanboard.listColumns(requireActor(request), request.params.project_id, { withCards });
      return { data: board.columns, meta: { total_tasks: board.total, abilities: board.abilities } };
    },
  );

  app.post(
    base,
    {
      schema: {
        tags,
        summary: "Add a column at the end of the board (site managers and the project's managers)",
        params: projectParams,
        body: createKanboardColumnBody,
        response: { 200: kanboardColumnResponse },
      },
    },
    async (request) => ({
      data: await kanboard.createColumn(requireActor(request), request.params.project_id, request.body),
      message: "Column created successfully",
    }),
  );

  app.get(
    `${base}/view`,
    {
      schema: {
        tags,
        summary: "How the caller last looked at the project's tasks: `kanboard` or `list` (the default)",
        params: projectParams,
        response: { 200: kanboardViewResponse },
      },
    },
    async (request) => ({ data: await kanboard.viewType(requireActor(request), request.params.project_id) }),
  );

  app.post(
    `${base}/view`,
    {
      schema: {
        tags,
        summary: "Remember how the caller looks at the project's tasks; search results about its tasks lead there",
        params: projectParams,
        body: kanboardViewBody,
        response: { 200: kanboardViewResponse },
      },
    },
    async (request) => ({ data: await kanboard.saveViewType(requireActor(request), request.params.project_id, request.body.view_type) }),
  );

  app.get(
    "/pm-pro/v2/kanboard/views",
    {
      schema: {
        tags,
        summary: "The caller's remembered view of every project where one is remembered, by project id",
        response: { 200: kanboardViewsResponse },
      },
    },
    async (request) => ({ data: await kanboard.viewTypes(requireActor(request)) }),
  );

  app.post(
    `${base}/task-order`,
    {
      schema: {
        tags,
        summary: "Move a card within its column or into another, beside a neighbour or to an end; answers where it is now",
        params: projectParams,
        body: kanboardTaskOrderBody,
        response: { 200: kanboardPlacementResponse },
      },
    },
    async (request) => ({ ...(await kanboard.moveTask(requireActor(request), request.params.project_id, request.body)), message: "Task moved successfully" }),
  );

  app.post(
    `${base}/board-order`,
    {
      schema: {
        tags,
        summary: "Reorder the board's columns (`board_orders`: each column's id and new order); answers the board",
        params: projectParams,
        body: kanboardBoardOrderBody,
        response: { 200: kanboardListResponse },
      },
    },
    async (request) => {
      const board = await kanboard.orderColumns(requireActor(request), request.params.project_id, request.body);
      return { data: board.columns, meta: { total_tasks: board.total, abilities: board.abilities } };
    },
  );

  app.get(
    `${base}/:board_id`,
    {
      schema: {
        tags,
        summary: "One column with a page of the cards the caller sees (task.data, task.meta.pagination), in board order",
        params: columnParams,
        querystring: kanboardColumnQuery,
        response: { 200: kanboardColumnResponse },
      },
    },
    async (request) => ({ data: await kanboard.getColumn(requireActor(request), request.params.project_id, request.params.board_id, request.query) }),
  );

  app.post(
    `${base}/:board_id/update`,
    {
      schema: {
        tags,
        summary: "Change a column's title, colour, WIP limit or done flag (site managers and the project's managers)",
        params: columnParams,
        body: updateKanboardColumnBody,
        response: { 200: kanboardColumnResponse },
      },
    },
    async (request) => ({
      data: await kanboard.updateColumn(requireActor(request), request.params.project_id, request.params.board_id, request.body),
      message: "Column updated successfully",
    }),
  );

  app.post(
    `${base}/:board_id/delete`,
    {
      schema: {
        tags,
        summary: "Delete a column: its tasks stay in their lists and leave the board",
        params: columnParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await kanboard.deleteColumn(requireActor(request), request.params.project_id, request.params.board_id);
      return { message: "Column deleted successfully" };
    },
  );

  app.post(
    `${base}/:board_id/task/:task_id`,
    {
      schema: {
        tags,
        summary: "Put a task of the project at the top of a column; 409 when it is in another column",
        params: cardParams,
        response: { 200: kanboardPlacementResponse },
      },
    },
    async (request) => ({
      ...(await kanboard.addTask(requireActor(request), request.params.project_id, request.params.board_id, request.params.task_id)),
      message: "Task added to the column successfully",
    }),
  );

  app.post(
    `${base}/:board_id/tasks/:task_id/delete`,
    {
      schema: {
        tags,
        summary: "Take a card off the board; the task stays in its list as it is",
        params: cardParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await kanboard.removeTask(requireActor(request), request.params.project_id, request.params.board_id, request.params.task_id);
      return { message: "Task removed from the board successfully" };
    },
  );
};

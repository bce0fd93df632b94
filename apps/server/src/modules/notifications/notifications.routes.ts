import {
  itemEnvelope,
  listEnvelope,
  listNotificationsQuery,
  notificationSchema,
  notificationsMetaShape,
  readAllNotificationsBody,
  readAllNotificationsResult,
  taskFollowingSchema,
  zId,
} from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { say } from "../../lib/app-error.js";
import { item, list } from "../../lib/envelope.js";
import { requireActor } from "../../plugins/auth.js";

const tags = ["notifications"];
const notificationParams = z.object({ id: zId });
// The same parameter names as the tasks routes beside these, `:project` and `:id`.
const taskParams = z.object({ project: zId, id: zId });

/** The caller's Inbox under `/api/pm/v2/notifications`, and following a task. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { notifications } = app.services;

  app.get(
    "/pm/v2/notifications",
    {
      schema: {
        tags,
        summary: "The caller's Inbox, newest first; `unread=1` for unread entries only; `meta.unread` counts the unread ones",
        querystring: listNotificationsQuery,
        response: { 200: listEnvelope(notificationSchema, notificationsMetaShape) },
      },
    },
    async (request) => {
      const result = await notifications.listNotifications(requireActor(request), request.query);
      return list(result.notifications, result.pagination, { unread: result.unread });
    },
  );

  app.post(
    "/pm/v2/notifications/read-all",
    {
      schema: {
        tags,
        summary: "Mark the caller's entries read, up to `up_to_id` when given",
        body: readAllNotificationsBody,
        response: { 200: itemEnvelope(readAllNotificationsResult) },
      },
    },
    async (request) => item(await notifications.markAllRead(requireActor(request), request.body), say("notifications.marked_all_read").text),
  );

  app.post(
    "/pm/v2/notifications/:id/read",
    { schema: { tags, summary: "Mark one of the caller's entries read", params: notificationParams, response: { 200: itemEnvelope(notificationSchema) } } },
    async (request) => item(await notifications.markRead(requireActor(request), request.params.id), say("notifications.marked_read").text),
  );

  app.post(
    "/pm/v2/projects/:project/tasks/:id/follow",
    { schema: { tags, summary: "Follow a task: be told of its comments and its completion", params: taskParams, response: { 200: itemEnvelope(taskFollowingSchema) } } },
    async (request) =>
      item(await notifications.follow(requireActor(request), request.params.project, request.params.id), say("notifications.following_task").text),
  );

  app.post(
    "/pm/v2/projects/:project/tasks/:id/unfollow",
    { schema: { tags, summary: "Stop following a task", params: taskParams, response: { 200: itemEnvelope(taskFollowingSchema) } } },
    async (request) =>
      item(await notifications.unfollow(requireActor(request), request.params.project, request.params.id), say("notifications.no_longer_following_task").text),
  );

  app.get(
    "/pm/v2/projects/:project/tasks/:id/followers",
    { schema: { tags, summary: "Who follows a task, and whether the caller does", params: taskParams, response: { 200: itemEnvelope(taskFollowingSchema) } } },
    async (request) => item(await notifications.listFollowers(requireActor(request), request.params.project, request.params.id)),
  );
};

import { createUserBody, itemEnvelope, listEnvelope, listUsersQuery, updateUserBody, userSchema, zId } from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { item, list } from "../../lib/envelope.js";
import { requireActor } from "../../plugins/auth.js";

const tags = ["users"];
const params = z.object({ id: zId });

/** User accounts under `/api/pm/v2/users`. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users } = app.services;

  app.get(
    "/pm/v2/users",
    { schema: { tags, summary: "List users (site managers: everyone; others: themselves and the people who share a project with them); `query` filters by name or e-mail", querystring: listUsersQuery, response: { 200: listEnvelope(userSchema) } } },
    async (request) => {
      const result = await users.listUsers(requireActor(request), request.query);
      return list(result.users, result.pagination);
    },
  );

  app.get(
    "/pm/v2/users/:id",
    { schema: { tags, summary: "One user: 404 for someone the caller may not see", params, response: { 200: itemEnvelope(userSchema) } } },
    async (request) => item(await users.getUser(requireActor(request), request.params.id)),
  );

  app.post(
    "/pm/v2/users",
    { schema: { tags, summary: "Add a user (site managers)", body: createUserBody, response: { 200: itemEnvelope(userSchema) } } },
    async (request) => item(await users.createUser(requireActor(request), request.body), "User created"),
  );

  app.post(
    "/pm/v2/users/:id/update",
    { schema: { tags, summary: "Change a user (site managers)", params, body: updateUserBody, response: { 200: itemEnvelope(userSchema) } } },
    async (request) => item(await users.updateUser(requireActor(request), request.params.id, request.body), "User updated"),
  );
};

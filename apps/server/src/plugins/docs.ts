import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** OpenAPI for the whole API, generated from the route schemas: UI at /api/docs, JSON at /api/docs/json. */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Plotline API",
        version: "2",
        description:
          "Every call answers with the envelope `{data}` or `{data, meta: {pagination}}`; errors are " +
          "`{code, message, messages, data: {status, params}}`. Browser sessions send the `X-PM-Nonce` header on " +
          "state-changing calls; API clients use `Authorization: Bearer <token>` instead.",
      },
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer" },
          session: { type: "apiKey", in: "cookie", name: "plotline_session" },
        },
      },
      security: [{ bearer: [] }, { session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
});

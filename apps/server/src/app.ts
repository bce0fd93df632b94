import cookie from "@fastify/cookie";
import { loadPasswordDictionaries } from "@plotline/contracts";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.js";
import type { AppContext } from "./context.js";
import type { DatabaseHandle } from "./db/kysely.js";
import { AppError } from "./lib/app-error.js";
import { SERVER_MODULES, type ServerModule } from "./modules/registry.js";
import { authPlugin } from "./plugins/auth.js";
import { docsPlugin } from "./plugins/docs.js";
import { errorHandlerPlugin } from "./plugins/error-handler.js";
import { formBodyPlugin, parseBracketQuery } from "./plugins/form-body.js";
import { paginationLinksPlugin } from "./plugins/pagination-links.js";
import { securityPlugin } from "./plugins/security.js";
import { textGuardPlugin } from "./plugins/text-guard.js";
import { webAppPlugin } from "./plugins/web-app.js";
import { createServices } from "./services.js";
import { memorySharedState, type SharedState } from "./shared/shared-state.js";

/** What buildApp needs: the configuration and an open, migrated database. */
export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Counters, cache notices and rate limits shared with other processes; in-process ones by default. */
  shared?: SharedState;
  /** The modules to mount; all of Plotline's by default. Tests mount extra ones. */
  modules?: readonly ServerModule[];
}

/** Largest JSON or form body, apart from uploads. */
const BODY_LIMIT_BYTES = 2 * 1024 * 1024;

/**
 * Builds the whole app (plugins, modules, web app) without listening, so that tests inject requests and
 * main.ts listens.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: config.logRequests
      ? {
          level: "info",
          redact: ["req.headers.cookie", "req.headers.authorization", 'req.headers["x-pm-nonce"]', 'res.headers["set-cookie"]'],
        }
      : false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { querystringParser: parseBracketQuery, ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The new-password rule validates synchronously, so its dictionaries must be there before any request.
  await loadPasswordDictionaries();

  const ctx: AppContext = { db: database.db, kind: database.kind, config };
  app.decorate("ctx", ctx);
  const shared = options.shared ?? memorySharedState();
  app.decorate("services", createServices(ctx, shared));

  await app.register(errorHandlerPlugin);
  await app.register(cookie);
  await app.register(securityPlugin, { rateLimitRedis: shared.rateLimitRedis });
  await app.register(formBodyPlugin);
  await app.register(textGuardPlugin);
  await app.register(paginationLinksPlugin);
  await app.register(docsPlugin);
  await app.register(authPlugin);

  for (const entry of options.modules ?? SERVER_MODULES) {
    await app.register(
      async (scope) => {
        if (entry.module !== "core") {
          scope.addHook("onRequest", async () => {
            if (!(await app.services.moduleStates.isActive(entry.module))) {
              throw new AppError("module_inactive", "This module is switched off in the modules list.");
            }
          });
        }
        await scope.register(entry.routes);
      },
      { prefix: "/api" },
    );
  }

  await app.register(webAppPlugin, { distDir: config.webDistDir });
  return app;
}

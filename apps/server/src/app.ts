import cookie from "@fastify/cookie";
import { serializeRequestForLog } from "./lib/log-redaction.js";
import { loadPasswordDictionaries } from "@plotline/contracts";
import Fastify, { type FastifyInstance } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { presentedSerializerCompiler } from "./lib/presented-serializer.js";
import type { Config } from "./config.js";
import type { AppContext } from "./context.js";
import type { DatabaseHandle } from "./db/kysely.js";
import { createEventDispatcher } from "./events/event-dispatcher.js";
import { createSubscriberRegistry, type EventSubscribers } from "./events/event-subscribers.js";
import { createJobRunner } from "./jobs/create-job-runner.js";
import { registerJobHandlers } from "./jobs/job-runner.js";
import { AppError, say } from "./lib/app-error.js";
import { withJobsWhileOn, type ModuleContext, type ModuleDefinition } from "./modules/module.js";
import { MODULES } from "./modules/registry.js";
import { authPlugin } from "./plugins/auth.js";
import { docsPlugin } from "./plugins/docs.js";
import { errorHandlerPlugin } from "./plugins/error-handler.js";
import { formBodyPlugin, parseBracketQuery } from "./plugins/form-body.js";
import { paginationLinksPlugin } from "./plugins/pagination-links.js";
import { securityPlugin } from "./plugins/security.js";
import { textGuardPlugin } from "./plugins/text-guard.js";
import { webAppPlugin } from "./plugins/web-app.js";
import { createServices } from "./services.js";
import { readCascades } from "./db/cascades.js";
import { tableRevisions } from "./shared/read-cache.js";
import { memorySharedState, type SharedState } from "./shared/shared-state.js";
import { createStorage } from "./storage/storage.js";
import { createSecretBox } from "./lib/secret-box.js";

/** What buildApp needs: the configuration and an open, migrated database. */
export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Counters, cache notices and rate limits shared with other processes; in-process ones by default. */
  shared?: SharedState;
  /** The modules to mount; all of Plotline's by default. Tests mount extra ones. */
  modules?: readonly ModuleDefinition[];
  /** Event subscribers added to those the modules declare; tests add failing or counting ones. */
  eventSubscribers?: readonly EventSubscribers[];
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
          serializers: { req: serializeRequestForLog },
        }
      : false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { querystringParser: parseBracketQuery, ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Presenters build exact contract objects: answers are sent as JSON.stringify of what they built. The
  // test suites and journeys (checkResponses) parse every answer with its schema and fail on any
  // difference, a key outside the contract included (lib/presented-serializer.ts).
  app.setSerializerCompiler(presentedSerializerCompiler(config.checkResponses));
  // The new-password rule validates synchronously, so its dictionaries must be there before any request.
  await loadPasswordDictionaries();

  // One outbox dispatcher per app: after each change it hands the change's events to the subscribers, and
  // (once main.ts starts it) every few seconds it drains what an earlier process left undispatched or what is due for a retry.
  const subscribers = createSubscriberRegistry();
  const events = createEventDispatcher({ db: database.db, kind: database.kind, registry: subscribers, logger: app.log });
  const jobs = createJobRunner({
    database,
    databaseUrl: config.databaseUrl,
    runWorkers: config.workers > 0,
    onError: (error) => app.log.error(error),
  });
  const shared = options.shared ?? memorySharedState();
  // Read caches serve nothing a commit has since changed, whichever process made it.
  const tableWatch = tableRevisions(shared.revisions, database.writes, await readCascades(database));
  app.addHook("onClose", async () => tableWatch.stop());
  const ctx: AppContext = { db: database.db, kind: database.kind, config, events, jobs, tables: tableWatch.tables };
  // Start-up hands out what a stopped process left behind; the periodic drain is main.ts's (tests count queries).
  app.addHook("onReady", async () => {
    await events.drain();
  });
  app.addHook("onClose", () => events.stop());
  app.decorate("ctx", ctx);
  const modules = options.modules ?? MODULES;
  app.decorate("modules", modules);
  const moduleCtx: ModuleContext = { ...ctx, shared, storage: createStorage(config), modules, secrets: createSecretBox(config) };
  app.decorate("services", createServices(moduleCtx));
  for (const module of modules) if (module.subscribers) subscribers.add(module.subscribers(moduleCtx, app.services));
  for (const extra of options.eventSubscribers ?? []) subscribers.add(extra);
  // Handlers are registered here and run only once main.ts or worker.ts starts the runner.
  app.decorate("jobs", jobs);
  await registerJobHandlers(jobs, modules.map(withJobsWhileOn), app.services, config.workers);
  app.addHook("onClose", () => jobs.stop());

  await app.register(errorHandlerPlugin);
  await app.register(cookie);
  await app.register(securityPlugin, { rateLimitRedis: shared.rateLimitRedis });
  await app.register(formBodyPlugin);
  await app.register(textGuardPlugin);
  await app.register(paginationLinksPlugin);
  await app.register(docsPlugin);
  await app.register(authPlugin);

  for (const module of modules) {
    for (const routes of module.alwaysOnRoutes ?? []) await app.register(routes, { prefix: "/api" });
    if (!module.routes?.length) continue;
    await app.register(
      async (scope) => {
        if (module.switch !== "core") {
          scope.addHook("onRequest", async () => {
            if (!(await app.services.moduleStates.isActive(module.switch))) {
              throw new AppError("module_inactive", say("app.module_switched_off_modules_list"));
            }
          });
        }
        for (const routes of module.routes ?? []) await scope.register(routes);
      },
      { prefix: "/api" },
    );
  }

  await app.register(webAppPlugin, { distDir: config.webDistDir });
  return app;
}

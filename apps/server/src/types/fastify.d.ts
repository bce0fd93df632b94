import type { AppContext } from "../context.js";
import type { JobRunner } from "../jobs/job-runner.js";
import type { Actor } from "../lib/actor.js";
import type { ModuleDefinition } from "../modules/module.js";
import type { Services } from "../services.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Database, engine and configuration. */
    ctx: AppContext;
    /** The modules mounted, in the registry's order. */
    modules: readonly ModuleDefinition[];
    /** Every service, built once. */
    services: Services;
    /** Background jobs; main.ts and worker.ts start them (`startJobRunner`), tests may too. */
    jobs: JobRunner;
  }

  interface FastifyRequest {
    /** The signed-in user, or null. Set by the auth plugin before any handler runs. */
    actor: Actor | null;
  }
}

import type { AppContext } from "../context.js";
import type { Actor } from "../lib/actor.js";
import type { Services } from "../services.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Database, engine and configuration. */
    ctx: AppContext;
    /** Every service, built once. */
    services: Services;
  }

  interface FastifyRequest {
    /** The signed-in user, or null. Set by the auth plugin before any handler runs. */
    actor: Actor | null;
  }
}

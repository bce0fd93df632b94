import type { ModuleContext } from "./modules/module.js";

/**
 * Every service, by name. Empty here on purpose: each module adds its own services to this interface from
 * its entry file (`declare module "../../services.js" { interface Services { tasks: TasksService } }`), so
 * that routes reach them typed as `app.services.<noun>` without this file knowing any module.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by interface merging in each module
export interface Services {}

/**
 * Builds every module's services once per app, in the registry's order. A factory reads the services of
 * the modules listed before its own; reading one that is not built yet is a mistake in the registry's
 * order, reported at start-up with both names rather than as an `undefined` much later.
 */
export function createServices(moduleCtx: ModuleContext): Services {
  const built: Record<string, unknown> = {};
  let building = "";
  const services = new Proxy(built, {
    get(target, key) {
      if (typeof key === "string" && !(key in target)) {
        throw new Error(`The ${building || "app"} module reads the service "${key}", which no module listed before it provides: check the order in modules/registry.ts.`);
      }
      return target[key as string];
    },
  }) as unknown as Services;
  for (const definition of moduleCtx.modules) {
    if (!definition.services) continue;
    building = definition.name;
    Object.assign(built, definition.services(moduleCtx, services));
  }
  building = "";
  // The plain object, not the guard: Fastify and tests probe decorations for properties no service has.
  return built as unknown as Services;
}

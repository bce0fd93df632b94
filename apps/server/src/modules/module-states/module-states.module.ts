import { defineModule } from "../module.js";
import { moduleStatesService, type ModuleStatesService } from "./module-states.service.js";

// The module's tables, re-exported so that whatever builds the app also sees them join `Database`.
export type { ModuleStatesTable } from "./module-states.tables.js";

declare module "../../services.js" {
  interface Services {
    moduleStates: ModuleStatesService;
  }
}

/** Module states: which Pro modules are on, cached and shared between processes. */
export const moduleStatesModule = defineModule({
  name: "module-states",
  switch: "core",
  services: (ctx) => ({ moduleStates: moduleStatesService(ctx, ctx.shared.notices) }),
});

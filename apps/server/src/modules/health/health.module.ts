import { defineModule } from "../module.js";
import { healthRoutes } from "./health.routes.js";

/** Health: the liveness and readiness probes. */
export const healthModule = defineModule({
  name: "health",
  switch: "core",
  routes: [healthRoutes],
});

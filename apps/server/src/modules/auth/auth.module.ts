import { defineModule } from "../module.js";
import { authJobs } from "./auth.jobs.js";
import { authRoutes } from "./auth.routes.js";
import { authService, type AuthService } from "./auth.service.js";
import { loginThrottle } from "./login-throttle.js";
import { signedInCache } from "./signed-in-cache.js";

// The module's tables, re-exported so that whatever builds the app also sees them join `Database`.
export type { SessionsTable, SessionRow, ApiTokensTable, ApiTokenRow } from "./auth.tables.js";

declare module "../../services.js" {
  interface Services {
    auth: AuthService;
  }
}

/** Auth: setting up the first user, signing in and out, sessions and personal tokens. */
export const authModule = defineModule({
  name: "auth",
  i18n: "auth",
  switch: "core",
  routes: [authRoutes],
  ...authJobs,
  services: (ctx) => ({
    auth: authService(ctx, loginThrottle(ctx.shared.failureCounter, { baseDelayMs: ctx.config.signInDelayMs }), signedInCache(ctx.shared.revisions)),
  }),
});

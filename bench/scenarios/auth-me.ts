import { defineScenario } from "../lib/scenario.js";

/** What every authenticated call pays: resolving a bearer token to its user, plus the module states. */
export const authMe = defineScenario({
  name: "GET /api/auth/me",
  target: "plotline",
  request: (ctx) => ({ method: "GET", path: "/api/auth/me", headers: ctx.plotline.authHeaders }),
});

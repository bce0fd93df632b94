import { defineScenario } from "../lib/scenario.js";

/** The full plugin stack plus one trivial query, with no authentication: Plotline's own floor. */
export const health = defineScenario({
  name: "GET /api/health",
  target: "plotline",
  request: () => ({ method: "GET", path: "/api/health" }),
});

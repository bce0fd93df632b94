import { defineScenario } from "../lib/scenario.js";

/** The full plugin stack with no authentication, Plotline's own floor: the database is asked at most once a second. */
export const health = defineScenario({
  name: "GET /api/health",
  target: "plotline",
  request: () => ({ method: "GET", path: "/api/health" }),
});

import { defineScenario } from "../lib/scenario.js";

/** The bare Fastify baseline every other scenario is compared with. */
export const helloWorld = defineScenario({
  name: "hello-world",
  target: "baseline",
  request: () => ({ method: "GET", path: "/" }),
});

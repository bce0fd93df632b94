import Fastify from "fastify";
import type { Teardown } from "./teardown.js";

/**
 * Starts a bare Fastify hello-world on a free loopback port: the ceiling this machine, Node and the load
 * generator allow, so Plotline's figures read as a ratio rather than as absolute numbers.
 */
export async function startBaseline(teardown: Teardown): Promise<{ origin: string }> {
  const app = Fastify({ logger: false });
  app.get("/", async () => ({ hello: "world" }));
  teardown.add(() => app.close());
  const origin = await app.listen({ host: "127.0.0.1", port: 0 });
  return { origin };
}

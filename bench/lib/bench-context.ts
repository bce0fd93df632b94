import type { DatabaseHandle } from "../../apps/server/src/db/kysely.js";
import { sendOk } from "./http-client.js";
import type { BenchContext } from "./scenario.js";

/** Builds the context scenarios seed and request with, signed in with the site manager's token. */
export function createBenchContext(origin: string, token: string, database: DatabaseHandle): BenchContext {
  const authHeaders = { authorization: `Bearer ${token}` };
  return {
    plotline: {
      database,
      origin,
      token,
      authHeaders,
      api: async (method, path, body) => (await sendOk(origin, { method, path, headers: authHeaders, body })).body,
    },
  };
}

import type { Kysely } from "kysely";
import type { Config } from "./config.js";
import type { Database } from "./db/schema.js";
import type { DatabaseKind } from "./db/kysely.js";

/** What every service and repository factory is built from. One per app. */
export interface AppContext {
  db: Kysely<Database>;
  kind: DatabaseKind;
  config: Config;
}

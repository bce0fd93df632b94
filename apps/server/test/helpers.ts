import { randomBytes } from "node:crypto";
import { NONCE_HEADER, SESSION_COOKIE } from "@plotline/contracts";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { buildApp } from "../src/app.js";
import { loadConfig, type Config } from "../src/config.js";
import { openDatabase, type DatabaseHandle } from "../src/db/kysely.js";
import { migrateToLatest } from "../src/db/migrate.js";
import type { ModuleDefinition } from "../src/modules/module.js";
import type { SharedState } from "../src/shared/shared-state.js";

/** A fresh app on a fresh database: SQLite in memory, or its own schema on PostgreSQL when DATABASE_URL is set. */
export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Every SQL statement run since the last `queries.length = 0`. */
  queries: string[];
  close: () => Promise<void>;
}

/**
 * Builds a test app. Call `close()` in afterAll; it drops what it created. `sqlitePath` puts SQLite in a file
 * (for a second process's connection) instead of memory.
 */
export async function createTestApp(
  options: { modules?: readonly ModuleDefinition[]; config?: Partial<Config>; shared?: SharedState; sqlitePath?: string } = {},
): Promise<TestApp> {
  const queries: string[] = [];
  const { databaseUrl, pgSchema, dropSchema } = await createTestSchema();
  const sqlitePath = options.sqlitePath ?? ":memory:";
  const database = openDatabase({ databaseUrl, sqlitePath, pgSchema, poolSize: 4, onQuery: (sql) => queries.push(sql) });
  await migrateToLatest(database, options.modules);
  const config = { ...loadConfig({ PLOTLINE_LOG: "off", PLOTLINE_WEB_DIST: "", PLOTLINE_CHECK_RESPONSES: "1" }), databaseUrl, ...options.config };
  const app = await buildApp({ config, database, modules: options.modules, shared: options.shared });
  await app.ready();
  return {
    app,
    database,
    queries,
    close: async () => {
      await app.close();
      await database.destroy();
      await dropSchema();
    },
  };
}

/**
 * Where a test's database lives: SQLite in memory, or with DATABASE_URL a fresh PostgreSQL schema of its
 * own, which `dropSchema` removes with pg-boss's schema beside it (jobs/create-job-runner.ts), there once
 * a test has enqueued a job.
 */
export async function createTestSchema(): Promise<{ databaseUrl: string | null; pgSchema: string | undefined; dropSchema: () => Promise<void> }> {
  const databaseUrl = process.env.DATABASE_URL?.startsWith("postgres") ? process.env.DATABASE_URL : null;
  if (!databaseUrl) return { databaseUrl, pgSchema: undefined, dropSchema: async () => {} };
  const pgSchema = `t_${randomBytes(6).toString("hex")}`;
  const run = async (...statements: string[]) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    for (const statement of statements) await client.query(statement);
    await client.end();
  };
  await run(`create schema ${pgSchema}`);
  return { databaseUrl, pgSchema, dropSchema: () => run(`drop schema ${pgSchema} cascade`, `drop schema if exists ${pgSchema}_jobs cascade`) };
}

/** Default password of users made by the helpers. */
export const TEST_PASSWORD = "correct horse battery";

let counter = 0;
/** A unique e-mail address for a test user. */
export function uniqueEmail(name = "user"): string {
  counter += 1;
  return `${name}.${counter}.${randomBytes(3).toString("hex")}@example.test`;
}

/** A signed-in browser session: the cookie and nonce, and an inject that sends both. */
export interface Session {
  userId: number;
  cookie: string;
  nonce: string;
  /** Injects a request with the session cookie and, unless `nonce: false`, the nonce header. */
  inject: (options: InjectOptions & { nonce?: boolean }) => Promise<LightMyRequestResponse>;
}

/** Signs in through the API, as the browser does. */
export async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<Session> {
  const response = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return sessionFrom(app, response);
}

/** Creates the first user through set-up and returns their session. */
export async function setUpFirstUser(app: FastifyInstance, overrides: { email?: string; display_name?: string } = {}): Promise<Session> {
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/setup",
    payload: { display_name: overrides.display_name ?? "Site Manager", email: overrides.email ?? uniqueEmail("manager"), password: TEST_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`setup failed: ${response.statusCode} ${response.body}`);
  return sessionFrom(app, response);
}

/** Creates a user through the API as `admin` (a site manager) and signs them in. */
export async function createUserAndSignIn(
  app: FastifyInstance,
  admin: Session,
  overrides: { display_name?: string; manage_pm?: boolean } = {},
): Promise<Session & { email: string }> {
  const email = uniqueEmail(overrides.display_name?.toLowerCase().replace(/\W+/g, "") ?? "user");
  const response = await admin.inject({
    method: "POST",
    url: "/api/pm/v2/users",
    payload: { display_name: overrides.display_name ?? "Test User", email, password: TEST_PASSWORD, manage_pm: overrides.manage_pm ?? false },
  });
  if (response.statusCode !== 200) throw new Error(`user creation failed: ${response.statusCode} ${response.body}`);
  return { ...(await signIn(app, email)), email };
}

function sessionFrom(app: FastifyInstance, response: LightMyRequestResponse): Session {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error("no session cookie was set");
  const body = response.json() as { data: { user: { id: number }; nonce: string } };
  const nonce = body.data.nonce;
  return {
    userId: body.data.user.id,
    cookie: cookie.value,
    nonce,
    inject: ({ nonce: sendNonce = true, headers, ...options }) =>
      app.inject({
        ...options,
        cookies: { [SESSION_COOKIE]: cookie.value },
        headers: { ...(sendNonce ? { [NONCE_HEADER]: nonce } : {}), ...headers },
      }),
  };
}

import { NONCE_HEADER, SESSION_COOKIE, createdTokenSchema, itemEnvelope, signedInSchema } from "../../packages/contracts/src/index.js";
import { sendOk, type HttpResponse } from "./http-client.js";

/** The password of every user the benchmark signs in. */
export const BENCH_PASSWORD = "correct horse battery staple";

/** The site manager's sign-in, for measures that sign in through the browser as a person would. */
export const SITE_MANAGER_LOGIN = { email: "bench.manager@example.test", password: BENCH_PASSWORD } as const;

/**
 * Creates the first user (a site manager) and a personal access token through the real API, as a person
 * would: set-up signs in with a cookie, and the token needs that session and its nonce.
 */
export async function createSiteManagerToken(origin: string): Promise<string> {
  const setup = await sendOk(origin, {
    method: "POST",
    path: "/api/auth/setup",
    body: { display_name: "Bench Manager", ...SITE_MANAGER_LOGIN },
  });
  return tokenOfSignIn(origin, setup);
}

/** Signs an existing user in and creates a personal access token for them, as they would. */
export async function createUserToken(origin: string, login: { email: string; password: string }): Promise<string> {
  return tokenOfSignIn(origin, await sendOk(origin, { method: "POST", path: "/api/auth/login", body: login }));
}

/** The token created with the session and nonce of a sign-in's answer. */
async function tokenOfSignIn(origin: string, signedIn: HttpResponse): Promise<string> {
  const { nonce } = itemEnvelope(signedInSchema).parse(signedIn.body).data;
  const session = sessionCookie(signedIn.headers);
  const created = await sendOk(origin, {
    method: "POST",
    path: "/api/auth/tokens",
    headers: { cookie: `${SESSION_COOKIE}=${session}`, [NONCE_HEADER]: nonce },
    body: { name: "bench" },
  });
  return itemEnvelope(createdTokenSchema).parse(created.body).data.token;
}

function sessionCookie(headers: Headers): string {
  for (const line of headers.getSetCookie()) {
    const [pair = ""] = line.split(";");
    const separator = pair.indexOf("=");
    if (pair.slice(0, separator).trim() === SESSION_COOKIE) return pair.slice(separator + 1).trim();
  }
  throw new Error(`set-up did not set the ${SESSION_COOKIE} cookie`);
}

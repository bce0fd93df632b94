import { NONCE_HEADER, SESSION_COOKIE, createdTokenSchema, itemEnvelope, signedInSchema } from "../../packages/contracts/src/index.js";
import { sendOk } from "./http-client.js";

const PASSWORD = "correct horse battery staple";

/** The site manager's sign-in, for measures that sign in through the browser as a person would. */
export const SITE_MANAGER_LOGIN = { email: "bench.manager@example.test", password: PASSWORD } as const;

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
  const { nonce } = itemEnvelope(signedInSchema).parse(setup.body).data;
  const session = sessionCookie(setup.headers);

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

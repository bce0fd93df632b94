import type { Person } from "./people.js";

/**
 * A signed-in API caller, for setting a scene (people, projects, tasks) that the journey itself does not
 * click through.
 */
export interface ApiSession {
  /** The session cookie as `name=value`, for calls of one's own (a GET, say). */
  cookie: string;
  /** The session's nonce, which every POST carries. */
  nonce: string;
  /** POSTs JSON to `/api/<path>` and answers the body; throws with the server's answer unless it is 2xx. */
  post: <T = { id: number }>(path: string, body: unknown) => Promise<{ data: T }>;
  /** GETs `/api/<path>` and answers the body; throws with the server's answer unless it is 2xx. */
  get: (path: string) => Promise<{ data: unknown }>;
}

/** Signs in through /api/auth/login on the server at `url`. */
export async function apiSession(url: string, email: string, password: string): Promise<ApiSession> {
  return sessionFrom(url, await postJson(`${url}/api/auth/login`, { email, password }), "sign-in");
}

/** Sets Plotline up through /api/auth/setup, as the first-run screen does, and signs its first user in. */
export async function createFirstUser(url: string, person: Person): Promise<ApiSession> {
  return sessionFrom(url, await postJson(`${url}/api/auth/setup`, { display_name: person.name, email: person.email, password: person.password }), "set-up");
}

function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
}

async function sessionFrom(url: string, answer: Response, what: string): Promise<ApiSession> {
  if (!answer.ok) throw new Error(`${what} failed: ${answer.status} ${await answer.text()}`);
  const cookie = (answer.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const nonce = ((await answer.json()) as { data: { nonce: string } }).data.nonce;
  return {
    cookie,
    nonce,
    post: async <T>(path: string, body: unknown) => {
      const response = await postJson(`${url}/api/${path}`, body, { cookie, "x-pm-nonce": nonce });
      if (!response.ok) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
      return (await response.json()) as { data: T };
    },
    get: async (path: string) => {
      const response = await fetch(`${url}/api/${path}`, { headers: { cookie } });
      if (!response.ok) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
      return (await response.json()) as { data: unknown };
    },
  };
}

import type { ScenarioRequest } from "./scenario.js";

/** A response read in full. */
export interface HttpResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the raw text when the body is not JSON. */
  body: unknown;
  text: string;
}

/** Sends one request and reads the whole body, so callers can count what it cost on the server. */
export async function sendRequest(origin: string, request: ScenarioRequest): Promise<HttpResponse> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.body !== undefined) headers["content-type"] ??= "application/json";
  const response = await fetch(new URL(request.path, origin), {
    method: request.method,
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: parseJson(text), text };
}

/** Like sendRequest, but a non-2xx answer is an error: seeding must not go on half done. */
export async function sendOk(origin: string, request: ScenarioRequest): Promise<HttpResponse> {
  const response = await sendRequest(origin, request);
  if (response.status < 200 || response.status > 299) {
    throw new Error(`${request.method} ${request.path} answered ${response.status}: ${response.text.slice(0, 500)}`);
  }
  return response;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

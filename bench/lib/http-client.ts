import type { ScenarioRequest } from "./scenario.js";

/** A response read in full. */
export interface HttpResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the raw text when the body is not JSON. */
  body: unknown;
  text: string;
}

function dispatch(origin: string, request: ScenarioRequest): Promise<Response> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.body !== undefined) headers["content-type"] ??= "application/json";
  return fetch(new URL(request.path, origin), {
    method: request.method,
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
}

/** Sends one request and reads the whole body, so callers can count what it cost on the server. */
export async function sendRequest(origin: string, request: ScenarioRequest): Promise<HttpResponse> {
  const response = await dispatch(origin, request);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: parseJson(text), text };
}

/**
 * Sends one request and receives the whole body without decoding or parsing it: what a timing should
 * count is the server's answer, not this client's work on it (parsing a 400 KB body takes it milliseconds).
 */
export async function receiveRequest(origin: string, request: ScenarioRequest): Promise<{ status: number; bytes: number }> {
  const response = await dispatch(origin, request);
  const body = await response.arrayBuffer();
  return { status: response.status, bytes: body.byteLength };
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

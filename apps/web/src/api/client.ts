import { errorBodySchema, NONCE_HEADER, type ErrorBody } from "@plotline/contracts";
import type { z } from "zod";
import { translateErrorBody } from "../lib/server-messages.js";

/** A failed API call, carrying the server's messages and per-field messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly messages: string[];
  readonly params: Record<string, string[]>;

  /** Takes the body as the server sent it; its messages are kept in the reader's language. */
  constructor(status: number, sent: ErrorBody) {
    const body = translateErrorBody(sent);
    super(body.message);
    this.name = "ApiError";
    this.status = status;
    this.code = body.code;
    this.messages = body.messages;
    this.params = body.data.params ?? {};
  }
}

let nonce: string | null = null;

/** Remembers the session's nonce (from sign-in or /auth/me) for state-changing calls. */
export function setNonce(value: string | null): void {
  nonce = value;
}

/** The session's nonce, for the few calls (multipart uploads) that cannot go through `api`. */
export function currentNonce(): string | null {
  return nonce;
}

type Method = "GET" | "POST" | "DELETE";

interface RequestOptions<S extends z.ZodType> {
  /** Schema of the successful answer; the answer is parsed with it. */
  schema: S;
  /** JSON body for POST. */
  body?: unknown;
  /** Query parameters; arrays are sent as `name[]=a&name[]=b`. */
  query?: Record<string, string | number | boolean | readonly (string | number)[] | null | undefined>;
  signal?: AbortSignal;
  /** Sends the nonce on a GET too: for the documents' few GET calls that change something (list duplication). */
  withNonce?: boolean;
}

function queryString(query: RequestOptions<z.ZodType>["query"]): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) for (const entry of value) params.append(`${key}[]`, String(entry));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

async function request<S extends z.ZodType>(method: Method, path: string, options: RequestOptions<S>): Promise<z.infer<S>> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if ((method !== "GET" || options.withNonce) && nonce) headers[NONCE_HEADER] = nonce;
  let response: Response;
  try {
    response = await fetch(`/api/${path}${queryString(options.query)}`, {
      method,
      headers,
      credentials: "same-origin",
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, { code: "network_error", message: "Plotline cannot be reached. Check your connection.", messages: ["Plotline cannot be reached. Check your connection."], data: { status: 0 } });
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(payload);
    throw new ApiError(
      response.status,
      parsed.success ? parsed.data : { code: "http_error", message: `The server answered ${response.status}.`, messages: [`The server answered ${response.status}.`], data: { status: response.status } },
    );
  }
  return options.schema.parse(payload);
}

/** The one typed client: `api.get("pm/v2/users", { schema })`. Paths are relative to `/api/`. */
export const api = {
  get: <S extends z.ZodType>(path: string, options: RequestOptions<S>) => request("GET", path, options),
  post: <S extends z.ZodType>(path: string, options: RequestOptions<S>) => request("POST", path, options),
  /** For the few calls that are a DELETE (an invoice); most deletions are a POST to `.../delete`. */
  delete: <S extends z.ZodType>(path: string, options: RequestOptions<S>) => request("DELETE", path, options),
};

import { errorBodySchema, NONCE_HEADER, SVG_XSS_ERROR_TYPE } from "@plotline/contracts";
import type { z } from "zod";
import { ApiError, currentNonce } from "../../../api/client.js";

/** A refused upload; `errorType` is the server's top-level `error_type` (e.g. `svg_xss`) when it sent one. */
export class UploadError extends ApiError {
  readonly errorType: string | null;

  constructor(status: number, body: ConstructorParameters<typeof ApiError>[1], errorType: string | null) {
    super(status, body);
    this.name = "UploadError";
    this.errorType = errorType;
  }
}

/** The values a multipart form carries: text fields, repeated fields (`name[]`) and files. */
export type FormFields = Record<string, string | number | boolean | readonly (string | number)[] | readonly File[] | undefined>;

/** Builds FormData: arrays become repeated `name[]` entries, booleans 0/1 as the documents send flags. */
export function toFormData(fields: FormFields): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      for (const entry of value as ReadonlyArray<string | number | File>) form.append(`${key}[]`, entry instanceof File ? entry : String(entry));
    } else if (typeof value === "boolean") form.append(key, value ? "1" : "0");
    else form.append(key, String(value));
  }
  return form;
}

/**
 * POSTs a multipart form. The shared client speaks JSON only, and an upload refusal carries `error_type`
 * beside the usual error body, which the upload form needs to tell an unsafe SVG from other failures.
 */
export async function postMultipart<S extends z.ZodType>(path: string, fields: FormFields, schema: S): Promise<z.infer<S>> {
  const headers: Record<string, string> = { accept: "application/json" };
  const nonce = currentNonce();
  if (nonce) headers[NONCE_HEADER] = nonce;
  let response: Response;
  try {
    response = await fetch(`/api/${path}`, { method: "POST", headers, credentials: "same-origin", body: toFormData(fields) });
  } catch {
    const message = "Plotline cannot be reached. Check your connection.";
    throw new ApiError(0, { code: "network_error", message, messages: [message], data: { status: 0 } });
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(payload);
    const fallback = `The server answered ${response.status}.`;
    const body = parsed.success ? parsed.data : { code: "http_error", message: fallback, messages: [fallback], data: { status: response.status } };
    const errorType =
      typeof payload === "object" && payload !== null && typeof (payload as { error_type?: unknown }).error_type === "string"
        ? (payload as { error_type: string }).error_type
        : null;
    // An unsafe SVG is told with the server's one message, as the documents ask.
    throw new UploadError(response.status, errorType === SVG_XSS_ERROR_TYPE ? { ...body, messages: [body.message] } : body, errorType);
  }
  return schema.parse(payload);
}

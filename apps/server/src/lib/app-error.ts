import { errorStatus, type ErrorCode } from "@plotline/contracts";

/** Messages per request field, e.g. `{ title: ["Label name required!"] }`. */
export type FieldMessages = Record<string, string[]>;

/**
 * The one error type services throw. The error handler turns it into the error envelope with the HTTP
 * status that the code maps to in contracts' `errorStatus`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly params: FieldMessages | undefined;
  /** Extra top-level fields of the error body, such as `error_type`. */
  readonly extra: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, options: { params?: FieldMessages; extra?: Record<string, unknown> } = {}) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.status = errorStatus[code];
    this.params = options.params;
    this.extra = options.extra;
  }
}

/** A 400 for one field, with the message the user sees. */
export function invalidField(field: string, message: string): AppError {
  return new AppError("rest_invalid_param", message, { params: { [field]: [message] } });
}

/** A 404 for a record that does not exist or that the caller may not know exists. */
export function notFound(what: string): AppError {
  return new AppError("not_found", `${what} not found`);
}

/** A 403 for an action the caller may not take. */
export function forbidden(message = "You do not have permission to do this"): AppError {
  return new AppError("forbidden", message);
}

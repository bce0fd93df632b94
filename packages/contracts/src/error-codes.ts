/**
 * Every error code the API sends, with its HTTP status. The server maps codes to statuses from this table
 * alone; the web app may branch on a code.
 */
export const errorStatus = {
  rest_invalid_param: 400,
  bad_request: 400,
  svg_xss: 400,
  not_signed_in: 401,
  invalid_credentials: 401,
  /** An incoming webhook whose signature does not match the project's secret. */
  invalid_signature: 401,
  forbidden: 403,
  invalid_nonce: 403,
  not_found: 404,
  module_inactive: 404,
  conflict: 409,
  already_set_up: 409,
  payload_too_large: 413,
  rule_broken: 422,
  too_many_requests: 429,
  internal_error: 500,
  /** An outside service Plotline asked on the caller's behalf (a shop) is down or answered an error. */
  bad_gateway: 502,
} as const;

/** A known error code. */
export type ErrorCode = keyof typeof errorStatus;

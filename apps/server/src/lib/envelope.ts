import type { Pagination } from "@plotline/contracts";

/**
 * Builders of the host project manager's envelope. Presenters produce plain objects; routes wrap them here.
 */

/** `{ data, message? }`. */
export function item<T>(data: T, message?: string): { data: T; message?: string } {
  return message === undefined ? { data } : { data, message };
}

/** `{ data: [...], meta: { pagination, ...extra } }`. */
export function list<T, M extends object = Record<never, never>>(
  data: T[],
  pagination: Pagination,
  extraMeta?: M,
): { data: T[]; meta: { pagination: Pagination } & M } {
  return { data, meta: { pagination, ...(extraMeta ?? ({} as M)) } };
}

/** Wraps a related record the way `?with=` includes are sent: `{ data }`. */
export function related<T>(data: T): { data: T } {
  return { data };
}

/** The set of includes asked for with `?with=`, plus the defaults a resource always sends. */
export function includes(asked: readonly string[], defaults: readonly string[] = []): ReadonlySet<string> {
  return new Set([...defaults, ...asked]);
}

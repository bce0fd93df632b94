import { z } from "zod";
import { messageRefSchema } from "./server-messages.js";

/**
 * The response envelope of the host project manager, kept so that clients written against it work:
 * one item is `{ data }`, a list `{ data: [], meta: { pagination } }`, related records `{ data }` too.
 */

/** Pagination block carried by every list in `meta.pagination`. */
export const paginationSchema = z.object({
  /** Rows matching the request across all pages. */
  total: z.number().int(),
  /** Rows on this page. */
  count: z.number().int(),
  /** Page size asked for (or the total, when all rows were asked for). */
  per_page: z.number().int(),
  /** One-based page number. */
  current_page: z.number().int(),
  /** Number of pages, at least 1. */
  total_pages: z.number().int(),
  /**
   * The request's own path and query with only `page` changed; a key is left out when there is no such
   * page. Added to every list answer's `meta.pagination` (not to the task pages nested in task lists).
   */
  links: z.object({ next: z.string().optional(), previous: z.string().optional() }).optional(),
});
export type Pagination = z.infer<typeof paginationSchema>;
export type PaginationLinks = NonNullable<Pagination["links"]>;

/** `{ data: item }` with an optional success message. */
export const itemEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ data: item, message: z.string().optional() });

/** `{ data: [items], meta: { pagination, ...extra } }`. */
export const listEnvelope = <T extends z.ZodType, M extends z.ZodRawShape = Record<never, never>>(item: T, extraMeta?: M) =>
  z.object({
    data: z.array(item),
    meta: z.object({ pagination: paginationSchema, ...(extraMeta ?? ({} as M)) }),
  });

/** A related record included with `?with=`: `{ data: item }`. */
export const related = <T extends z.ZodType>(item: T) => z.object({ data: item });

/** A date as the documents send it. */
export const dateObjectSchema = z.object({
  date: z.string(),
  time: z.string(),
  datetime: z.string(),
  timezone: z.string(),
  timestamp: z.number().int(),
});
export type DateObject = z.infer<typeof dateObjectSchema>;

/** No date, as the original sent it: the date object with null fields, so `task.start_at.date` reads null. */
export const emptyDateObjectSchema = z.object({
  date: z.null(),
  time: z.null(),
  datetime: z.null(),
  timezone: z.string(),
  timestamp: z.null(),
});
export type EmptyDateObject = z.infer<typeof emptyDateObjectSchema>;

/** A date that may be unset (a task's start and due dates, a milestone's date): set, or the empty object. */
export const optionalDateObjectSchema = z.union([dateObjectSchema, emptyDateObjectSchema]);
export type OptionalDateObject = z.infer<typeof optionalDateObjectSchema>;

/** The `YYYY-MM-DD` day of a date object from an answer, or null when it is unset (or absent). */
export function dateOf(value: { date: string | null } | null | undefined): string | null {
  return value?.date ?? null;
}

/** Rich text: `html` is safe to render, `content` is the stored source. */
export const richTextSchema = z.object({ html: z.string(), content: z.string() });
export type RichText = z.infer<typeof richTextSchema>;

/** A success that changes something and has nothing else to say. */
export const messageSchema = z.object({ message: z.string() });

/** The error body of every failed call. */
export const errorBodySchema = z.object({
  /** Stable machine-readable code, e.g. `rest_invalid_param`, `invalid_nonce`. */
  code: z.string(),
  /** The first message, for clients that show one. */
  message: z.string(),
  /** Every message, for clients that toast them one by one. */
  messages: z.array(z.string()),
  data: z.object({
    status: z.number().int(),
    /** Messages per request field, for bad input. */
    params: z.record(z.string(), z.array(z.string())).optional(),
    /**
     * The catalogue key and parameters of each message in `params`, in the same order; null for a message
     * that has no key (schema validation). Added beside `params`, which keeps its English texts.
     */
    params_keys: z.record(z.string(), z.array(messageRefSchema.nullable())).optional(),
  }),
  /** The catalogue key of `message` (see contracts' `MESSAGES`), when it has one. */
  message_key: z.string().optional(),
  /** The parameters of `message_key`'s template. */
  message_params: messageRefSchema.shape.params.optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

import { CHAT_DELIVERY_MAX_TRIES } from "@plotline/contracts";
import { retryAfterMs, type OutboundAnswer } from "../../lib/outbound-url.js";

/**
 * What a try of a chat delivery leads to: received (any 2xx), tried again later (no answer, a 5xx, or a
 * 429, waiting as long as its `Retry-After` says), or given up (any other answer, a refused address, or
 * the last of `CHAT_DELIVERY_MAX_TRIES` tries failing).
 */
export type DeliveryStep =
  | { status: "delivered" }
  | { status: "retrying"; error: string; delayMs: number }
  | { status: "failed"; error: string };

/** The longest wait between two tries, whatever a `Retry-After` asks. */
export const MAX_RETRY_DELAY_MS = 3600_000;

/** Longest error kept for the log. */
const ERROR_LENGTH = 300;

function errorOf(answer: OutboundAnswer): string {
  if (answer.kind !== "answered") return answer.message.slice(0, ERROR_LENGTH);
  const body = answer.body.replace(/\s+/g, " ").trim();
  const redirect = answer.status >= 300 && answer.status < 400 ? " (redirects are not followed)" : "";
  return `HTTP ${answer.status}${redirect}${body ? `: ${body}` : ""}`.slice(0, ERROR_LENGTH);
}

/**
 * The step after try number `tries` (1 for the first) ended with `answer`. Without `Retry-After`, the wait
 * doubles from `baseDelayMs` at each try; every wait is capped at an hour.
 */
export function nextDeliveryStep(answer: OutboundAnswer, tries: number, options: { baseDelayMs: number; now?: number }): DeliveryStep {
  if (answer.kind === "answered" && answer.status >= 200 && answer.status < 300) return { status: "delivered" };
  const error = errorOf(answer);
  const retryable = answer.kind === "failed" || (answer.kind === "answered" && (answer.status === 429 || answer.status >= 500));
  if (!retryable || tries >= CHAT_DELIVERY_MAX_TRIES) return { status: "failed", error };
  const asked = answer.kind === "answered" ? retryAfterMs(answer.retryAfter, options.now) : null;
  const delayMs = Math.min(asked ?? options.baseDelayMs * 2 ** (tries - 1), MAX_RETRY_DELAY_MS);
  return { status: "retrying", error, delayMs };
}

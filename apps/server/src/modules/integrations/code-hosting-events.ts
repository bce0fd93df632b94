import { INT4_MAX, TEXT_CONTROL_CHARACTERS, type CodeHostingProvider } from "@plotline/contracts";
import { marked } from "marked";
import type { z } from "zod";
import { AppError, say } from "../../lib/app-error.js";

/**
 * What GitHub and Bitbucket deliveries mean, in one shape for both: the parsers (code-hosting-github.ts,
 * code-hosting-bitbucket.ts) read a payload into one of these, and code-hosting-apply.ts applies it. Texts
 * are already HTML here (escaped where the service sent plain text); the services sanitise them again.
 */

/** The repository an event happened in. */
export interface OutsideRepository {
  /** Stable across renames: GitHub's number, Bitbucket's uuid. */
  id: string;
  /** `owner/name`. */
  name: string;
}

/** An issue as the event shows it. */
export interface OutsideIssue {
  number: number;
  title: string;
  /** The issue's text as HTML; "" when it has none. */
  bodyHtml: string;
  url: string;
  /** Who opened it, as the service names them. */
  author: string;
}

/** A comment on an issue. */
export interface OutsideComment {
  /** The service's id of the comment. */
  id: string;
  bodyHtml: string;
  url: string;
}

/** A pushed commit. */
export interface OutsideCommit {
  sha: string;
  message: string;
  url: string;
  /** The author's username on the service, when the service knows them; else who pushed. */
  login: string;
}

/** Who did it on the service: the username the user map is searched for, and shown when nobody is mapped. */
export type Login = string;

/** One delivery's meaning. */
export type CodeHostingEvent =
  | { kind: "issue_opened"; repository: OutsideRepository; issue: OutsideIssue; login: Login }
  | {
      kind: "issue_changed";
      repository: OutsideRepository;
      issue: OutsideIssue;
      login: Login;
      /** Whether the title and text may have changed (an edit), rather than only the state. */
      details: boolean;
      /** The state the issue is in when the event says it: closed is complete. */
      complete?: boolean;
      /** A comment made with the change (Bitbucket sends one with an update). */
      comment?: OutsideComment;
    }
  | { kind: "issue_deleted"; repository: OutsideRepository; issue: OutsideIssue; login: Login }
  | { kind: "comment"; repository: OutsideRepository; issue: OutsideIssue; comment: OutsideComment; login: Login }
  | { kind: "push"; repository: OutsideRepository; commits: OutsideCommit[] }
  /** A known event with nothing to do (an issue labelled, a comment deleted, GitHub's ping). */
  | { kind: "ignored" };

/** A delivery read: its event's name for the answer, and its meaning (null: an event this address does not take). */
export interface ReadDelivery {
  provider: CodeHostingProvider;
  event: string;
  meaning: CodeHostingEvent | null;
}

/** The service's names, as texts say them. */
export const SERVICE_NAMES: Record<CodeHostingProvider, string> = { github: "GitHub", bitbucket: "Bitbucket" };

const CONTROL_CHARACTERS = new RegExp(TEXT_CONTROL_CHARACTERS.source, "g");

/** Text without the control characters no record may hold (tab and line breaks stay). */
export function cleanText(text: string | null | undefined): string {
  return (text ?? "").replace(CONTROL_CHARACTERS, "");
}

/** Text made safe to put inside HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/**
 * Markdown (what GitHub and Bitbucket issue and comment bodies are written in) as HTML, rendered by marked
 * with GitHub's flavour and line breaks. Whatever raw HTML the source holds is cleaned with the rest of the
 * rich text by the tasks and comments services (`sanitizeRichText`), as for any other write.
 */
export function textToHtml(text: string): string {
  const source = cleanText(text).replace(/\r\n?/g, "\n").trim();
  if (source === "") return "";
  return marked.parse(source, { async: false, gfm: true, breaks: true }).trim();
}

/** A task title from an issue's: one line, at most 255 characters; `fallback` when empty. */
export function titleFrom(text: string, fallback: string): string {
  const line = cleanText(text).replace(/\s+/g, " ").trim();
  if (line === "") return fallback;
  return line.length > 255 ? `${line.slice(0, 254)}…` : line;
}

/** Reads a payload with its schema; a payload without what the event needs is a 400 naming the first gap. */
export function readPayload<T extends z.ZodType>(schema: T, payload: unknown): z.infer<T> {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const where = issue?.path.map(String).join(".") || "payload";
  const reason = issue?.code === "invalid_type" && issue.input === undefined ? `${where} is missing` : `${where} is not valid`;
  throw new AppError("rest_invalid_param", say("integrations.code_hosting_payload_not_readable", { reason }), { params: { [where]: [reason] } });
}

/** The task or issue references of a commit message: `Fixes PL-123` (a task's id) or `Closes #12` (a linked issue's number). */
export interface CommitReferences {
  taskIds: number[];
  issueNumbers: number[];
}

// GitHub's closing keywords, each naming one reference; "Fixes PL-1, PL-2" is read as two.
const CLOSING = /\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)\b\s*:?\s*((?:(?:PL-\d+|#\d+)(?:\s*,\s*|\s+and\s+)?)+)/gi;
const REFERENCE = /PL-(\d+)|#(\d+)/gi;

/** The references a commit message closes; each once, in the order written. */
export function commitReferences(message: string): CommitReferences {
  const taskIds = new Set<number>();
  const issueNumbers = new Set<number>();
  for (const closing of message.matchAll(CLOSING)) {
    for (const reference of (closing[1] ?? "").matchAll(REFERENCE)) {
      if (reference[1] !== undefined) taskIds.add(Number(reference[1]));
      else if (reference[2] !== undefined) issueNumbers.add(Number(reference[2]));
    }
  }
  // Ids and issue numbers live in integer columns: a larger number cannot name anything here.
  const storable = (value: number) => Number.isSafeInteger(value) && value <= INT4_MAX;
  return { taskIds: [...taskIds].filter(storable), issueNumbers: [...issueNumbers].filter(storable) };
}

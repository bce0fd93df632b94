import { INT4_MAX } from "@plotline/contracts";
import { z } from "zod";
import { cleanText, readPayload, textToHtml, titleFrom, type CodeHostingEvent, type OutsideIssue, type OutsideRepository } from "./code-hosting-events.js";

/**
 * GitHub's webhook payloads (`X-GitHub-Event`), read for the fields the integration uses; everything else in
 * them is ignored. Shapes as GitHub documents them: `issues` and `issue_comment` carry `action`, `issue`,
 * `repository` and `sender`; `push` carries `repository`, `sender` and up to 20 `commits`.
 */

const user = z.object({ login: z.string() });
const repository = z.object({ id: z.union([z.number(), z.string()]), full_name: z.string() });
const issue = z.object({
  // Issue numbers are kept in an integer column: a larger one is a payload this site cannot link.
  number: z.number().int().positive().max(INT4_MAX),
  title: z.string(),
  body: z.string().nullish(),
  html_url: z.string(),
  user: user.nullish(),
});
const issuesPayload = z.object({ action: z.string(), issue, repository, sender: user });
const commentPayload = issuesPayload.extend({
  comment: z.object({ id: z.union([z.number(), z.string()]), body: z.string().nullish(), html_url: z.string() }),
});
const pushPayload = z.object({
  repository,
  sender: user,
  commits: z.array(z.object({
    id: z.string(),
    message: z.string(),
    url: z.string(),
    /** False for a commit this push only moved (a merge brings in commits pushed before): it was read then. */
    distinct: z.boolean().optional(),
    author: z.object({ username: z.string().nullish() }).nullish(),
  })).default([]),
});

function repositoryOf(payload: z.infer<typeof repository>): OutsideRepository {
  return { id: String(payload.id), name: cleanText(payload.full_name) };
}

function issueOf(payload: z.infer<typeof issue>): OutsideIssue {
  return {
    number: payload.number,
    title: titleFrom(payload.title, `Issue #${payload.number}`),
    bodyHtml: textToHtml(payload.body ?? ""),
    url: payload.html_url,
    author: cleanText(payload.user?.login ?? ""),
  };
}

/** The event's name for the answer: `issues.opened`, `push`. */
export function gitHubEventName(event: string, payload: unknown): string {
  const action = (payload as { action?: unknown } | null)?.action;
  return typeof action === "string" ? `${event}.${action}` : event;
}

/** What a GitHub delivery means; null for an event this address does not take. */
export function readGitHubEvent(event: string, payload: unknown): CodeHostingEvent | null {
  switch (event) {
    case "ping":
      return { kind: "ignored" };
    case "issues": {
      const read = readPayload(issuesPayload, payload);
      const base = { repository: repositoryOf(read.repository), issue: issueOf(read.issue), login: read.sender.login };
      switch (read.action) {
        case "opened":
          return { kind: "issue_opened", ...base };
        case "edited":
          return { kind: "issue_changed", ...base, details: true };
        case "closed":
          return { kind: "issue_changed", ...base, details: false, complete: true };
        case "reopened":
          return { kind: "issue_changed", ...base, details: false, complete: false };
        case "deleted":
          return { kind: "issue_deleted", ...base };
        default:
          return { kind: "ignored" };
      }
    }
    case "issue_comment": {
      const read = readPayload(commentPayload, payload);
      if (read.action !== "created" && read.action !== "edited") return { kind: "ignored" };
      return {
        kind: "comment",
        repository: repositoryOf(read.repository),
        issue: issueOf(read.issue),
        comment: { id: String(read.comment.id), bodyHtml: textToHtml(read.comment.body ?? ""), url: read.comment.html_url },
        login: read.sender.login,
      };
    }
    case "push": {
      const read = readPayload(pushPayload, payload);
      return {
        kind: "push",
        repository: repositoryOf(read.repository),
        commits: read.commits
          .filter((commit) => commit.distinct !== false)
          .map((commit) => ({ sha: commit.id, message: cleanText(commit.message), url: commit.url, login: commit.author?.username || read.sender.login })),
      };
    }
    default:
      return null;
  }
}

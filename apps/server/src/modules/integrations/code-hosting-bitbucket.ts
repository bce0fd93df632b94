import { INT4_MAX } from "@plotline/contracts";
import { z } from "zod";
import { cleanText, readPayload, textToHtml, titleFrom, type CodeHostingEvent, type OutsideComment, type OutsideIssue, type OutsideRepository } from "./code-hosting-events.js";

/**
 * Bitbucket Cloud's webhook payloads (`X-Event-Key`), read for the fields the integration uses. Shapes as
 * Bitbucket documents them: issue events carry `actor`, `issue` and `repository` (`issue:updated` also
 * `changes` and, when the change had one, `comment`); `repo:push` carries `push.changes[].commits`.
 * Accounts carry `nickname` (usernames left the payloads in 2019; an old `username` is read when present).
 */

const account = z.object({ nickname: z.string().nullish(), username: z.string().nullish(), display_name: z.string().nullish() });
const links = z.object({ html: z.object({ href: z.string() }).nullish() }).nullish();
const repository = z.object({ uuid: z.string(), full_name: z.string(), links });
const content = z.object({ raw: z.string().nullish(), html: z.string().nullish() }).nullish();
const issue = z.object({
  // Issue ids are kept in an integer column: a larger one is a payload this site cannot link.
  id: z.number().int().positive().max(INT4_MAX),
  title: z.string(),
  state: z.string().nullish(),
  content,
  reporter: account.nullish(),
  links,
});
const comment = z.object({ id: z.union([z.number(), z.string()]), content, links });
const issuePayload = z.object({ actor: account, issue, repository, comment: comment.nullish() });
const commentPayload = issuePayload.extend({ comment });
const pushPayload = z.object({
  actor: account,
  repository,
  push: z.object({
    changes: z.array(z.object({
      commits: z.array(z.object({
        hash: z.string(),
        message: z.string(),
        links,
        author: z.object({ user: account.nullish() }).nullish(),
      })).nullish(),
    })).default([]),
  }),
});

/** The issue states that mean done; `new`, `open` and `on hold` are not. */
const DONE_STATES = new Set(["resolved", "closed", "invalid", "duplicate", "wontfix"]);

/** An account's name as the user map holds it. */
function loginOf(who: z.infer<typeof account> | null | undefined): string {
  return cleanText(who?.nickname || who?.username || who?.display_name || "");
}

/** Rendered HTML when Bitbucket sent it, else the source text escaped. */
function htmlOf(body: z.infer<typeof content>): string {
  const html = cleanText(body?.html).trim();
  return html !== "" ? html : textToHtml(body?.raw ?? "");
}

function repositoryOf(payload: z.infer<typeof repository>): OutsideRepository {
  return { id: payload.uuid, name: cleanText(payload.full_name) };
}

function issueOf(payload: z.infer<typeof issue>, repo: z.infer<typeof repository>): OutsideIssue {
  const repositoryUrl = repo.links?.html?.href ?? `https://bitbucket.org/${repo.full_name}`;
  return {
    number: payload.id,
    title: titleFrom(payload.title, `Issue #${payload.id}`),
    bodyHtml: htmlOf(payload.content),
    url: payload.links?.html?.href ?? `${repositoryUrl}/issues/${payload.id}`,
    author: loginOf(payload.reporter),
  };
}

function commentOf(payload: z.infer<typeof comment>, issueUrl: string): OutsideComment {
  return { id: String(payload.id), bodyHtml: htmlOf(payload.content), url: payload.links?.html?.href ?? issueUrl };
}

/** What a Bitbucket delivery means; null for an event this address does not take. */
export function readBitbucketEvent(eventKey: string, payload: unknown): CodeHostingEvent | null {
  switch (eventKey) {
    case "issue:created": {
      const read = readPayload(issuePayload, payload);
      return { kind: "issue_opened", repository: repositoryOf(read.repository), issue: issueOf(read.issue, read.repository), login: loginOf(read.actor) };
    }
    case "issue:updated": {
      const read = readPayload(issuePayload, payload);
      const outside = issueOf(read.issue, read.repository);
      // The state is in the issue itself: every update says whether it is done now.
      const withComment = read.comment && htmlOf(read.comment.content) !== "" ? { comment: commentOf(read.comment, outside.url) } : {};
      return {
        kind: "issue_changed", repository: repositoryOf(read.repository), issue: outside, login: loginOf(read.actor), details: true,
        ...(read.issue.state ? { complete: DONE_STATES.has(read.issue.state.toLowerCase()) } : {}),
        ...withComment,
      };
    }
    case "issue:comment_created": {
      const read = readPayload(commentPayload, payload);
      const outside = issueOf(read.issue, read.repository);
      return { kind: "comment", repository: repositoryOf(read.repository), issue: outside, comment: commentOf(read.comment, outside.url), login: loginOf(read.actor) };
    }
    case "repo:push": {
      const read = readPayload(pushPayload, payload);
      const pusher = loginOf(read.actor);
      const repositoryUrl = read.repository.links?.html?.href ?? `https://bitbucket.org/${read.repository.full_name}`;
      return {
        kind: "push",
        repository: repositoryOf(read.repository),
        commits: read.push.changes.flatMap((change) => change.commits ?? []).map((commit) => ({
          sha: commit.hash,
          message: cleanText(commit.message),
          url: commit.links?.html?.href ?? `${repositoryUrl}/commits/${commit.hash}`,
          login: loginOf(commit.author?.user) || pusher,
        })),
      };
    }
    default:
      return null;
  }
}

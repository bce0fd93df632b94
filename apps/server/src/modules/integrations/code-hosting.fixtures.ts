import { randomUUID } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { signBody } from "./code-hosting-signature.js";

/**
 * GitHub and Bitbucket deliveries for tests, built in the shapes their documentation gives (the fields
 * the integration reads, and enough of the rest that a reader that leaned on the wrong field would fail),
 * and sent to the incoming address signed as the services sign them.
 */

const AT = "2026-03-02T10:15:00Z";

/** A GitHub account as payloads embed it. */
export function gitHubUser(login: string, id = 583231) {
  return {
    login,
    id,
    node_id: "MDQ6VXNlcjU4MzIzMQ==",
    avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
    html_url: `https://github.com/${login}`,
    type: "User",
    site_admin: false,
  };
}

/** The repository `octocat/Hello-World` (GitHub's own example). */
export const GITHUB_REPOSITORY = {
  id: 1296269,
  node_id: "MDEwOlJlcG9zaXRvcnkxMjk2MjY5",
  name: "Hello-World",
  full_name: "octocat/Hello-World",
  private: false,
  owner: gitHubUser("octocat", 1),
  html_url: "https://github.com/octocat/Hello-World",
  description: "This your first repo!",
  fork: false,
  url: "https://api.github.com/repos/octocat/Hello-World",
  default_branch: "main",
};

/** An issue of that repository. */
export function gitHubIssue(number: number, fields: { title?: string; body?: string | null; author?: string; state?: "open" | "closed" } = {}) {
  const base = `https://api.github.com/repos/octocat/Hello-World/issues/${number}`;
  return {
    url: base,
    repository_url: "https://api.github.com/repos/octocat/Hello-World",
    comments_url: `${base}/comments`,
    html_url: `https://github.com/octocat/Hello-World/issues/${number}`,
    id: 1_000_000_000 + number,
    node_id: "MDU6SXNzdWUx",
    number,
    title: fields.title ?? "Found a bug",
    user: gitHubUser(fields.author ?? "octocat"),
    labels: [],
    state: fields.state ?? "open",
    locked: false,
    assignee: null,
    assignees: [],
    milestone: null,
    comments: 0,
    created_at: AT,
    updated_at: AT,
    closed_at: fields.state === "closed" ? AT : null,
    author_association: "OWNER",
    active_lock_reason: null,
    body: fields.body === undefined ? "I'm having a problem with this." : fields.body,
  };
}

/** An `issues` event: `action` opened, edited, closed, reopened, deleted ... */
export function gitHubIssuesEvent(action: string, issue: ReturnType<typeof gitHubIssue>, sender = "octocat") {
  return {
    action,
    issue,
    ...(action === "edited" && { changes: { title: { from: "Old title" } } }),
    repository: GITHUB_REPOSITORY,
    sender: gitHubUser(sender),
  };
}

/** An `issue_comment` event on an issue. */
export function gitHubCommentEvent(action: "created" | "edited" | "deleted", issue: ReturnType<typeof gitHubIssue>, comment: { id: number; body: string }, sender = "octocat") {
  return {
    action,
    issue,
    comment: {
      url: `https://api.github.com/repos/octocat/Hello-World/issues/comments/${comment.id}`,
      html_url: `${issue.html_url}#issuecomment-${comment.id}`,
      issue_url: issue.url,
      id: comment.id,
      node_id: "MDEyOklzc3VlQ29tbWVudDE=",
      user: gitHubUser(sender),
      created_at: AT,
      updated_at: AT,
      author_association: "OWNER",
      body: comment.body,
    },
    repository: GITHUB_REPOSITORY,
    sender: gitHubUser(sender),
  };
}

/** A `push` of commits to main; each commit's author has a GitHub username unless `username` is null. */
export function gitHubPushEvent(commits: Array<{ sha: string; message: string; username?: string | null; distinct?: boolean }>, pusher = "octocat") {
  const shaped = commits.map((commit) => ({
    id: commit.sha,
    tree_id: "f9d2a07e9488b91af2641b26b9407fe22a451433",
    distinct: commit.distinct ?? true,
    message: commit.message,
    timestamp: AT,
    url: `https://github.com/octocat/Hello-World/commit/${commit.sha}`,
    author: { name: "Mona Lisa", email: "mona@example.com", ...(commit.username !== null && { username: commit.username ?? pusher }) },
    committer: { name: "GitHub", email: "noreply@github.com", username: "web-flow" },
    added: [],
    removed: [],
    modified: ["README.md"],
  }));
  return {
    ref: "refs/heads/main",
    before: "0000000000000000000000000000000000000000",
    after: commits.at(-1)?.sha ?? "",
    repository: GITHUB_REPOSITORY,
    pusher: { name: pusher, email: "mona@example.com" },
    sender: gitHubUser(pusher),
    created: false,
    deleted: false,
    forced: false,
    compare: "https://github.com/octocat/Hello-World/compare/abc...def",
    commits: shaped,
    head_commit: shaped.at(-1) ?? null,
  };
}

/** A Bitbucket account as payloads embed it (no username since 2019: a nickname and an account id). */
export function bitbucketAccount(nickname: string) {
  return {
    type: "user",
    display_name: `${nickname} (display)`,
    nickname,
    uuid: "{d301aafa-d676-4ee0-88be-962be7417567}",
    account_id: "557058:c0b72ad0-1cb5-4018-9cdc-0cde8492c443",
    links: { html: { href: `https://bitbucket.org/${nickname}/` }, avatar: { href: "https://avatar.example.com/a.png" } },
  };
}

/** The repository `team/api`. */
export const BITBUCKET_REPOSITORY = {
  type: "repository",
  name: "api",
  full_name: "team/api",
  uuid: "{2d2e6ff1-51a2-4c6e-9f43-1b3c8a1f9e55}",
  is_private: true,
  scm: "git",
  owner: bitbucketAccount("team"),
  links: { html: { href: "https://bitbucket.org/team/api" }, self: { href: "https://api.bitbucket.org/2.0/repositories/team/api" } },
};

/** An issue of that repository; `state` new, open, resolved, on hold, invalid, duplicate, wontfix or closed. */
export function bitbucketIssue(id: number, fields: { title?: string; raw?: string; html?: string; state?: string; reporter?: string } = {}) {
  const raw = fields.raw ?? "Steps to reproduce: open the page.";
  return {
    type: "issue",
    id,
    repository: { type: "repository", full_name: "team/api", uuid: BITBUCKET_REPOSITORY.uuid, name: "api" },
    title: fields.title ?? "Login fails",
    kind: "bug",
    priority: "major",
    state: fields.state ?? "new",
    reporter: bitbucketAccount(fields.reporter ?? "bb-reporter"),
    assignee: null,
    content: { raw, markup: "markdown", html: fields.html ?? `<p>${raw}</p>`, type: "rendered" },
    created_on: AT,
    updated_on: AT,
    edited_on: null,
    votes: 0,
    watches: 1,
    links: {
      self: { href: `https://api.bitbucket.org/2.0/repositories/team/api/issues/${id}` },
      html: { href: `https://bitbucket.org/team/api/issues/${id}` },
    },
  };
}

/** `issue:created` and `issue:updated` (with `changes`, and a comment when the update had one). */
export function bitbucketIssueEvent(issue: ReturnType<typeof bitbucketIssue>, actor = "bb-reporter", extra: { changes?: Record<string, { old: string; new: string }>; comment?: { id: number; raw: string } } = {}) {
  return {
    actor: bitbucketAccount(actor),
    issue,
    repository: BITBUCKET_REPOSITORY,
    ...(extra.changes && { changes: extra.changes }),
    ...(extra.comment && { comment: bitbucketComment(issue, extra.comment, actor) }),
  };
}

function bitbucketComment(issue: ReturnType<typeof bitbucketIssue>, comment: { id: number; raw: string }, author: string) {
  return {
    type: "issue_comment",
    id: comment.id,
    content: { raw: comment.raw, markup: "markdown", html: `<p>${comment.raw}</p>`, type: "rendered" },
    user: bitbucketAccount(author),
    created_on: AT,
    updated_on: null,
    links: { html: { href: `${issue.links.html.href}#comment-${comment.id}` } },
  };
}

/** `issue:comment_created`. */
export function bitbucketCommentEvent(issue: ReturnType<typeof bitbucketIssue>, comment: { id: number; raw: string }, actor = "bb-reporter") {
  return { actor: bitbucketAccount(actor), issue, repository: BITBUCKET_REPOSITORY, comment: bitbucketComment(issue, comment, actor) };
}

/** `repo:push` of commits to one branch. */
export function bitbucketPushEvent(commits: Array<{ hash: string; message: string; author?: string }>, actor = "bb-reporter") {
  const shaped = commits.map((commit) => ({
    type: "commit",
    hash: commit.hash,
    message: commit.message,
    date: AT,
    author: { type: "author", raw: "Ann Dev <ann@example.com>", ...(commit.author && { user: bitbucketAccount(commit.author) }) },
    links: { html: { href: `https://bitbucket.org/team/api/commits/${commit.hash}` } },
  }));
  return {
    actor: bitbucketAccount(actor),
    repository: BITBUCKET_REPOSITORY,
    push: {
      changes: [{
        new: { type: "branch", name: "main", target: shaped.at(-1) ?? null },
        old: { type: "branch", name: "main", target: null },
        created: false, forced: false, closed: false, truncated: false,
        commits: shaped,
      }],
    },
  };
}

/** How a test delivery is sent. */
export interface DeliveryOptions {
  projectId: number;
  token: string | null;
  /** Signs the body with this secret (the right header for the service); none when absent. */
  secret?: string;
  /** A signature header value to send instead of the right one. */
  signature?: string;
  /** A delivery id; a fresh one when absent. */
  deliveryId?: string;
  /** The body as sent, instead of the payload's JSON. */
  rawBody?: string;
  contentType?: string;
}

function post(app: FastifyInstance, options: DeliveryOptions, headers: Record<string, string>, body: string): Promise<LightMyRequestResponse> {
  const query = options.token === null ? "" : `?token=${encodeURIComponent(options.token)}`;
  return app.inject({
    method: "POST",
    url: `/api/pm-pro/v2/integrations/${options.projectId}${query}`,
    headers: { "content-type": options.contentType ?? "application/json", "user-agent": "test-hook", ...headers },
    payload: body,
  });
}

/** Sends a GitHub delivery (`X-GitHub-Event`, `X-GitHub-Delivery`, `X-Hub-Signature-256`). */
export function deliverGitHub(app: FastifyInstance, event: string, payload: unknown, options: DeliveryOptions): Promise<LightMyRequestResponse> {
  const body = options.rawBody ?? JSON.stringify(payload);
  const signature = options.signature ?? (options.secret ? signBody(options.secret, body) : undefined);
  return post(app, options, {
    "x-github-event": event,
    "x-github-delivery": options.deliveryId ?? randomUUID(),
    "x-github-hook-id": "292430182",
    ...(signature && { "x-hub-signature-256": signature }),
  }, body);
}

/** Sends a Bitbucket delivery (`X-Event-Key`, `X-Request-UUID`, `X-Hub-Signature`). */
export function deliverBitbucket(app: FastifyInstance, eventKey: string, payload: unknown, options: DeliveryOptions): Promise<LightMyRequestResponse> {
  const body = options.rawBody ?? JSON.stringify(payload);
  const signature = options.signature ?? (options.secret ? signBody(options.secret, body) : undefined);
  return post(app, options, {
    "x-event-key": eventKey,
    "x-request-uuid": options.deliveryId ?? randomUUID(),
    "x-hook-uuid": "{6e2c6d1a-0c34-4c3e-9e0a-8b8b9c0d1e2f}",
    "x-attempt-number": "1",
    ...(signature && { "x-hub-signature": signature }),
  }, body);
}

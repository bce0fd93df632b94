declare module "../../db/schema.js" {
  interface Database {
    code_hosting_usernames: CodeHostingUsernamesTable;
    code_hosting_deliveries: CodeHostingDeliveriesTable;
    code_hosting_issue_links: CodeHostingIssueLinksTable;
    code_hosting_comment_links: CodeHostingCommentLinksTable;
  }
}

/** A project member's username on one code-hosting service (`POST pm/v2/save_users_map_name`). */
export interface CodeHostingUsernamesTable {
  project_id: number;
  user_id: number;
  /** `github` or `bitbucket`. */
  provider: string;
  /** As typed. */
  username: string;
  /** Lower-cased: services compare usernames without case, and one name maps to one member per project. */
  username_key: string;
  updated_at: string;
}

/** A delivery taken in, by the id its service gave it, so that a repeated delivery is not applied twice. */
export interface CodeHostingDeliveriesTable {
  project_id: number;
  provider: string;
  /** `X-GitHub-Delivery` or `X-Request-UUID`. */
  delivery_id: string;
  /** `issues.opened`, `issue:created`, `push` ... */
  event: string;
  received_at: string;
}

/** The task an outside issue became. */
export interface CodeHostingIssueLinksTable {
  project_id: number;
  provider: string;
  /** The repository's stable id (GitHub's number, Bitbucket's uuid): a renamed repository keeps its links. */
  repository_id: string;
  /** The issue's number in its repository (`Closes #12`). */
  issue_number: number;
  /** `owner/name` when linked, for the texts. */
  repository_name: string;
  issue_url: string;
  task_id: number;
  created_at: string;
}

/** The Plotline comment an outside comment became, so that an edit changes the same comment. */
export interface CodeHostingCommentLinksTable {
  project_id: number;
  provider: string;
  repository_id: string;
  /** The service's id of the comment. */
  external_id: string;
  comment_id: number;
  created_at: string;
}

import { z } from "zod";
import { slackSettingSchema } from "./chat-integration.js";
import { zId } from "./primitives.js";

/**
 * The code-hosting integration (Pro module `integrations`): GitHub and Bitbucket send their issue, comment
 * and push events to a project's incoming address, and each project member may be mapped to their
 * usernames there. Read and changed by site managers and the project's managers only.
 */

/** The code-hosting services a project can receive events from. */
export const CODE_HOSTING_PROVIDERS = ["github", "bitbucket"] as const;
export type CodeHostingProvider = (typeof CODE_HOSTING_PROVIDERS)[number];

/** Whether an integration is on, as the documents' switches save it. */
export const INTEGRATION_STATUSES = ["enable", "disable"] as const;
export type IntegrationStatus = (typeof INTEGRATION_STATUSES)[number];

/** Longest webhook secret accepted: GitHub and Bitbucket generate far shorter ones. */
export const GIT_BIT_SECRET_MAX = 200;

/**
 * The `git_bit` project setting as sent (`POST pm/v2/projects/{p}/settings`, key `git_bit`): the switch and,
 * optionally, the webhook secret. Without `secret` the saved one stays; `""` clears it. The token
 * (`git_bit_hash`) is made by the server and `has_secret` is worked out: both are read-only and ignored here.
 */
export const gitBitValue = z.object(
  {
    status: z.enum(INTEGRATION_STATUSES, { error: "git_bit.status must be enable or disable" }),
    secret: z
      .string({ error: "git_bit.secret must be text" })
      .trim()
      .max(GIT_BIT_SECRET_MAX, `git_bit.secret must have at most ${GIT_BIT_SECRET_MAX} characters`)
      .optional(),
  },
  { error: "git_bit must be an object" },
);
export type GitBitValue = z.infer<typeof gitBitValue>;

/**
 * The `git_bit` setting as the settings call answers it: never the secret itself. `git_bit_hash` is the
 * token of the incoming address, made when the integration is first enabled; null until then.
 */
export const gitBitSettingSchema = z.object({
  status: z.enum(INTEGRATION_STATUSES),
  /** The incoming address's token (URL-safe, 43 characters); null until first enabled. */
  git_bit_hash: z.string().nullable(),
  /** Whether a webhook secret is saved: deliveries must then be signed with it. */
  has_secret: z.boolean(),
});
export type GitBitSetting = z.infer<typeof gitBitSettingSchema>;

/** `git_bit` of a project that never saved it. */
export const DEFAULT_GIT_BIT_SETTING: GitBitSetting = { status: "disable", git_bit_hash: null, has_secret: false };

/** The incoming address of a project, without the site's origin: `/api/pm-pro/v2/integrations/{project}?token=...`. */
export function codeHostingWebhookPath(projectId: number, token: string): string {
  return `/api/pm-pro/v2/integrations/${projectId}?token=${encodeURIComponent(token)}`;
}

/** `git_bit` as the Integrations tab shows it: the setting plus the address to copy into GitHub or Bitbucket. */
export const gitBitIntegrationSchema = gitBitSettingSchema.extend({
  /**
   * The incoming address with its token: absolute when the site's `PUBLIC_URL` is set, else a path from
   * the site's root (the web prefixes its own origin). Null while there is no token.
   */
  webhook_url: z.string().nullable(),
});
export type GitBitIntegration = z.infer<typeof gitBitIntegrationSchema>;

/** `POST .../integrations/git-bit/regenerate` answer: a new token; the old address stops working at once. */
export const gitBitIntegrationEnvelope = z.object({ data: gitBitIntegrationSchema, message: z.string().optional() });

/** A user-mapping key: `github_{userId}` or `bitbucket_{userId}`. */
export const USERS_MAP_KEY = /^(github|bitbucket)_([1-9]\d{0,9})$/;

/** The usernames of a project's members on each service, by key (`github_12: "octocat"`). */
export const usersMapSchema = z.record(z.string(), z.string());
export type UsersMap = z.infer<typeof usersMapSchema>;

/** Longest username kept (GitHub allows 39 characters; Bitbucket nicknames are longer). */
export const CODE_HOSTING_USERNAME_MAX = 100;

/**
 * `POST pm/v2/save_users_map_name`: usernames of the project's members, by key. A key names one member and
 * one service; `""` removes that mapping; members and services not named keep theirs.
 */
export const saveUsersMapBody = z.object({
  project_id: zId,
  users: z.record(z.string(), z.string().trim().max(CODE_HOSTING_USERNAME_MAX)),
});
export type SaveUsersMapBody = z.infer<typeof saveUsersMapBody>;

/** `POST pm/v2/save_users_map_name` answer: the project's whole map after the save. */
export const usersMapEnvelope = z.object({ data: usersMapSchema, message: z.string() });

/** A project member as the user-mapping table lists them. */
export const integrationUserSchema = z.object({
  id: z.number().int(),
  display_name: z.string(),
  avatar_url: z.string().nullable(),
  role: z.enum(["manager", "co_worker", "client"]),
});
export type IntegrationUser = z.infer<typeof integrationUserSchema>;

/**
 * `GET pm-pro/v2/projects/{p}/integrations`: everything the Integrations tab needs in one call. `slack` is
 * the chat integration's setting as the project applies it (as the settings call shows it).
 */
export const projectIntegrationsSchema = z.object({
  slack: slackSettingSchema,
  git_bit: gitBitIntegrationSchema,
  users_map: usersMapSchema,
  /** The project's members (assignees), managers first, then by name. */
  users: z.array(integrationUserSchema),
});
export type ProjectIntegrations = z.infer<typeof projectIntegrationsSchema>;
export const projectIntegrationsEnvelope = z.object({ data: projectIntegrationsSchema });

/** What an incoming delivery did: applied, seen before (not applied again), or nothing to do. */
export const CODE_HOSTING_OUTCOMES = ["applied", "duplicate", "ignored"] as const;
export type CodeHostingOutcome = (typeof CODE_HOSTING_OUTCOMES)[number];

/** The answer to GitHub or Bitbucket (shown in their delivery logs). */
export const codeHostingDeliveryEnvelope = z.object({
  message: z.string(),
  data: z.object({
    provider: z.enum(CODE_HOSTING_PROVIDERS).nullable(),
    /** `issues.opened`, `issue:created`, `push` ...; `null` when the request named none. */
    event: z.string().nullable(),
    outcome: z.enum(CODE_HOSTING_OUTCOMES),
    /** The tasks created or changed. */
    task_ids: z.array(z.number().int()),
  }),
});
export type CodeHostingDelivery = z.infer<typeof codeHostingDeliveryEnvelope>;

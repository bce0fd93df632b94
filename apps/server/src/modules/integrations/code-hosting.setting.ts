import {
  DEFAULT_GIT_BIT_SETTING,
  INTEGRATION_STATUSES,
  type Changes,
  type GitBitSetting,
  type GitBitSettingFields,
  type GitBitValue,
  type IntegrationStatus,
} from "@plotline/contracts";
import { randomSecret } from "../../lib/secrets.js";

/**
 * The `git_bit` project setting, stored in `project_settings` as two rows: `git_bit` (`{status, secret}`) and
 * `git_bit_hash` (the incoming address's token, JSON text). The token is apart so that duplicating a project
 * leaves it behind (duplication's SETTINGS_NOT_COPIED): a copy must never answer to the original's address.
 * The project-settings service saves and shows the setting through these functions; the code-hosting
 * service reads the same rows to check deliveries and makes new tokens.
 */
export const GIT_BIT_KEY = "git_bit";
export const GIT_BIT_HASH_KEY = "git_bit_hash";

/** Bytes of randomness in a token: 32 give 43 URL-safe characters. */
const TOKEN_BYTES = 32;

/** The setting as saved, secret and token included: for the server only. */
export interface SavedGitBit {
  status: IntegrationStatus;
  /** The webhook secret; "" when none. */
  secret: string;
  /** The token of the incoming address; null until first enabled. */
  token: string | null;
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // A broken row reads as never saved, as the other settings do.
    return undefined;
  }
}

/** Reads the two rows of a project's saved settings (by key, JSON text). */
export function readGitBit(saved: ReadonlyMap<string, string>): SavedGitBit {
  const value = parseJson(saved.get(GIT_BIT_KEY)) as { status?: unknown; secret?: unknown } | undefined;
  const token = parseJson(saved.get(GIT_BIT_HASH_KEY));
  const status = INTEGRATION_STATUSES.find((known) => known === value?.status) ?? DEFAULT_GIT_BIT_SETTING.status;
  return {
    status,
    secret: typeof value?.secret === "string" ? value.secret : "",
    token: typeof token === "string" && token !== "" ? token : null,
  };
}

/** What the settings call shows: never the secret. */
export function presentGitBit(saved: ReadonlyMap<string, string>): GitBitSetting {
  const { status, secret, token } = readGitBit(saved);
  return { status, git_bit_hash: token, has_secret: secret !== "" };
}

/** A new token for the incoming address: random, URL-safe. */
export function newWebhookToken(): string {
  return randomSecret(TOKEN_BYTES);
}

/** The rows a change writes (key and JSON text) and what it changed, for the activity (null: nothing did). */
export interface GitBitWrite {
  rows: Array<[key: string, json: string]>;
  changes: Changes<GitBitSettingFields> | null;
}

/**
 * Applies a sent `git_bit` onto the saved one: the switch as sent, the secret when sent ("" clears it), and a
 * token made the first time the integration is on without one (a project enabled before, or a copy).
 */
export function mergeGitBit(saved: ReadonlyMap<string, string>, sent: GitBitValue): GitBitWrite {
  const before = readGitBit(saved);
  const secret = sent.secret ?? before.secret;
  const changes: Changes<GitBitSettingFields> = {};
  if (sent.status !== before.status) changes.status = { from: before.status, to: sent.status };
  if ((secret !== "") !== (before.secret !== "")) changes.has_secret = { from: before.secret !== "", to: secret !== "" };
  else if (secret !== before.secret) changes.new_secret = { from: false, to: true };
  const rows: GitBitWrite["rows"] = [];
  if (sent.status !== before.status || secret !== before.secret) rows.push([GIT_BIT_KEY, JSON.stringify({ status: sent.status, secret })]);
  if (sent.status === "enable" && before.token === null) {
    rows.push([GIT_BIT_HASH_KEY, JSON.stringify(newWebhookToken())]);
    changes.new_token = { from: false, to: true };
  }
  return { rows, changes: Object.keys(changes).length > 0 ? changes : null };
}

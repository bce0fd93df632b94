import { z } from "zod";
import { CAPABILITIES, DEFAULT_CAPABILITIES, type Capability, type ConfigurableRole } from "./permissions.js";
import { DEFAULT_WORKING_DAYS, zWorkingDays } from "./gantt.js";
import { zFlag } from "./primitives.js";
import { DEFAULT_GIT_BIT_SETTING, gitBitSettingSchema, gitBitValue, type GitBitValue } from "./code-hosting.js";
import { DEFAULT_SLACK_SETTING, slackSettingSchema, slackSettingValue, type SlackSettingInput } from "./chat-integration.js";

/**
 * A project's settings (`GET|POST /api/pm/v2/projects/{p}/settings`), stored one row per key in
 * `project_settings`. Read and written by the project's managers and site managers.
 */

/** The roles whose capabilities a project may change, in the settings screen's order. */
export const CONFIGURABLE_ROLES = ["co_worker", "client"] as const satisfies readonly ConfigurableRole[];

/** Capabilities of one role as saved: any of the ten, each a boolean (`true`, `false`, 1, 0, "1", "0"). */
const capabilityChanges = z
  .object(Object.fromEntries(CAPABILITIES.map((cap) => [cap, zFlag.optional()])) as Record<Capability, z.ZodOptional<typeof zFlag>>)
  .strict();

/**
 * The `capabilities` value: per role (co_worker, client) the capabilities to change. Roles and
 * capabilities not named keep what was saved before (or the defaults).
 */
export const capabilitiesValue = z
  .object({ co_worker: capabilityChanges.optional(), client: capabilityChanges.optional() })
  .strict();
export type CapabilitiesValue = z.infer<typeof capabilitiesValue>;

/** Every capability of both configurable roles, as the project applies them. */
export type ProjectCapabilities = Record<ConfigurableRole, Record<Capability, boolean>>;

/**
 * Every known project setting: the schema its value is checked against on write, and its value when never
 * saved. One explicit table: later issues add keys (the chat and code-hosting integrations) here.
 */
export const PROJECT_SETTINGS = {
  /** Capabilities of co-workers and clients; managers always hold all ten. */
  capabilities: { schema: capabilitiesValue, default: DEFAULT_CAPABILITIES as ProjectCapabilities },
  /**
   * Co-workers assigned to a task may change its title, description, dates and estimation (never its
   * privacy, assignees or list). Off by default, as in the original.
   */
  assignees_can_edit: { schema: zFlag, default: false },
  /**
   * The ISO weekdays that count as working days (1 Monday to 7 Sunday), for the Gantt chart's lengths, lags
   * and rescheduling. All seven by default: every day counts.
   */
  working_days: { schema: zWorkingDays, default: DEFAULT_WORKING_DAYS },
  /** The code-hosting integration (code-hosting.ts): sent as `{status, secret?}`, shown as `{status, git_bit_hash, has_secret}`. */
  git_bit: { schema: gitBitValue, default: DEFAULT_GIT_BIT_SETTING },
  /** The chat integration (chat-integration.ts): any of `{status, webhook, options: {tasks}}`, merged onto what was saved. */
  slack: { schema: slackSettingValue, default: DEFAULT_SLACK_SETTING },
} as const;

/** The name of a known project setting. */
export type ProjectSettingKey = keyof typeof PROJECT_SETTINGS;
export const PROJECT_SETTING_KEYS = Object.keys(PROJECT_SETTINGS) as ProjectSettingKey[];

const capabilitySetSchemaOut = z.object(Object.fromEntries(CAPABILITIES.map((cap) => [cap, z.boolean()])) as Record<Capability, z.ZodBoolean>);

/** Every project setting with its value (the saved one merged onto the default). */
export const projectSettingsSchema = z.object({
  capabilities: z.object({ co_worker: capabilitySetSchemaOut, client: capabilitySetSchemaOut }),
  assignees_can_edit: z.boolean(),
  /** The working ISO weekdays, sorted (all seven: every day counts). */
  working_days: z.array(z.number().int()),
  /** The code-hosting integration: its switch, the incoming address's token and whether a secret is set (never the secret). */
  git_bit: gitBitSettingSchema,
  /** The chat integration: its switch, the webhook's address and the events it posts. */
  slack: slackSettingSchema,
});
export type ProjectSettings = z.infer<typeof projectSettingsSchema>;

/** `GET|POST /api/pm/v2/projects/{p}/settings` answer. */
export const projectSettingsEnvelope = z.object({ data: projectSettingsSchema, message: z.string().optional() });

/** One `{ key, value }` pair of a project settings write; the server checks the value against the key's schema. */
export const projectSettingInput = z.object({
  key: z.string().trim().min(1, "key is required").max(100),
  value: z.unknown(),
});
export type ProjectSettingInput = z.infer<typeof projectSettingInput>;

/** `POST /api/pm/v2/projects/{p}/settings`: one `{ key, value }`, or `{ settings: [{ key, value }, ...] }`. */
export const saveProjectSettingsBody = z.union([
  z.object({ settings: z.array(projectSettingInput).min(1, "settings must have at least 1 item").max(20) }),
  projectSettingInput,
]);
export type SaveProjectSettingsBody = z.infer<typeof saveProjectSettingsBody>;

/** A checked project setting, ready to be merged and saved. */
export type ParsedProjectSetting =
  | { key: "capabilities"; value: CapabilitiesValue }
  | { key: "assignees_can_edit"; value: boolean }
  | { key: "working_days"; value: number[] }
  | { key: "git_bit"; value: GitBitValue }
  | { key: "slack"; value: SlackSettingInput };

/**
 * Checks one setting against its schema. Returns the parsed value, or the messages of what is wrong, each
 * under the field it is about (`key`, `capabilities.client.view_private_task`, ...).
 */
export function parseProjectSetting(
  key: string,
  value: unknown,
): { ok: true; setting: ParsedProjectSetting } | { ok: false; params: Record<string, string[]> } {
  if (!(key in PROJECT_SETTINGS)) return { ok: false, params: { key: [`Unknown setting ${key}; known: ${PROJECT_SETTING_KEYS.join(", ")}`] } };
  const known = key as ProjectSettingKey;
  const parsed = PROJECT_SETTINGS[known].schema.safeParse(value);
  if (parsed.success) return { ok: true, setting: { key: known, value: parsed.data } as ParsedProjectSetting };
  const params: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const path = [known, ...issue.path.map(String)];
    if (issue.code === "unrecognized_keys") {
      const where = path.join(".");
      const what = known !== "capabilities" ? "field" : path.length === 1 ? "role" : "capability";
      (params[where] ??= []).push(`Unknown ${what} ${issue.keys.join(", ")}`);
      continue;
    }
    const where = path.join(".");
    const message = known === "working_days" || known === "git_bit" || known === "slack" ? issue.message
      : issue.code === "invalid_union" || issue.code === "invalid_type"
        ? `${where} must be ${path.length === 3 || known === "assignees_can_edit" ? "true or false" : "an object"}`
        : issue.message;
    const messages = (params[where] ??= []);
    // A value of the wrong kind may fail two checks with one message: it is said once.
    if (!messages.includes(message)) messages.push(message);
  }
  return { ok: false, params };
}

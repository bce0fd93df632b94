import {
  mergeSlackSetting,
  readSlackSetting,
  slackSettingChanges,
  type SlackSetting,
  type SlackSettingChanges,
  type SlackSettingInput,
} from "@plotline/contracts";
import type { Config } from "../../config.js";
import { invalidField, say, type Said } from "../../lib/app-error.js";
import { checkOutboundUrl, type OutboundPolicy, type OutboundRefusal } from "../../lib/outbound-url.js";

/**
 * The chat integration's project setting (`slack`), as the project-settings module saves and shows it: one
 * `project_settings` row holding the whole value, merged field by field on each write.
 */

/** The project setting's key. */
export const CHAT_SETTING_KEY = "slack";

/** What the site allows of webhook addresses (`PLOTLINE_ALLOW_HTTP_WEBHOOKS`, `PLOTLINE_ALLOW_PRIVATE_WEBHOOKS`). */
export function webhookPolicy(config: Config): OutboundPolicy {
  return { allowHttp: config.allowHttpWebhooks, allowPrivate: config.allowPrivateWebhooks };
}

/** The setting as the project applies it, from the project's saved rows. */
export function presentChatSetting(saved: ReadonlyMap<string, string>): SlackSetting {
  return readSlackSetting(saved.get(CHAT_SETTING_KEY));
}

function refusalMessage(reason: OutboundRefusal, host: string, policy: OutboundPolicy): Said {
  switch (reason) {
    case "scheme":
      return policy.allowHttp ? say("project_settings.webhook_must_http_or_https") : say("project_settings.webhook_must_https");
    case "credentials":
      return say("project_settings.webhook_with_credentials");
    case "private_address":
      return say("project_settings.webhook_private_address");
    case "host_not_found":
      return say("project_settings.webhook_host_not_found", { host });
    case "not_url":
      return say("project_settings.webhook_not_url");
  }
}

/**
 * Checks a new webhook address before anything is saved (400 on `slack.webhook` otherwise): https (or http
 * where allowed), and neither written as nor resolving to a loopback, link-local or private address. An
 * empty address clears it. Resolving takes a moment, so this runs before the save's transaction.
 */
export async function checkChatSettingInput(input: SlackSettingInput, config: Config): Promise<void> {
  if (!input.webhook) return;
  const policy = webhookPolicy(config);
  const checked = await checkOutboundUrl(input.webhook, policy);
  if (!checked.ok) throw invalidField("slack.webhook", refusalMessage(checked.reason, checked.host, policy));
}

/**
 * The row a write makes: the merged value (null when nothing changed) and what changed for the activity
 * feed, without the address. Turning the integration on needs an address (400 on `slack.webhook`).
 */
export function mergeChatSetting(saved: ReadonlyMap<string, string>, input: SlackSettingInput): { json: string | null; changes: SlackSettingChanges | null } {
  const before = presentChatSetting(saved);
  const after = mergeSlackSetting(before, input);
  if (after.status === "enable" && after.webhook === "") throw invalidField("slack.webhook", say("project_settings.webhook_needed_to_enable"));
  const changes = slackSettingChanges(before, after);
  if (Object.keys(changes).length === 0) return { json: null, changes: null };
  return { json: JSON.stringify(after), changes };
}

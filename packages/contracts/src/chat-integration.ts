/**
 * The chat integration (Pro module `integrations`): a project's `slack` setting, saved through
 * `POST /api/pm/v2/projects/{p}/settings` with key `slack`, and the delivery log of the messages it sent
 * to the chat service's incoming webhook (Slack-compatible: a JSON body with `text` and `blocks`).
 */
import { z } from "zod";
import { dateObjectSchema, itemEnvelope, listEnvelope } from "./envelope.js";

/** The task events a project may post to its channel, as the settings screen's checkboxes name them. */
export const CHAT_TASK_OPTIONS = ["create", "update", "complete", "incomplete", "createComment", "updateComment"] as const;
export type ChatTaskOption = (typeof CHAT_TASK_OPTIONS)[number];

/** Which events are posted when never chosen: all but comment edits. */
export const DEFAULT_CHAT_TASK_OPTIONS: Readonly<Record<ChatTaskOption, boolean>> = {
  create: true,
  update: true,
  complete: true,
  incomplete: true,
  createComment: true,
  updateComment: false,
};

/** The two states of the integration's switch. */
export const CHAT_STATUSES = ["enable", "disable"] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];

/** Longest webhook address accepted. */
export const CHAT_WEBHOOK_MAX_LENGTH = 2000;

/** A project's `slack` setting as the project applies it (the saved value merged onto the defaults). */
export const slackSettingSchema = z.object({
  /** `enable` posts the chosen events; `disable` posts nothing (a test message may still be sent). */
  status: z.enum(CHAT_STATUSES),
  /** The chat service's incoming-webhook address; empty until saved. Sent only to those who manage the project. */
  webhook: z.string(),
  /** Which task events are posted. */
  options: z.object({ tasks: z.object({ create: z.boolean(), update: z.boolean(), complete: z.boolean(), incomplete: z.boolean(), createComment: z.boolean(), updateComment: z.boolean() }) }),
});
export type SlackSetting = z.infer<typeof slackSettingSchema>;

/** The `slack` setting of a project that never saved one: off, no address, the default events. */
export const DEFAULT_SLACK_SETTING: SlackSetting = { status: "disable", webhook: "", options: { tasks: { ...DEFAULT_CHAT_TASK_OPTIONS } } };

/** One event's checkbox: a boolean, or its text and number forms (`1`, `0`, `"1"`, `"0"`, `"true"`, `"false"`). */
const optionFlag = (option: ChatTaskOption) =>
  z
    .union([z.boolean(), z.literal(0), z.literal(1), z.literal("0"), z.literal("1"), z.literal("true"), z.literal("false")], {
      error: `slack.options.tasks.${option} must be true or false`,
    })
    .transform((value) => value === true || value === 1 || value === "1" || value === "true")
    .optional();

/**
 * The `slack` value of a settings write: any of its fields. What is not named keeps what was saved before
 * (so the panel's switch may send `{status}` alone). The webhook's address is checked further by the server
 * (https only, and never a loopback, link-local or private address).
 */
export const slackSettingValue = z
  .object({
    status: z.enum(CHAT_STATUSES, { error: "slack.status must be enable or disable" }).optional(),
    webhook: z
      .string({ error: "slack.webhook must be text" })
      .trim()
      .max(CHAT_WEBHOOK_MAX_LENGTH, `slack.webhook must be at most ${CHAT_WEBHOOK_MAX_LENGTH} characters`)
      .optional(),
    options: z
      .object(
        {
          tasks: z
            .object(Object.fromEntries(CHAT_TASK_OPTIONS.map((option) => [option, optionFlag(option)])) as Record<ChatTaskOption, ReturnType<typeof optionFlag>>, {
              error: "slack.options.tasks must be an object",
            })
            .strict()
            .optional(),
        },
        { error: "slack.options must be an object" },
      )
      .strict()
      .optional(),
  }, { error: "slack must be an object" })
  .strict();
export type SlackSettingInput = z.infer<typeof slackSettingValue>;

/** Reads a saved `slack` value (JSON text) as the project applies it; a missing or unreadable one reads as the defaults. */
export function readSlackSetting(savedJson: string | null | undefined): SlackSetting {
  if (!savedJson) return structuredClone(DEFAULT_SLACK_SETTING);
  try {
    return mergeSlackSetting(DEFAULT_SLACK_SETTING, slackSettingValue.parse(JSON.parse(savedJson)));
  } catch {
    return structuredClone(DEFAULT_SLACK_SETTING);
  }
}

/** The setting after a write: the fields given replace those saved, the others stay. */
export function mergeSlackSetting(current: SlackSetting, input: SlackSettingInput): SlackSetting {
  const tasks = { ...current.options.tasks };
  for (const option of CHAT_TASK_OPTIONS) {
    const value = input.options?.tasks?.[option];
    if (value !== undefined) tasks[option] = value;
  }
  return { status: input.status ?? current.status, webhook: input.webhook ?? current.webhook, options: { tasks } };
}

/**
 * What a save of the `slack` setting changed, for the project's activity feed, which every member reads:
 * the switch and the events as they were and are, and only whether the webhook's address changed (the
 * address itself is a secret of the channel and never leaves the settings screen).
 */
export interface SlackSettingChanges {
  status?: { from: string; to: string };
  tasks?: { [option: string]: { from: boolean; to: boolean } };
  webhook_changed?: boolean;
}

/** The changes between two settings, without the address; empty when nothing changed. */
export function slackSettingChanges(before: SlackSetting, after: SlackSetting): SlackSettingChanges {
  const changes: SlackSettingChanges = {};
  if (before.status !== after.status) changes.status = { from: before.status, to: after.status };
  for (const option of CHAT_TASK_OPTIONS) {
    const from = before.options.tasks[option];
    const to = after.options.tasks[option];
    if (from !== to) changes.tasks = { ...changes.tasks, [option]: { from, to } };
  }
  if (before.webhook !== after.webhook) changes.webhook_changed = true;
  return changes;
}

/** What a delivery was about: one of the task events, or a test message sent from the settings screen. */
export const CHAT_DELIVERY_EVENTS = [...CHAT_TASK_OPTIONS, "test"] as const;
export type ChatDeliveryEvent = (typeof CHAT_DELIVERY_EVENTS)[number];

/**
 * Where a delivery stands: waiting for its first try, waiting for another try after a failure, received by
 * the chat service (a 2xx answer), or given up (a 4xx answer, an address refused, or 8 failed tries).
 */
export const CHAT_DELIVERY_STATUSES = ["pending", "retrying", "delivered", "failed"] as const;
export type ChatDeliveryStatus = (typeof CHAT_DELIVERY_STATUSES)[number];

/** Tries a delivery gets before it is given up. */
export const CHAT_DELIVERY_MAX_TRIES = 8;

/** Deliveries kept per project: the log shows the newest ones. */
export const CHAT_DELIVERY_LOG_SIZE = 50;

/** One delivery of the log (`GET /api/pm-pro/v2/projects/{p}/integrations/deliveries`). */
export const chatDeliverySchema = z.object({
  id: z.number().int(),
  /** The chat service: `slack` (any Slack-compatible incoming webhook). */
  channel: z.string(),
  event: z.enum(CHAT_DELIVERY_EVENTS),
  status: z.enum(CHAT_DELIVERY_STATUSES),
  /** Tries made so far (0 before the first). */
  tries: z.number().int(),
  /** Why the last try failed (an HTTP status and the start of the answer, a network error, a refused address); null otherwise. */
  error: z.string().nullable(),
  /** When the change (or the test) happened. */
  created_at: dateObjectSchema,
  /** When the chat service took it; null until then. */
  delivered_at: dateObjectSchema.nullable(),
});
export type ChatDelivery = z.infer<typeof chatDeliverySchema>;

/** The log's answer: the newest deliveries first, at most `CHAT_DELIVERY_LOG_SIZE`. */
export const chatDeliveryListEnvelope = listEnvelope(chatDeliverySchema);

/** `POST /api/pm-pro/v2/projects/{p}/integrations/slack/test`: the queued delivery and a message. */
export const chatTestEnvelope = itemEnvelope(chatDeliverySchema);

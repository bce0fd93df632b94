import { CHAT_DELIVERY_LOG_SIZE, CHAT_DELIVERY_MAX_TRIES, readSlackSetting, type ChatDelivery } from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { AppContext } from "../../context.js";
import type { Database } from "../../db/schema.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden, say } from "../../lib/app-error.js";
import { nowUtc, parseStored, toStoredTimestamp } from "../../lib/dates.js";
import { postJson } from "../../lib/outbound-url.js";
import type { ProjectAccessService } from "../projects/project-access.js";
import { projectPolicy } from "../projects/projects.policy.js";
import { chatDeliveriesRepository, type NewDelivery } from "./chat-deliveries.repository.js";
import { presentDelivery } from "./chat-integration.presenter.js";
import { buildTestMessage, type ChatMessage } from "./chat-message.js";
import { nextDeliveryStep } from "./chat-retry.js";
import { webhookPolicy } from "./chat-setting.js";

/** The job that makes one try of one delivery. */
export const DELIVER_JOB = "integrations.deliver";

/** How long a try may take, connection and answer included. */
const DELIVERY_TIMEOUT_MS = 10_000;

/** How long a try holds its delivery: longer than a try can take, after which a run of a job left by a dead process takes it. */
const TRY_LEASE_MS = 60_000;

/** An unfinished delivery whose try is this late lost its job: the sweep enqueues it again. */
const LOST_AFTER_MS = 10 * 60_000;

/** An unfinished delivery this old is given up: a message about a day-old change is no longer news. */
const GIVE_UP_AFTER_MS = 24 * 3600_000;

/** Deliveries the sweep looks at per run. */
const SWEEP_BATCH = 200;

/**
 * Writes deliveries and enqueues the first try of each, in `db`, the transaction of the change or of the
 * event's hand-out: rows and jobs commit together, so a message is neither lost nor sent without its row.
 */
export async function enqueueDeliveries(ctx: AppContext, db: Kysely<Database>, deliveries: readonly NewDelivery[]): Promise<number[]> {
  const ids = await chatDeliveriesRepository(db).insertDeliveries(deliveries);
  for (const id of ids) await ctx.jobs.enqueue(DELIVER_JOB, { deliveryId: id }, { key: `${id}:1`, transaction: db });
  return ids;
}

/** A new delivery of a message to a project's channel, due now. */
export function newDelivery(projectId: number, event: string, message: ChatMessage, at: string): NewDelivery {
  return { project_id: projectId, channel: "slack", event, payload: JSON.stringify(message), status: "pending", last_error: null, next_try_at: at, created_at: at, updated_at: at, delivered_at: null };
}

/**
 * The chat integration: the delivery log and the test message (for those who manage the project), and the
 * tries of each delivery, run as jobs. Each try re-reads the project's setting, so a message goes to the
 * address saved now, and none goes once the integration is off (but a test message).
 */
export function chatIntegrationService(ctx: AppContext, access: ProjectAccessService) {
  const deliveries = chatDeliveriesRepository(ctx.db);
  const policy = webhookPolicy(ctx.config);
  const tz = ctx.config.timezone;

  async function requireManager(actor: Actor, projectId: number): Promise<void> {
    const projectAccess = await access.requireAccess(actor, projectId);
    if (!projectPolicy.canManageSettings(projectAccess)) throw forbidden(say("integrations.who_may_manage_integrations"));
  }

  /** Ends a delivery: the log keeps the newest of the project. */
  async function finish(id: number, projectId: number, step: { status: "delivered" } | { status: "failed"; error: string }): Promise<void> {
    const at = nowUtc();
    if (step.status === "delivered") await deliveries.markDelivered(id, at);
    else await deliveries.markFailed(id, step.error, at);
    await deliveries.pruneFinished(projectId, CHAT_DELIVERY_LOG_SIZE);
  }

  /**
   * A delivery whose last try died mid-way (the process stopped) cannot be taken again: once that try's lease
   * is over, it is given up rather than left waiting.
   */
  async function giveUpIfSpent(id: number, now: number): Promise<void> {
    const row = await deliveries.findDelivery(id);
    if (!row || (row.status !== "pending" && row.status !== "retrying") || row.tries < CHAT_DELIVERY_MAX_TRIES) return;
    if (row.next_try_at !== null && parseStored(row.next_try_at).getTime() > now) return;
    await finish(row.id, row.project_id, { status: "failed", error: row.last_error ?? `No answer after ${CHAT_DELIVERY_MAX_TRIES} tries.` });
  }

  /** Plans the next try: the row's due time and the try's job, both or neither. */
  async function planRetry(id: number, tries: number, error: string, delayMs: number): Promise<void> {
    const runAt = new Date(Date.now() + delayMs);
    await ctx.db.transaction().execute(async (trx) => {
      await chatDeliveriesRepository(trx).markRetrying(id, error, toStoredTimestamp(runAt), nowUtc());
      await ctx.jobs.enqueue(DELIVER_JOB, { deliveryId: id }, { key: `${id}:${tries + 1}`, runAt, transaction: trx });
    });
  }

  return {
    /** A project's newest deliveries, newest first (the log of the Integrations tab). */
    async listDeliveries(actor: Actor, projectId: number): Promise<ChatDelivery[]> {
      await requireManager(actor, projectId);
      const rows = await deliveries.listLatest(projectId, CHAT_DELIVERY_LOG_SIZE);
      return rows.map((row) => presentDelivery(row, tz));
    },

    /** Queues a test message to the project's saved webhook, whether the integration is on or not. */
    async sendTest(actor: Actor, projectId: number): Promise<ChatDelivery> {
      await requireManager(actor, projectId);
      const saved = (await deliveries.findChatSettings([projectId])).get(projectId);
      if (!saved || readSlackSetting(saved.json).webhook === "") throw new AppError("rule_broken", say("integrations.chat_webhook_missing"));
      const title = saved.projectTitle;
      const at = nowUtc();
      const [id] = await ctx.db.transaction().execute((trx) =>
        enqueueDeliveries(ctx, trx, [newDelivery(projectId, "test", buildTestMessage(actor.displayName, { id: projectId, title }, ctx.config.publicUrl), at)]),
      );
      const row = id === undefined ? undefined : await deliveries.findDelivery(id);
      if (!row) throw new Error("The test delivery was not written");
      return presentDelivery(row, tz);
    },

    /**
     * Makes the next try of a delivery. Safe to run twice: a finished delivery is never sent again, and a
     * try is taken with a lease on the row (so two runs never send the same try; a job that comes before its
     * delivery's next try, a stale copy, does nothing).
     */
    async deliver(deliveryId: number): Promise<void> {
      const now = Date.now();
      const row = await deliveries.claimDue(deliveryId, toStoredTimestamp(new Date(now)), toStoredTimestamp(new Date(now + TRY_LEASE_MS)));
      if (!row) return giveUpIfSpent(deliveryId, now);
      const { tries } = row;
      const setting = readSlackSetting((await deliveries.findChatSettings([row.project_id])).get(row.project_id)?.json);
      if (row.event !== "test" && setting.status !== "enable") {
        return finish(row.id, row.project_id, { status: "failed", error: "The chat integration was turned off before this message was sent." });
      }
      if (setting.webhook === "") return finish(row.id, row.project_id, { status: "failed", error: "No webhook address is saved." });
      const answer = await postJson(setting.webhook, JSON.parse(row.payload), { policy, timeoutMs: DELIVERY_TIMEOUT_MS });
      const step = nextDeliveryStep(answer, tries, { baseDelayMs: ctx.config.webhookRetryMs });
      if (step.status === "retrying") return planRetry(row.id, tries, step.error, step.delayMs);
      return finish(row.id, row.project_id, step);
    },

    /**
     * Finds unfinished deliveries whose try is long overdue (its job was lost, or the module was off when it
     * ran) and enqueues that try again; gives up those older than a day.
     */
    async sweepOverdue(): Promise<void> {
      const now = Date.now();
      const overdue = await deliveries.listOverdue(toStoredTimestamp(new Date(now - LOST_AFTER_MS)), SWEEP_BATCH);
      for (const row of overdue) {
        if (parseStored(row.created_at).getTime() < now - GIVE_UP_AFTER_MS) {
          await finish(row.id, row.project_id, { status: "failed", error: row.last_error ?? "Not sent within a day." });
          continue;
        }
        // The key of the try due: a job of that try still waiting makes this a no-op.
        await ctx.jobs.enqueue(DELIVER_JOB, { deliveryId: row.id }, { key: `${row.id}:${row.tries + 1}` });
      }
    },
  };
}

export type ChatIntegrationService = ReturnType<typeof chatIntegrationService>;

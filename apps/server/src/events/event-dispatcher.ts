import { randomBytes } from "node:crypto";
import type { DomainEventMap, DomainEventName } from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { DatabaseKind } from "../db/kysely.js";
import type { Database } from "../db/schema.js";
import { toStoredTimestamp } from "../lib/dates.js";
import type { DispatchedEvent, SubscriberRegistry } from "./event-subscribers.js";
import { eventsRepository, type Claim } from "./events.repository.js";
import type { EventRow } from "./events.tables.js";

/** Where the dispatcher reports failing subscribers; pino's (and so Fastify's) logger fits. */
export interface EventLogger {
  error(details: object, message: string): void;
}

/** How a dispatcher is built. */
export interface EventDispatcherOptions {
  db: Kysely<Database>;
  kind: DatabaseKind;
  registry: SubscriberRegistry;
  logger?: EventLogger;
  /** Attempts before an event is marked failed (kept, no longer tried). */
  maxAttempts?: number;
  /** How long to wait before the next attempt after `attempts` failures. */
  retryDelayMs?: (attempts: number) => number;
  /** How long a claim holds before another process may take the event over. */
  leaseMs?: number;
  /** Rows claimed per query while draining. */
  batchSize?: number;
}

/** A hold on events written by this dispatcher's process: no other dispatcher takes them before `until`. */
export interface EventLease {
  owner: string;
  until: string;
}

/** Hands committed events to their subscribers. One per app. */
export interface EventDispatcher {
  /** A lease for events about to be written, which this dispatcher will hand out itself after commit. */
  newLease(): EventLease;
  /** Hands out just-committed events written under this dispatcher's lease (`newLease`), in order. Never throws. */
  dispatchHeld(rows: readonly EventRow[]): Promise<void>;
  /** Hands these just-committed events to their subscribers, in order. Never throws. */
  dispatch(ids: readonly number[]): Promise<void>;
  /**
   * Hands every due pending event to its subscribers: those left by a process that stopped before
   * dispatching, and retries. Events first tried less than `settledMs` ago are left to the process that
   * committed them (it hands them out before answering, so its reader sees their effects). Answers how
   * many were handled. Never throws.
   */
  drain(options?: { settledMs?: number }): Promise<number>;
  /** Drains now, then every `intervalMs`. */
  start(intervalMs?: number): Promise<void>;
  /** Stops the timer and waits for a drain under way. */
  stop(): Promise<void>;
}

const DEFAULT_MAX_ATTEMPTS = 8;
const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_INTERVAL_MS = 5_000;
/** How long the periodic drain leaves a new event to the process that wrote it. */
const SETTLE_MS = 10_000;

/** Thrown inside a hand-out whose lease another dispatcher took over, to roll its writes back. */
class LeaseLost extends Error {}

/** 10 s, 20 s, 40 s ... up to an hour: a subscriber down for a while is not hammered. */
function defaultRetryDelayMs(attempts: number): number {
  return Math.min(10_000 * 2 ** (attempts - 1), 3600_000);
}

function toDispatched(row: EventRow): DispatchedEvent {
  return {
    id: row.id,
    name: row.name as DomainEventName,
    payload: JSON.parse(row.payload) as DomainEventMap[DomainEventName],
    actor: { id: row.actor_id, displayName: row.actor_name },
    occurredAt: row.occurred_at,
  };
}

/** Builds the dispatcher of one app (or one worker process) on the outbox of `db`. */
export function createEventDispatcher(options: EventDispatcherOptions): EventDispatcher {
  const repository = eventsRepository(options.db);
  const owner = randomBytes(8).toString("hex");
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelayMs;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  // Small batches: a claim's lease covers its whole batch, which is handled one event at a time.
  const batchSize = options.batchSize ?? 10;
  let timer: NodeJS.Timeout | null = null;
  let draining: Promise<number> | null = null;

  function claimNow(settledMs = 0): Claim {
    const now = Date.now();
    return {
      owner, now: toStoredTimestamp(new Date(now)), until: toStoredTimestamp(new Date(now + leaseMs)), limit: batchSize,
      settledBefore: toStoredTimestamp(new Date(now - settledMs)), skipLocked: options.kind === "postgres",
    };
  }

  /**
   * Hands these events out in one transaction: each run of events of one name goes to each of its handlers
   * at once, then all are marked handed out. The handlers' writes and the marks commit together: once, or
   * not at all.
   */
  async function handOut(rows: readonly EventRow[]): Promise<void> {
    const events = rows.map(toDispatched);
    await options.db.transaction().execute(async (trx) => {
      const outbox = eventsRepository(trx);
      if (options.kind === "postgres") await outbox.commitWithoutWaitingForDisk();
      for (let start = 0; start < events.length; ) {
        const name = events[start]?.name;
        let end = start + 1;
        while (end < events.length && events[end]?.name === name) end += 1;
        const run = events.slice(start, end) as Array<DispatchedEvent<never>>;
        if (name) for (const handler of options.registry.handlersOf(name)) await handler(run, trx);
        start = end;
      }
      const marked = await outbox.markDispatched(rows.map((row) => row.id), owner, toStoredTimestamp(new Date()));
      if (marked !== rows.length) throw new LeaseLost();
    });
  }

  async function handle(row: EventRow): Promise<void> {
    const at = () => toStoredTimestamp(new Date());
    try {
      await handOut([row]);
    } catch (error) {
      // Another dispatcher took the event over after this one's lease ran out: it hands it out, and this
      // one's writes were rolled back.
      if (error instanceof LeaseLost) return;
      const attempts = row.attempts + 1;
      const retryAt = attempts >= maxAttempts ? null : toStoredTimestamp(new Date(Date.now() + retryDelayMs(attempts)));
      options.logger?.error(
        { err: error, eventId: row.id, event: row.name, attempts, willRetry: retryAt !== null },
        retryAt === null ? "An event subscriber kept failing; the event is marked failed." : "An event subscriber failed; the event will be retried.",
      );
      await repository.markFailedAttempt(row.id, owner, { attempts, error: String(error), at: at(), retryAt });
    }
  }

  /**
   * Hands out several events: together in one transaction (a bulk change's events cost one commit, and a
   * handler that takes batches one query for all); if that fails, each on its own, so one failing event
   * neither holds the others back nor loses its own error and retry count.
   */
  async function handleAll(rows: readonly EventRow[]): Promise<void> {
    if (rows.length > 1) {
      try {
        await handOut(rows);
        return;
      } catch {
        // Rolled back whole: each event is tried again alone below, and a real failure is logged there.
      }
    }
    for (const row of rows) await handle(row);
  }

  /** Runs `work`, logging instead of throwing: the outbox keeps what could not be handed out for the next drain. */
  async function guarded<T>(work: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await work();
    } catch (error) {
      options.logger?.error({ err: error }, "The event outbox could not be read; pending events wait for the next drain.");
      return fallback;
    }
  }

  async function drainAll(settledMs: number): Promise<number> {
    let handled = 0;
    for (;;) {
      const rows = await repository.claimDue(claimNow(settledMs));
      await handleAll(rows);
      handled += rows.length;
      if (rows.length < batchSize) return handled;
    }
  }

  const dispatcher: EventDispatcher = {
    newLease() {
      const { owner: leaseOwner, until } = claimNow();
      return { owner: leaseOwner, until };
    },

    dispatchHeld(rows) {
      return guarded(() => handleAll(rows), undefined);
    },

    dispatch(ids) {
      return guarded(async () => handleAll(await repository.claimEvents(ids, claimNow())), undefined);
    },

    drain({ settledMs = 0 } = {}) {
      // One drain at a time per process; a second caller waits for the one under way.
      draining ??= guarded(() => drainAll(settledMs), 0).finally(() => {
        draining = null;
      });
      return draining;
    },

    async start(intervalMs = DEFAULT_INTERVAL_MS) {
      if (timer) return;
      timer = setInterval(() => void dispatcher.drain({ settledMs: SETTLE_MS }), intervalMs);
      timer.unref();
      await dispatcher.drain();
    },

    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await draining;
    },
  };
  return dispatcher;
}

import type { DomainEventMap, DomainEventName } from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";

/** An event as a subscriber receives it, after commit. */
export interface DispatchedEvent<N extends DomainEventName = DomainEventName> {
  /**
   * The outbox row's id. Delivery is at least once (a retry after a failure, a crash before the row was
   * marked done), so a handler that writes keys its write on this id and does nothing the second time.
   */
  id: number;
  name: N;
  payload: DomainEventMap[N];
  /** Who made the change, with the name they had then; `id` null for the system. */
  actor: { id: number | null; displayName: string };
  /** When the change was made (UTC text `YYYY-MM-DD HH:MM:SS`). */
  occurredAt: string;
}

/**
 * Handles one kind of event. `db` is the transaction in which the event is marked handed out: what the
 * handler writes through it commits together with that mark, or not at all, so a database write of a
 * handler (an activity entry, an enqueued job) happens once even when the process stops right after. A
 * handler reads and writes through `db` only: on SQLite this transaction holds the one connection, so a
 * query on the app's own `db` would wait for it forever. A throw rolls the handler's writes back and is
 * logged; the event is retried later. It never fails the change.
 */
export type EventHandler<N extends DomainEventName> = (event: DispatchedEvent<N>, db: Kysely<Database>) => Promise<void>;

/**
 * Handles several events of one kind at once, in the order they were recorded, in the transaction that
 * marks them all handed out (a bulk change records one event per task). Same rules as `EventHandler`; a
 * throw rolls back the whole batch, and each event is then handed out again on its own.
 */
export type EventBatchHandler<N extends DomainEventName> = (events: ReadonlyArray<DispatchedEvent<N>>, db: Kysely<Database>) => Promise<void>;

/** A subscription: a handler of one event, or `{ batch }` for a handler that takes many at once. */
export type EventSubscription<N extends DomainEventName> = EventHandler<N> | { batch: EventBatchHandler<N> };

/** What a module subscribes to: for each event name, one subscription or several. */
export type EventSubscribers = { [N in DomainEventName]?: EventSubscription<N> | ReadonlyArray<EventSubscription<N>> };

/** Every subscriber of an app, by event name. */
export interface SubscriberRegistry {
  /** Adds one subscription for one event name. */
  subscribe<N extends DomainEventName>(name: N, subscription: EventSubscription<N>): void;
  /** Adds every subscription of a module's subscriber map. */
  add(subscribers: EventSubscribers): void;
  /** The handlers of an event name, in the order they were added, each taking a batch of its events. */
  handlersOf<N extends DomainEventName>(name: N): ReadonlyArray<EventBatchHandler<N>>;
}

/** A subscription as a batch handler: one event at a time, in order, for a handler of single events. */
function asBatch<N extends DomainEventName>(subscription: EventSubscription<N>): EventBatchHandler<N> {
  if (typeof subscription !== "function") return subscription.batch;
  return async (events, db) => {
    for (const event of events) await subscription(event, db);
  };
}

/** An empty registry; `add` the subscriber maps of the app's modules to it. */
export function createSubscriberRegistry(): SubscriberRegistry {
  // Keyed by name, so each list holds handlers of that name only; the casts below restate that.
  const handlers = new Map<DomainEventName, Array<EventBatchHandler<DomainEventName>>>();
  const registry: SubscriberRegistry = {
    subscribe(name, subscription) {
      const list = handlers.get(name) ?? [];
      list.push(asBatch(subscription) as unknown as EventBatchHandler<DomainEventName>);
      handlers.set(name, list);
    },
    add(subscribers) {
      for (const name of Object.keys(subscribers) as DomainEventName[]) {
        const entry = subscribers[name] as EventSubscription<DomainEventName> | ReadonlyArray<EventSubscription<DomainEventName>> | undefined;
        if (!entry) continue;
        for (const subscription of Array.isArray(entry) ? entry : [entry]) registry.subscribe(name, subscription as EventSubscription<DomainEventName>);
      }
    },
    handlersOf<N extends DomainEventName>(name: N) {
      return (handlers.get(name) ?? []) as unknown as ReadonlyArray<EventBatchHandler<N>>;
    },
  };
  return registry;
}

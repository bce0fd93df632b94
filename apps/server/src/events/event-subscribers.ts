import type { DomainEventMap, DomainEventName } from "@plotline/contracts";

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

/** Handles one kind of event. A throw is logged and the event retried later; it never fails the change. */
export type EventHandler<N extends DomainEventName> = (event: DispatchedEvent<N>) => Promise<void>;

/** What a module subscribes to: for each event name, one handler or several. */
export type EventSubscribers = { [N in DomainEventName]?: EventHandler<N> | ReadonlyArray<EventHandler<N>> };

/** Every subscriber of an app, by event name. */
export interface SubscriberRegistry {
  /** Adds one handler for one event name. */
  subscribe<N extends DomainEventName>(name: N, handler: EventHandler<N>): void;
  /** Adds every handler of a module's subscriber map. */
  add(subscribers: EventSubscribers): void;
  /** The handlers of an event name, in the order they were added. */
  handlersOf<N extends DomainEventName>(name: N): ReadonlyArray<EventHandler<N>>;
}

/** An empty registry; `add` the subscriber maps of the app's modules to it. */
export function createSubscriberRegistry(): SubscriberRegistry {
  // Keyed by name, so each list holds handlers of that name only; the casts below restate that.
  const handlers = new Map<DomainEventName, Array<EventHandler<DomainEventName>>>();
  const registry: SubscriberRegistry = {
    subscribe(name, handler) {
      const list = handlers.get(name) ?? [];
      list.push(handler as unknown as EventHandler<DomainEventName>);
      handlers.set(name, list);
    },
    add(subscribers) {
      for (const name of Object.keys(subscribers) as DomainEventName[]) {
        const entry = subscribers[name] as EventHandler<DomainEventName> | ReadonlyArray<EventHandler<DomainEventName>> | undefined;
        if (!entry) continue;
        for (const handler of Array.isArray(entry) ? entry : [entry]) registry.subscribe(name, handler as EventHandler<DomainEventName>);
      }
    },
    handlersOf<N extends DomainEventName>(name: N) {
      return (handlers.get(name) ?? []) as unknown as ReadonlyArray<EventHandler<N>>;
    },
  };
  return registry;
}

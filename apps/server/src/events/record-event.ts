import type { DomainEvent } from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { Actor } from "../lib/actor.js";
import { nowUtc } from "../lib/dates.js";
import type { EventDispatcher, EventLease } from "./event-dispatcher.js";
import { eventsRepository } from "./events.repository.js";
import type { EventRow } from "./events.tables.js";

/** What `transact` needs of the app context. */
export interface EventsContext {
  db: Kysely<Database>;
  events: EventDispatcher;
}

/** The events each open `transact` transaction wrote, to hand out once it commits, and the lease they carry. */
const recordedIn = new WeakMap<Kysely<Database>, { rows: EventRow[]; lease: EventLease }>();

/**
 * Runs `work` in a transaction and, once it committed, hands the events it recorded to their subscribers
 * before answering, so a read right after the change sees its effects (its activity entry). A rolled-back
 * transaction took its events with it, so none is handed out. A subscriber's failure does not reach the
 * caller: the event stays in the outbox and is retried.
 */
export async function transact<T>(ctx: EventsContext, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  // The events are written already held by this process's dispatcher, so no other process's drain takes
  // them before this one hands them out, and handing them out needs no claim.
  const recorded = { rows: [] as EventRow[], lease: ctx.events.newLease() };
  const result = await ctx.db.transaction().execute((trx) => {
    recordedIn.set(trx, recorded);
    return work(trx);
  });
  if (recorded.rows.length > 0) await ctx.events.dispatchHeld(recorded.rows);
  return result;
}

/**
 * Writes several domain events to the outbox in one statement per 100, as `recordEvent` writes one: a bulk
 * change records one event per task without a round trip each.
 */
export async function recordEvents(trx: Kysely<Database>, actor: Pick<Actor, "id" | "displayName"> | null, events: readonly DomainEvent[]): Promise<number[]> {
  if (events.length === 0) return [];
  const recorded = recordedIn.get(trx);
  const occurredAt = nowUtc();
  const rows = await eventsRepository(trx).insertEvents(
    events.map((event) => ({
      name: event.name,
      payload: JSON.stringify(event.payload),
      actor_id: actor?.id ?? null,
      actor_name: actor?.displayName ?? "",
      occurred_at: occurredAt,
      lease_owner: recorded?.lease.owner ?? null,
      lease_until: recorded?.lease.until ?? null,
    })),
  );
  recorded?.rows.push(...rows);
  return rows.map((row) => row.id);
}

/**
 * Writes a domain event to the outbox inside the change's transaction `trx`; answers its id. In a
 * transaction opened by `transact` it is handed to subscribers right after commit; in any other it waits
 * for the dispatcher's next drain (within seconds), so services record through `transact`.
 */
export async function recordEvent(trx: Kysely<Database>, actor: Pick<Actor, "id" | "displayName"> | null, event: DomainEvent): Promise<number> {
  const [id] = await recordEvents(trx, actor, [event]);
  if (id === undefined) throw new Error("The outbox answered no id for a written event");
  return id;
}

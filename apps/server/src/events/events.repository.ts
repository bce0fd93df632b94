import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { chunkIds } from "../db/sql-helpers.js";
import type { EventRow } from "./events.tables.js";

/** A new outbox row. */
export interface NewEvent {
  name: string;
  payload: string;
  actor_id: number | null;
  actor_name: string;
  occurred_at: string;
  /** The dispatcher that will hand the event out right after commit, and until when no other may take it. */
  lease_owner: string | null;
  lease_until: string | null;
}

/** How a dispatcher claims rows: who it is, the time now and until when its lease holds. */
export interface Claim {
  owner: string;
  now: string;
  until: string;
  limit: number;
  /** A drain takes an event never tried only when it occurred by then (see `EventDispatcher.drain`). */
  settledBefore?: string;
  /**
   * PostgreSQL: pass over rows another claim is taking at this moment, so that dispatchers claiming at once
   * each get rows of their own instead of all picking the same ones and all but one getting none. SQLite
   * runs one writer at a time and has no such clause.
   */
  skipLocked: boolean;
}

/** Queries of the outbox. */
export function eventsRepository(db: Kysely<Database>) {
  /**
   * Claims due, unclaimed rows (of `ids` when given) for one dispatcher. The lease is re-checked by the
   * update itself, so when two processes pick the same rows only one of them gets each: on PostgreSQL the
   * second update waits for the first's row lock and then finds the lease taken (with `skipLocked` it picks
   * other rows in the first place); SQLite runs one writer.
   */
  async function claim(claim: Claim, ids?: readonly number[]): Promise<EventRow[]> {
    const due = db
      .selectFrom("events")
      .select("id")
      .where("dispatched_at", "is", null)
      .where("failed_at", "is", null)
      .where("next_attempt_at", "<=", claim.now)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", claim.now)]))
      .$if(ids !== undefined, (query) => query.where("id", "in", ids ?? []))
      .$if(claim.settledBefore !== undefined, (query) =>
        query.where((eb) => eb.or([eb("attempts", ">", 0), eb("occurred_at", "<=", claim.settledBefore ?? claim.now)])),
      )
      .orderBy("id")
      .limit(claim.limit)
      .$if(claim.skipLocked, (query) => query.forUpdate().skipLocked());
    const rows = await db
      .updateTable("events")
      .set({ lease_owner: claim.owner, lease_until: claim.until })
      .where("id", "in", due)
      .where("dispatched_at", "is", null)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", claim.now)]))
      .returningAll()
      .execute();
    return rows.sort((a, b) => a.id - b.id);
  }

  return {
    /** Writes one event; answers it as stored. */
    /**
     * Writes several events with one statement per 100. Rows of one insert take increasing ids in the
     * order given (SQLite's rowids and PostgreSQL's sequence alike), so the ids answered, sorted, follow it.
     */
    async insertEvents(events: readonly NewEvent[]): Promise<EventRow[]> {
      const written: EventRow[] = [];
      for (let start = 0; start < events.length; start += 100) {
        const rows = events.slice(start, start + 100).map((event) => ({ ...event, attempts: 0, next_attempt_at: event.occurred_at }));
        const ids = (await db.insertInto("events").values(rows).returning("id").execute()).map((row) => row.id).sort((a, b) => a - b);
        rows.forEach((row, index) => written.push({ ...row, id: ids[index] ?? 0, dispatched_at: null, failed_at: null, last_error: null }));
      }
      return written;
    },


    /** Claims these events, those still pending and not held by another dispatcher. */
    claimEvents(ids: readonly number[], how: Claim): Promise<EventRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return claim(how, ids);
    },

    /** Claims the oldest pending events that are due, up to `how.limit`. */
    claimDue(how: Claim): Promise<EventRow[]> {
      return claim(how);
    },

    /**
     * PostgreSQL: lets the current transaction commit without waiting for its WAL to reach the disk. Safe
     * for a hand-out: its writes and its dispatched mark are lost together, if at all (a crash within a
     * fraction of a second), and the event, committed durably with its change, is then handed out again.
     */
    async commitWithoutWaitingForDisk(): Promise<void> {
      await sql`set local synchronous_commit to off`.execute(db);
    },

    /** Marks an event handled by every subscriber, only while this dispatcher still holds it; answers whether it did. */
    /** Marks events handed out, those `owner` still holds; answers how many it marked. */
    async markDispatched(ids: readonly number[], owner: string, at: string): Promise<number> {
      let marked = 0;
      for (const chunk of chunkIds(ids, 500)) {
        const result = await db
          .updateTable("events")
          .set({ dispatched_at: at, lease_until: null, lease_owner: null })
          .where("id", "in", chunk)
          .where("lease_owner", "=", owner)
          .executeTakeFirst();
        marked += Number(result.numUpdatedRows);
      }
      return marked;
    },

    /** Records a failed attempt: tried again from `retryAt`, or given up on when `retryAt` is null. */
    async markFailedAttempt(id: number, owner: string, failure: { attempts: number; error: string; at: string; retryAt: string | null }): Promise<void> {
      await db
        .updateTable("events")
        .set({
          attempts: failure.attempts,
          last_error: failure.error.slice(0, 2000),
          next_attempt_at: failure.retryAt ?? failure.at,
          failed_at: failure.retryAt === null ? failure.at : null,
          lease_until: null,
          lease_owner: null,
        })
        .where("id", "=", id)
        .where("lease_owner", "=", owner)
        .execute();
    },

    /** Deletes events handed out before `dispatchedBefore` and those given up on before `failedBefore`. Answers how many went. */
    async deleteSettledBefore(dispatchedBefore: string, failedBefore: string): Promise<number> {
      const result = await db
        .deleteFrom("events")
        .where((eb) => eb.or([eb("dispatched_at", "<", dispatchedBefore), eb("failed_at", "<", failedBefore)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** One event by id, for tests and inspection. */
    findEvent(id: number): Promise<EventRow | undefined> {
      return db.selectFrom("events").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** How many events are still pending (neither dispatched nor failed). */
    async countPending(): Promise<number> {
      const row = await db
        .selectFrom("events")
        .select(sql<number>`count(*)`.as("count"))
        .where("dispatched_at", "is", null)
        .where("failed_at", "is", null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

export type EventsRepository = ReturnType<typeof eventsRepository>;

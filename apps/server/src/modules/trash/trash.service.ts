import { UNDO_WINDOW_MS, type DomainEvent, type DomainEventOf, type ModuleKey, type Restored, type TrashKind, type UndoTicket } from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { AppContext } from "../../context.js";
import { readSchemaKeys, type SchemaKeys } from "../../db/cascades.js";
import type { Database } from "../../db/schema.js";
import { recordEvents, transact } from "../../events/record-event.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound, say } from "../../lib/app-error.js";
import { nowUtc, parseStored, toStoredTimestamp } from "../../lib/dates.js";
import type { Storage } from "../../storage/storage.js";
import type { ModuleStatesService } from "../module-states/module-states.service.js";
import type { ProjectAccessService } from "../projects/project-access.js";
import { BLOB_COLUMNS } from "./trash.links.js";
import { presentRestored, presentTicket } from "./trash.presenter.js";
import { trashRepository } from "./trash.repository.js";
import { restoreSnapshot } from "./trash.restore.js";
import { collectDeleted, removeCollected, type TrashSnapshot } from "./trash.snapshot.js";
import type { TrashEntryRow } from "./trash.tables.js";

/** The deletion events whose records the trash can bring back. */
export type DeletionEvent = DomainEventOf<"task.deleted"> | DomainEventOf<"task_list.deleted"> | DomainEventOf<"comment.deleted"> | DomainEventOf<"file.deleted">;

/** What a delete hands the trash: the records it names, and the events that tell of it. */
export interface Discard {
  projectId: number;
  kind: TrashKind;
  /** The records the delete names, by table and id (`{ tasks: [12] }`); what hangs on them is found. */
  roots: Readonly<Record<string, readonly number[]>>;
  /** The `*.deleted` events, recorded with the delete; their `*.restored` twins are recorded on undo. */
  events: readonly DeletionEvent[];
  /**
   * What the delete changes first, in its transaction, so that the rows kept are the ones to bring back
   * (the time tracker stops the timers running on the tasks going).
   */
  before?: (trx: Kysely<Database>) => Promise<void>;
}

/** The event a restore records for a deletion: the same payload under the `restored` name. */
function restoredTwin(event: DeletionEvent): DomainEvent {
  switch (event.name) {
    case "task.deleted":
      return { name: "task.restored", payload: event.payload };
    case "task_list.deleted":
      return { name: "task_list.restored", payload: event.payload };
    case "comment.deleted":
      return { name: "comment.restored", payload: event.payload };
    case "file.deleted":
      return { name: "file.restored", payload: event.payload };
  }
}

/** The modules-list switch each kind belongs to: while it is off, undo answers as that module's calls do. */
const KIND_SWITCH: Record<TrashKind, ModuleKey> = { task: "core", tasks: "core", task_list: "core", comment: "core", file: "files" };

/** Expired entries purged per run of the sweep. */
const SWEEP_BATCH = 200;

/**
 * The trash: deletes that can be undone for `UNDO_WINDOW_MS`. A delete hands its records to `discard`,
 * which, in one transaction, keeps every row the delete removes and removes them; `restore` puts them back
 * whole with their ids; a job purges the entry and its file bytes once the window has passed.
 */
export function trashService(ctx: AppContext, access: ProjectAccessService, moduleStates: ModuleStatesService, storage: Storage) {
  // Row locks on PostgreSQL keep new rows from coming to hang on the kept ones before the delete commits;
  // SQLite runs one writer at a time.
  const lock = ctx.kind === "postgres";
  let schema: Promise<SchemaKeys> | null = null;

  /**
   * The schema's keys, read once, through the caller's transaction (on SQLite it holds the one connection,
   * so a read through the app's own handle would wait for it).
   */
  function schemaKeys(db: Kysely<Database>): Promise<SchemaKeys> {
    schema ??= readSchemaKeys({ db, kind: ctx.kind }).catch((error: unknown) => {
      schema = null;
      throw error;
    });
    return schema;
  }

  /** The storage keys of the kept uploads. */
  function blobKeysOf(snapshot: TrashSnapshot): string[] {
    return snapshot.groups.flatMap((group) =>
      group.rows.flatMap((row) => (BLOB_COLUMNS[group.table] ?? []).map((column) => row[column]).filter((key): key is string => typeof key === "string")));
  }

  async function schedulePurge(entry: Pick<TrashEntryRow, "id" | "expires_at">): Promise<void> {
    try {
      await ctx.jobs.enqueue("trash.purge", { id: entry.id }, { runAt: parseStored(entry.expires_at), key: String(entry.id) });
    } catch {
      // The delete has committed and stays undoable; the sweep (`trash.purge-expired`) purges an entry whose
      // job could not be enqueued.
    }
  }

  async function purgeEntry(id: number): Promise<void> {
    const repository = trashRepository(ctx.db);
    const now = nowUtc();
    const entry = await repository.findEntry(id);
    if (!entry) return;
    // A job run early (another process's clock) waits for the window's end rather than cutting it short.
    if (entry.expires_at > now) return schedulePurge(entry);
    // Taking the row is the claim: a restore at the same moment gets it or finds it gone, never half.
    const taken = await repository.takeExpiredEntry(id, now);
    if (!taken) return;
    // A blob left behind by a storage hiccup is only wasted space.
    await Promise.allSettled((JSON.parse(taken.blob_keys) as string[]).map((key) => storage.delete(key)));
  }

  return {
    /**
     * Removes the records of a delete with everything that hangs on them, keeping every removed row in a
     * trash entry, and records the delete's events: all in one transaction. Answers the undo ticket; the
     * entry's purge is enqueued for the end of its window.
     */
    async discard(actor: Actor, what: Discard): Promise<UndoTicket> {
      const createdAt = new Date();
      const entry = await transact(ctx, async (trx) => {
        const repository = trashRepository(trx);
        const keys = await schemaKeys(trx);
        if (what.before) await what.before(trx);
        const snapshot = await collectDeleted(repository, keys, what.roots, { lock });
        await removeCollected(repository, keys, snapshot);
        await recordEvents(trx, actor, what.events);
        return repository.insertEntry({
          project_id: what.projectId,
          user_id: actor.id,
          kind: what.kind,
          record_ids: JSON.stringify(Object.values(what.roots).flat()),
          rows: JSON.stringify(snapshot),
          events: JSON.stringify(what.events.map(restoredTwin)),
          blob_keys: JSON.stringify(blobKeysOf(snapshot)),
          created_at: toStoredTimestamp(createdAt),
          expires_at: toStoredTimestamp(new Date(createdAt.getTime() + UNDO_WINDOW_MS)),
        });
      });
      await schedulePurge(entry);
      return presentTicket(entry);
    },

    /**
     * `POST pm/v2/undo/{id}`: brings an entry's records back whole, with their ids, and records their
     * `*.restored` events. Only its deleter, within the window (404 otherwise, as for an unknown id); 409
     * naming the record they hang on when it is gone meanwhile, writing nothing.
     */
    async restore(actor: Actor, id: number): Promise<Restored["data"]> {
      const nothing = () => notFound(say("trash.nothing_to_undo"));
      const repository = trashRepository(ctx.db);
      const entry = await repository.findEntry(id);
      if (!entry || entry.user_id !== actor.id || entry.expires_at <= nowUtc()) throw nothing();
      if (!(await moduleStates.isActive(KIND_SWITCH[entry.kind as TrashKind] ?? "core"))) {
        throw new AppError("module_inactive", say("app.module_switched_off_modules_list"));
      }
      if (!(await repository.projectExists(entry.project_id))) throw new AppError("conflict", say("trash.record_gone", { record: "project", id: entry.project_id }));
      await access.requireAccess(actor, entry.project_id);
      await transact(ctx, async (trx) => {
        const inside = trashRepository(trx);
        const taken = await inside.takeLiveEntry(id, actor.id, nowUtc());
        if (!taken) throw nothing();
        await restoreSnapshot(inside, await schemaKeys(trx), JSON.parse(taken.rows) as TrashSnapshot);
        await recordEvents(trx, actor, JSON.parse(taken.events) as DomainEvent[]);
      });
      return presentRestored(entry);
    },

    /** The `trash.purge` job: deletes an expired entry and its file bytes. Nothing to do after a restore or a first run. */
    purge: purgeEntry,

    /** The `trash.purge-expired` sweep: purges expired entries whose job was lost (a process stopped before enqueuing it). */
    async purgeExpired(): Promise<number> {
      const ids = await trashRepository(ctx.db).findExpiredIds(nowUtc(), SWEEP_BATCH);
      for (const id of ids) await purgeEntry(id);
      return ids.length;
    },
  };
}

export type TrashService = ReturnType<typeof trashService>;

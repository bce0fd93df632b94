import { LRUCache } from "lru-cache";
import type { CascadeMap } from "../db/cascades.js";
import { ANY_TABLE, type WriteWatch } from "../db/write-watch.js";
import type { RevisionCounters } from "./shared-state.js";

/**
 * A revision per table, moved on after every commit that wrote the table (by this process or, through
 * Redis, by any other). What a cache keeps is stamped with the revisions of the tables it was read from,
 * read before the rows: a change committed meanwhile moves one on, and the entry is never served again.
 */
export interface TableRevisions {
  /** Reads the revisions of these tables: each call answers them now, as one comparable stamp. */
  stamper(tables: readonly string[]): () => Promise<string>;
}

const keyOf = (table: string) => `table:${table}`;

/**
 * Stands for every table in `dependsOn`: its revision moves on with each commit that wrote anything. For a
 * value read from many modules' tables (a project's counts), which nearly every change touches anyway.
 */
export const EVERY_TABLE = "+";

/**
 * Table revisions kept in `revisions` and moved on by every commit `writes` reports, with the tables its
 * deletes may have reached through foreign keys (`cascades`: a cache names the tables it reads, never the
 * ones whose deletes cascade into them). A statement whose table is unknown (a schema change, a
 * data-modifying CTE) moves every stamp on. Returns the revisions and the function that stops listening.
 */
export function tableRevisions(revisions: RevisionCounters, writes: WriteWatch, cascades: CascadeMap): { tables: TableRevisions; stop: () => void } {
  const stop = writes.onCommit((tables) => {
    const changed = new Set([...tables, EVERY_TABLE]);
    for (const table of tables) for (const reached of cascades.get(table) ?? []) changed.add(reached);
    return revisions.bumpMany([...changed].map(keyOf));
  });
  return {
    tables: {
      stamper(tables) {
        const keys = [ANY_TABLE, ...tables].map(keyOf);
        // With counters in this process alone, a stamp stands until any counter moves: worked out once per
        // change rather than once per read.
        let last: { version: number; stamp: Promise<string> } | null = null;
        return () => {
          const version = revisions.localVersion?.();
          if (version !== undefined && last?.version === version) return last.stamp;
          const stamp = revisions.getMany(keys).then((values) => values.join("."));
          if (version !== undefined) last = { version, stamp };
          return stamp;
        };
      },
    },
    stop,
  };
}

/** What a read cache is told to keep, and how much of it. */
export interface ReadCacheOptions<V> {
  /** Every table the cached value is read from (deletes cascading into them are followed for it). */
  dependsOn: readonly string[];
  /** The most weight kept; the least recently used entries go first. */
  maxWeight: number;
  /** An entry's weight (at least 1); 1 each by default. */
  weigh?: (value: V) => number;
  /**
   * Reads again after this long even without a change seen (ms): a bound on staleness if rows were ever
   * changed behind the app's back (by hand in the database, say). Five minutes by default.
   */
  maxAgeMs?: number;
}

interface Entry<V> {
  stamp: string;
  value: V;
}

/** Values read from the database, each served until a commit writes one of the tables it was read from. */
export interface ReadCache<V> {
  /** The current stamp of the cache's tables: read it before reading the rows a value is built from. */
  stamp(): Promise<string>;
  /** The value kept for `key` under `stamp`, if any. */
  peek(key: string, stamp: string): V | undefined;
  /** Keeps `value`, read after `stamp` was taken. */
  put(key: string, stamp: string, value: V): void;
  /** The kept value for `key`, or `load`'s (one load at a time per key and stamp, whoever asks). */
  get(key: string, load: () => Promise<V>): Promise<V>;
}

/** A bounded cache of read values, invalidated by the table revisions of `tables`. */
export function readCache<V extends object>(tables: TableRevisions, options: ReadCacheOptions<V>): ReadCache<V> {
  const weigh = options.weigh ?? (() => 1);
  const entries = new LRUCache<string, Entry<V>>({
    maxSize: options.maxWeight,
    sizeCalculation: (entry) => Math.max(1, weigh(entry.value)),
    ttl: options.maxAgeMs ?? 5 * 60_000,
  });
  const loading = new Map<string, Promise<V>>();

  const cache: ReadCache<V> = {
    stamp: tables.stamper(options.dependsOn),
    peek(key, stamp) {
      const entry = entries.get(key);
      return entry?.stamp === stamp ? entry.value : undefined;
    },
    put(key, stamp, value) {
      if (weigh(value) > options.maxWeight) return;
      entries.set(key, { stamp, value });
    },
    async get(key, load) {
      const stamp = await cache.stamp();
      const kept = cache.peek(key, stamp);
      if (kept !== undefined) return kept;
      const loadKey = `${stamp}|${key}`;
      const pending = loading.get(loadKey);
      if (pending) return pending;
      const loaded = load().then((value) => {
        cache.put(key, stamp, value);
        return value;
      });
      loading.set(loadKey, loaded);
      try {
        return await loaded;
      } finally {
        loading.delete(loadKey);
      }
    },
  };
  return cache;
}

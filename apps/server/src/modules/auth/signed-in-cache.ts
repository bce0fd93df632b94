import type { RevisionCounters } from "../../shared/shared-state.js";

/** Who a session or token stood for when last read from the database, and until when that holds. */
export interface SignedIn<T> {
  /** The session's end (ms since the epoch); Infinity for a token. */
  expiresAtMs: number;
  value: T;
}

interface Entry<T> extends SignedIn<T> {
  /** The sign-ins' revision before the entry was read: a sign-out or change since moves it on. */
  revision: number;
  /** Read again from the database after this (ms since the epoch), whatever happened. */
  freshUntilMs: number;
}

/** How long a resolved session or token is reused without reading it again. */
const FRESH_MS = 60_000;
/** Sessions and tokens kept at most; the oldest go first. */
const MAX_ENTRIES = 10_000;

/**
 * The revision of every sign-in, bumped by a sign-out, a token deletion or a change to a user. One for the
 * whole site: a cached entry must be checked against a revision read before the entry was loaded, when
 * whose it is was not known yet. Those changes are rare next to requests, so the reloads they cause are too.
 */
const REVISION_KEY = "auth:sign-ins";

/**
 * Resolves sessions and tokens without a database round trip per request: what was read stays for a
 * minute, and is read again at once after any sign-out or user change (`forget`, from any process, since
 * the revision is shared through Redis when there are several). Keyed by the secret's hash.
 */
export function signedInCache<T>(revisions: RevisionCounters, options: { freshMs?: number; maxEntries?: number } = {}) {
  const freshMs = options.freshMs ?? FRESH_MS;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const entries = new Map<string, Entry<T>>();

  return {
    /**
     * The value for `key`, from the cache while it holds, else from `load` (null: no such session or token).
     * The revision is read before `load`, so a sign-out that lands while loading makes the entry stale.
     */
    async resolve(key: string, load: () => Promise<SignedIn<T> | null>): Promise<T | null> {
      const now = Date.now();
      const revision = await revisions.get(REVISION_KEY);
      const cached = entries.get(key);
      if (cached && cached.revision === revision && cached.freshUntilMs > now && cached.expiresAtMs > now) return cached.value;
      entries.delete(key);
      const loaded = await load();
      if (!loaded) return null;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value ?? "");
      entries.set(key, { ...loaded, revision, freshUntilMs: now + freshMs });
      return loaded.value;
    },

    /**
     * Makes every process read sessions and tokens from the database again on their next use. Call it
     * after the change committed (a session or token deleted, a user changed).
     */
    forget(): Promise<void> {
      return forgetSignIns(revisions);
    },
  };
}

export type SignedInCache<T> = ReturnType<typeof signedInCache<T>>;

/** What `forget` does, for changes made outside the auth service (a user's password or role changed). */
export function forgetSignIns(revisions: RevisionCounters): Promise<void> {
  return revisions.bump(REVISION_KEY);
}

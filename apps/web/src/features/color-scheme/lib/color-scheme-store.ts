import type { MantineColorScheme, MantineColorSchemeManager } from "@mantine/core";

/**
 * The id of the last user signed in on this browser. The page reads it before the app starts (see
 * `public/color-scheme.js`), so a reload paints in that user's scheme before `auth/me` answers.
 */
export const LAST_USER_KEY = "plotline:last-user";

/** Prefix of the key under which each user's choice is kept: `plotline:color-scheme:<user id>`. */
export const SCHEME_KEY_PREFIX = "plotline:color-scheme:";

/** The key of one user's choice. */
export const schemeKey = (userId: number) => `${SCHEME_KEY_PREFIX}${userId}`;

/** What the store needs of `localStorage`, so tests can hand it a map. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Whether a stored value is one of the three choices. */
export function isColorSchemeChoice(value: unknown): value is MantineColorScheme {
  return value === "light" || value === "dark" || value === "auto";
}

/** A manager that also knows whose choice it reads and writes. */
export interface UserColorSchemeManager extends MantineColorSchemeManager {
  /** Switches to this user's choice (remembered as the last user of the browser) and answers it. */
  setUser(userId: number): MantineColorScheme;
}

/**
 * Mantine's colour-scheme manager, kept per user: each person signed in on a shared browser gets their own
 * choice back. Storage that throws (private windows, full quota) is treated as empty: the scheme then
 * follows the system, which is the default anyway.
 */
export function createColorSchemeManager(getStorage: () => KeyValueStorage | null): UserColorSchemeManager {
  const attempt = <T>(work: (storage: KeyValueStorage) => T, fallback: T): T => {
    try {
      const storage = getStorage();
      return storage ? work(storage) : fallback;
    } catch {
      return fallback;
    }
  };
  // Read lazily: the first read happens when the provider mounts, after the storage exists.
  let userId: number | null | undefined;
  const currentUser = (): number | null => {
    if (userId === undefined) {
      const stored = attempt((storage) => storage.getItem(LAST_USER_KEY), null);
      userId = stored && /^\d+$/.test(stored) ? Number(stored) : null;
    }
    return userId;
  };
  let listener: ((event: StorageEvent) => void) | null = null;

  const get = (defaultValue: MantineColorScheme): MantineColorScheme => {
    const id = currentUser();
    if (id === null) return defaultValue;
    const stored = attempt((storage) => storage.getItem(schemeKey(id)), null);
    return isColorSchemeChoice(stored) ? stored : defaultValue;
  };

  return {
    get,
    set: (value) => {
      const id = currentUser();
      if (id !== null) attempt((storage) => storage.setItem(schemeKey(id), value), undefined);
    },
    // Another tab of the same user changing the choice changes this one too.
    subscribe: (onUpdate) => {
      if (typeof window === "undefined") return;
      listener = (event) => {
        const id = currentUser();
        if (id !== null && event.key === schemeKey(id) && isColorSchemeChoice(event.newValue)) onUpdate(event.newValue);
      };
      window.addEventListener("storage", listener);
    },
    unsubscribe: () => {
      if (listener) window.removeEventListener("storage", listener);
      listener = null;
    },
    clear: () => {
      const id = currentUser();
      if (id !== null) attempt((storage) => storage.removeItem(schemeKey(id)), undefined);
    },
    setUser: (id) => {
      userId = id;
      attempt((storage) => storage.setItem(LAST_USER_KEY, String(id)), undefined);
      return get("auto");
    },
  };
}

/** The app's one manager, over the browser's localStorage. */
export const colorSchemeManager = createColorSchemeManager(() => (typeof window === "undefined" ? null : window.localStorage));

import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { createColorSchemeManager, LAST_USER_KEY, schemeKey, SCHEME_KEY_PREFIX, type KeyValueStorage } from "./color-scheme-store.js";

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { values: Map<string, string> } {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

describe("the per-user colour scheme", () => {
  it("follows the system when nobody has chosen", () => {
    const manager = createColorSchemeManager(() => memoryStorage());
    expect(manager.get("auto")).toBe("auto");
    expect(manager.setUser(3)).toBe("auto");
  });

  it("keeps each user's choice, and gives it back when they sign in", () => {
    const storage = memoryStorage();
    const manager = createColorSchemeManager(() => storage);
    manager.setUser(3);
    manager.set("dark");
    manager.setUser(4);
    expect(manager.get("auto")).toBe("auto");
    manager.set("light");
    expect(manager.setUser(3)).toBe("dark");
    expect(storage.values.get(schemeKey(4))).toBe("light");
  });

  it("starts with the last user of the browser, before anyone has signed in on this page", () => {
    const manager = createColorSchemeManager(() => memoryStorage({ [LAST_USER_KEY]: "3", [schemeKey(3)]: "dark" }));
    expect(manager.get("auto")).toBe("dark");
  });

  it("ignores what it did not write, and storage that throws", () => {
    expect(createColorSchemeManager(() => memoryStorage({ [LAST_USER_KEY]: "3", [schemeKey(3)]: "purple" })).get("auto")).toBe("auto");
    expect(createColorSchemeManager(() => memoryStorage({ [LAST_USER_KEY]: "x" })).get("light")).toBe("light");
    const refusing: KeyValueStorage = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("SecurityError");
      },
      removeItem: () => undefined,
    };
    const manager = createColorSchemeManager(() => refusing);
    expect(manager.get("auto")).toBe("auto");
    expect(() => manager.set("dark")).not.toThrow();
    expect(manager.setUser(3)).toBe("auto");
  });

  it("forgets the choice on clear, so the system's scheme applies again", () => {
    const storage = memoryStorage();
    const manager = createColorSchemeManager(() => storage);
    manager.setUser(3);
    manager.set("dark");
    manager.clear();
    expect(manager.get("auto")).toBe("auto");
  });

  it("shares its keys with the script that paints the first frame", () => {
    const script = fs.readFileSync(new URL("../../../../public/color-scheme.js", import.meta.url), "utf8");
    expect(script).toContain(`"${LAST_USER_KEY}"`);
    expect(script).toContain(`"${SCHEME_KEY_PREFIX}"`);
  });
});

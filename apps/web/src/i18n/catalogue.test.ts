import { CAPABILITY_GROUPS } from "@plotline/contracts";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { capabilityGroupKey } from "../features/project-settings/lib/capability-group-key.js";
import { CHUNK_CATALOGUES, en } from "./en.js";

/** The English text at a dotted key, or undefined when the catalogue has no such string. */
function lookUp(key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), en);
}

describe("the English catalogue", () => {
  it("holds the heading of every capability group", () => {
    const missing = CAPABILITY_GROUPS.map((group) => capabilityGroupKey(group.capabilities)).filter((key) => typeof lookUp(key) !== "string");
    expect(missing).toEqual([]);
  });

  it("merges the features' strings without one feature shadowing another's top-level key", async () => {
    const featureFiles = import.meta.glob<Record<string, Record<string, unknown>>>("../features/*/i18n/en.ts", { eager: true });
    const owners = new Map<string, string>();
    for (const [path, module] of Object.entries(featureFiles)) {
      for (const strings of Object.values(module)) {
        for (const key of Object.keys(strings)) {
          expect(owners.get(key), `${key} is declared by ${owners.get(key)} and ${path}`).toBeUndefined();
          owners.set(key, path);
          // A chunk's catalogue stays out of the start-up one; every other feature's is in it, as written.
          if ((CHUNK_CATALOGUES as readonly string[]).includes(key)) expect(key in en, key).toBe(false);
          else expect(en[key as keyof typeof en]).toBe(strings[key]);
        }
      }
    }
    expect(owners.size).toBeGreaterThan(15);
    for (const key of CHUNK_CATALOGUES) expect(owners.has(key), key).toBe(true);
  });

  it("types keys, so a misspelt one does not compile", async () => {
    await i18next.init({ lng: "en", resources: { en: { translation: en } } });
    expect(i18next.t("common.retry")).toBe("Try again");
    // @ts-expect-error: the key does not exist; `tsc -p apps/web` fails if keys stop being typed.
    expect(i18next.t("common.retyr")).toBe("common.retyr");
  });
});

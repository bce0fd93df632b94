import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createSecretBox } from "./secret-box.js";

describe("secret box", () => {
  it("opens what it sealed, and every seal differs", () => {
    const box = createSecretBox({ secret: "a long random text", dataDir: "/nonexistent" });
    const first = box.seal("cs_live_123");
    expect(first).not.toContain("cs_live_123");
    expect(box.seal("cs_live_123")).not.toBe(first);
    expect(box.open(first)).toBe("cs_live_123");
  });

  it("refuses a value sealed with another secret or changed", () => {
    const sealed = createSecretBox({ secret: "one", dataDir: "/nonexistent" }).seal("key");
    expect(() => createSecretBox({ secret: "two", dataDir: "/nonexistent" }).open(sealed)).toThrow(/could not be opened/);
    expect(() => createSecretBox({ secret: "one", dataDir: "/nonexistent" }).open(sealed.slice(0, -2) + "AA")).toThrow();
    expect(() => createSecretBox({ secret: "one", dataDir: "/nonexistent" }).open("plain")).toThrow(/Not a sealed value/);
  });

  it("without a secret, makes a key file once and reuses it", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-secret-"));
    try {
      const sealed = createSecretBox({ secret: null, dataDir }).seal("key");
      expect(fs.existsSync(path.join(dataDir, "secret.key"))).toBe(true);
      expect(createSecretBox({ secret: null, dataDir }).open(sealed)).toBe("key");
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

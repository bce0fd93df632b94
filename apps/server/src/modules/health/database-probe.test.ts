import { describe, expect, it } from "vitest";
import { databaseProbe } from "./database-probe.js";

describe("databaseProbe", () => {
  it("asks once for calls within a second, and again after it", async () => {
    let clock = 0;
    let pings = 0;
    const probe = databaseProbe(async () => {
      pings += 1;
    }, () => clock);
    await Promise.all([probe.check(), probe.check(), probe.check()]);
    expect(pings).toBe(1);
    clock = 999;
    await probe.check();
    expect(pings).toBe(1);
    clock = 1_000;
    await probe.check();
    expect(pings).toBe(2);
  });

  it("keeps no failure: each call after one asks the database again", async () => {
    let down = true;
    let pings = 0;
    const probe = databaseProbe(async () => {
      pings += 1;
      if (down) throw new Error("connection refused");
    }, () => 0);
    await expect(probe.check()).rejects.toThrow("connection refused");
    await expect(probe.check()).rejects.toThrow("connection refused");
    expect(pings).toBe(2);
    down = false;
    await probe.check();
    await probe.check();
    expect(pings).toBe(3);
  });
});

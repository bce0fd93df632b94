import { describe, expect, it } from "vitest";
import { createSequenceMatcher } from "./key-sequence.js";

const SEQUENCES = [["?"], ["/"], ["g", "p"], ["g", "m"], ["g", "c"], ["c"]];
const key = (pressed: string) => (step: string) => step === pressed;

/** Presses keys `interval` ms apart and answers what each did. */
function pressAll(keys: string[], interval = 100, timeoutMs?: number) {
  const matcher = createSequenceMatcher(SEQUENCES, timeoutMs);
  return keys.map((pressed, index) => matcher.press(key(pressed), index * interval));
}

describe("the key sequence matcher", () => {
  it("matches a single key at once", () => {
    expect(pressAll(["c"])).toEqual([{ kind: "match", index: 5 }]);
  });

  it("waits after g, then matches g p, g m and g c", () => {
    expect(pressAll(["g", "p"])).toEqual([{ kind: "pending" }, { kind: "match", index: 2 }]);
    expect(pressAll(["g", "m"])[1]).toEqual({ kind: "match", index: 3 });
    expect(pressAll(["g", "c"])[1]).toEqual({ kind: "match", index: 4 });
  });

  it("takes c after g as the calendar, never as a new task", () => {
    const results = pressAll(["g", "c"]);
    expect(results.filter((result) => result.kind === "match")).toEqual([{ kind: "match", index: 4 }]);
  });

  it("forgets the g after the timeout, so c alone is a new task", () => {
    const matcher = createSequenceMatcher(SEQUENCES, 1000);
    expect(matcher.press(key("g"), 0)).toEqual({ kind: "pending" });
    expect(matcher.press(key("c"), 1500)).toEqual({ kind: "match", index: 5 });
  });

  it("starts afresh on a key that continues nothing: g then ? opens the help", () => {
    expect(pressAll(["g", "?"])).toEqual([{ kind: "pending" }, { kind: "match", index: 0 }]);
  });

  it("answers none for keys of no shortcut, and g x leaves nothing pending", () => {
    expect(pressAll(["z"])).toEqual([{ kind: "none" }]);
    expect(pressAll(["g", "x", "p"])).toEqual([{ kind: "pending" }, { kind: "none" }, { kind: "none" }]);
  });

  it("forgets a pending g on reset (the focus went into a field)", () => {
    const matcher = createSequenceMatcher(SEQUENCES);
    matcher.press(key("g"), 0);
    matcher.reset();
    expect(matcher.press(key("p"), 10)).toEqual({ kind: "none" });
  });

  it("matches the same sequence again and again", () => {
    expect(pressAll(["g", "p", "g", "p"])).toEqual([{ kind: "pending" }, { kind: "match", index: 2 }, { kind: "pending" }, { kind: "match", index: 2 }]);
  });
});

import { describe, expect, it } from "vitest";
import { parseQuickAdd } from "./quick-add.js";

describe("parseQuickAdd", () => {
  it("reads a priority mark anywhere in the line and drops it from the title", () => {
    expect(parseQuickAdd("Fix the login !high")).toEqual({ title: "Fix the login", priority: 3 });
    expect(parseQuickAdd("!urgent  Call the printer")).toEqual({ title: "Call the printer", priority: 4 });
    expect(parseQuickAdd("Ship it !LOW today")).toEqual({ title: "Ship it today", priority: 1 });
    expect(parseQuickAdd("Write notes !2")).toEqual({ title: "Write notes", priority: 2 });
    expect(parseQuickAdd("Tidy up !med")).toEqual({ title: "Tidy up", priority: 2 });
  });

  it("leaves marks that are not words of their own, unknown names and a bare mark in the title", () => {
    expect(parseQuickAdd("Wow!high")).toEqual({ title: "Wow!high" });
    expect(parseQuickAdd("Read !important mail")).toEqual({ title: "Read !important mail" });
    expect(parseQuickAdd("Level !9")).toEqual({ title: "Level !9" });
    expect(parseQuickAdd(" !high ")).toEqual({ title: "!high" });
  });

  it("takes the first mark and keeps a second as text", () => {
    expect(parseQuickAdd("A !high !low")).toEqual({ title: "A !low", priority: 3 });
  });
});

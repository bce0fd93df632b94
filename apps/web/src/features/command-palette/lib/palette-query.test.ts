import { describe, expect, it } from "vitest";
import { matchesWords, parsePaletteQuery } from "./palette-query.js";

describe("the palette's query", () => {
  it("reads #123 as a task id, with spaces around or after the #", () => {
    expect(parsePaletteQuery("#123")).toEqual({ kind: "task-id", taskId: 123 });
    expect(parsePaletteQuery("  #42 ")).toEqual({ kind: "task-id", taskId: 42 });
    expect(parsePaletteQuery("# 7")).toEqual({ kind: "task-id", taskId: 7 });
  });

  it("reads anything else as words", () => {
    expect(parsePaletteQuery("#12a")).toEqual({ kind: "text", text: "#12a" });
    expect(parsePaletteQuery("#")).toEqual({ kind: "text", text: "#" });
    expect(parsePaletteQuery("123")).toEqual({ kind: "text", text: "123" });
    expect(parsePaletteQuery("fix #12")).toEqual({ kind: "text", text: "fix #12" });
    expect(parsePaletteQuery(" website ")).toEqual({ kind: "text", text: "website" });
  });

  it("takes no id that cannot exist: zero, or past the API's 32-bit ids", () => {
    expect(parsePaletteQuery("#0")).toEqual({ kind: "text", text: "#0" });
    expect(parsePaletteQuery("#2147483647")).toEqual({ kind: "task-id", taskId: 2147483647 });
    expect(parsePaletteQuery("#2147483648")).toEqual({ kind: "text", text: "#2147483648" });
    expect(parsePaletteQuery("#99999999999")).toEqual({ kind: "text", text: "#99999999999" });
  });

  it("is empty when nothing but spaces is typed", () => {
    expect(parsePaletteQuery("")).toEqual({ kind: "empty" });
    expect(parsePaletteQuery("   ")).toEqual({ kind: "empty" });
  });
});

describe("matching pages and actions by words", () => {
  it("finds by the starts of words, in any order, whatever the case and accents", () => {
    expect(matchesWords("New task", "new ta")).toBe(true);
    expect(matchesWords("New task", "TASK new")).toBe(true);
    expect(matchesWords("Café menu", "cafe")).toBe(true);
    expect(matchesWords("My Tasks", "my-ta")).toBe(true);
  });

  it("needs every word, each at the start of a word", () => {
    expect(matchesWords("New task", "ask")).toBe(false);
    expect(matchesWords("New task", "new project")).toBe(false);
    expect(matchesWords("New task", "  ")).toBe(false);
  });
});

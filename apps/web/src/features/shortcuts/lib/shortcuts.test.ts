import { describe, expect, it } from "vitest";
import { isApplePlatform, SHORTCUTS, shortcutOf, shortcutText, stepLabels } from "./shortcuts.js";

describe("the shortcut registry", () => {
  it("never makes one shortcut the start of another, which the sequence matcher could not tell apart", () => {
    const keys = SHORTCUTS.filter((shortcut) => !shortcut.isBuiltIn).map((shortcut) => shortcut.keys.join(" "));
    for (const shorter of keys) {
      for (const longer of keys) {
        if (shorter !== longer) expect(longer.startsWith(`${shorter} `), `${shorter} starts ${longer}`).toBe(false);
      }
    }
  });

  it("shows Ctrl+K on Windows and Linux, ⌘K on a Mac", () => {
    expect(stepLabels("mod+k", false)).toEqual(["Ctrl", "K"]);
    expect(stepLabels("mod+k", true)).toEqual(["⌘", "K"]);
    expect(shortcutText(shortcutOf("palette"), false, "then")).toBe("Ctrl+K");
    expect(shortcutText(shortcutOf("palette"), true, "then")).toBe("⌘K");
  });

  it("shows sequences with the word between their keys, and characters as they are", () => {
    expect(shortcutText(shortcutOf("go_projects"), false, "then")).toBe("G then P");
    expect(shortcutText(shortcutOf("help"), false, "then")).toBe("?");
    expect(stepLabels("Escape", false)).toEqual(["Esc"]);
    expect(stepLabels(" ", false)).toEqual(["Space"]);
    expect(stepLabels("Enter", true)).toEqual(["Enter"]);
  });

  it("recognises Apple platforms", () => {
    expect(isApplePlatform("MacIntel")).toBe(true);
    expect(isApplePlatform("macOS")).toBe(true);
    expect(isApplePlatform("iPhone")).toBe(true);
    expect(isApplePlatform("Linux x86_64")).toBe(false);
    expect(isApplePlatform("Win32")).toBe(false);
  });
});

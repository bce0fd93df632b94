import { describe, expect, it } from "vitest";
import { isCharacterStep, isTypingTarget, type ElementLike, type KeyPress } from "./key-events.js";

const element = (tagName: string, attributes: Record<string, string> = {}, isContentEditable = false): ElementLike => ({
  tagName,
  isContentEditable,
  getAttribute: (name) => attributes[name] ?? null,
});

const press = (key: string, modifiers: Partial<KeyPress> = {}): KeyPress => ({ key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...modifiers });

describe("typing targets", () => {
  it("counts text inputs, textareas, selects and editable text as typing", () => {
    expect(isTypingTarget(element("INPUT"))).toBe(true);
    expect(isTypingTarget(element("input", { type: "search" }))).toBe(true);
    expect(isTypingTarget(element("TEXTAREA"))).toBe(true);
    expect(isTypingTarget(element("SELECT"))).toBe(true);
    expect(isTypingTarget(element("DIV", {}, true))).toBe(true);
    expect(isTypingTarget(element("DIV", { role: "textbox" }))).toBe(true);
  });

  it("lets shortcuts through on checkboxes, buttons, links and the page", () => {
    expect(isTypingTarget(element("INPUT", { type: "checkbox" }))).toBe(false);
    expect(isTypingTarget(element("BUTTON"))).toBe(false);
    expect(isTypingTarget(element("A"))).toBe(false);
    expect(isTypingTarget(element("BODY"))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe("character steps", () => {
  it("matches the character typed, with or without Shift", () => {
    expect(isCharacterStep("?", press("?", { shiftKey: true }))).toBe(true);
    expect(isCharacterStep("/", press("/", { shiftKey: true }))).toBe(true);
    expect(isCharacterStep("g", press("g"))).toBe(true);
  });

  it("does not take a capital for a letter, nor a press with Ctrl, ⌘ or Alt", () => {
    expect(isCharacterStep("c", press("C", { shiftKey: true }))).toBe(false);
    expect(isCharacterStep("c", press("c", { ctrlKey: true }))).toBe(false);
    expect(isCharacterStep("c", press("c", { metaKey: true }))).toBe(false);
    expect(isCharacterStep("c", press("c", { altKey: true }))).toBe(false);
  });

  it("matches the space bar and Enter, but not Shift+Enter nor Ctrl+Enter", () => {
    expect(isCharacterStep(" ", press(" "))).toBe(true);
    expect(isCharacterStep("Enter", press("Enter"))).toBe(true);
    expect(isCharacterStep("Enter", press("Enter", { shiftKey: true }))).toBe(false);
    expect(isCharacterStep("Enter", press("Enter", { ctrlKey: true }))).toBe(false);
    expect(isCharacterStep("e", press("Enter"))).toBe(false);
  });
});

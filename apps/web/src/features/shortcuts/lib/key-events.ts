/** The parts of a key event the shortcuts read; a plain object in tests. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/** The parts of an element the typing test reads; a plain object in tests. */
export interface ElementLike {
  tagName: string;
  isContentEditable?: boolean;
  getAttribute(name: string): string | null;
}

/** Input types where keys are not text: a shortcut pressed on a focused checkbox still counts. */
const NON_TEXT_INPUTS = new Set(["checkbox", "radio", "button", "submit", "reset", "range", "color", "file", "image"]);

/**
 * Whether keys pressed on this element are typing: a text input, a textarea, a select, anything editable
 * (the rich-text editor) or a custom text box. Shortcuts never fire there.
 */
export function isTypingTarget(element: ElementLike | null | undefined): boolean {
  if (!element) return false;
  const tag = element.tagName.toUpperCase();
  if (tag === "INPUT") return !NON_TEXT_INPUTS.has((element.getAttribute("type") ?? "text").toLowerCase());
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (element.isContentEditable) return true;
  const role = element.getAttribute("role");
  return role === "textbox" || role === "searchbox" || role === "combobox";
}

/** Whether any of Ctrl, ⌘ or Alt is held: such a press is the browser's or the system's, not a letter. */
export function hasCommandModifier(press: KeyPress): boolean {
  return press.ctrlKey || press.metaKey || press.altKey;
}

/** Keys that are no character but may be a step of a shortcut, by their `key` name. */
const NAMED_STEPS = new Set(["Enter"]);

/**
 * Whether a key press is a character step of a shortcut (`"g"`, `"?"`, `"/"`, `" "`) or a named one
 * (`"Enter"`): the character typed, with Shift ignored (layouts differ on which characters need it),
 * letters compared as typed, so Shift+G (a capital) is not `g`. Shift+Enter is not Enter.
 */
export function isCharacterStep(step: string, press: KeyPress): boolean {
  if (hasCommandModifier(press)) return false;
  if (NAMED_STEPS.has(step)) return press.key === step && !press.shiftKey;
  return step.length === 1 && press.key === step;
}

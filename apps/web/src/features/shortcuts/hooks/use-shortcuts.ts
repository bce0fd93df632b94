import { useEffect, useEffectEvent } from "react";
import { useTranslation } from "react-i18next";
import { hasCommandModifier, isCharacterStep, isTypingTarget } from "../lib/key-events.js";
import { createSequenceMatcher } from "../lib/key-sequence.js";
import { currentPlatform, isApplePlatform, SHORTCUTS, shortcutOf, shortcutText, type ShortcutDefinition, type ShortcutId } from "../lib/shortcuts.js";

/** What a shortcut does; it gets the element that had the focus (a task row, for the row shortcuts). */
export type ShortcutHandlers = Partial<Record<ShortcutId, (target: Element | null) => void>>;

/** The shortcuts this handler recognises: character sequences (Ctrl+K goes through Mantine's useHotkeys). */
const DISPATCHED: readonly ShortcutDefinition[] = SHORTCUTS.filter((shortcut) => !shortcut.isBuiltIn && !shortcut.inFields);

/** Keys that only modify the next one: pressing Shift for `?` must not cancel a pending `g`. */
const MODIFIER_KEYS = new Set(["Shift", "Control", "Alt", "AltGraph", "Meta", "CapsLock", "OS"]);

/** Widgets that use letter keys themselves (a menu's type-ahead, a listbox's). */
const KEY_WIDGETS = '[role="menu"], [role="listbox"]';

/**
 * Where a shortcut of this scope may fire: a task-row shortcut only with the focus in a task row, and
 * one marked `onRowItself` only with the focus on the row, not on a link or button inside it.
 */
function isInScope(shortcut: ShortcutDefinition, target: Element | null): boolean {
  if (shortcut.scope === "global") return true;
  return shortcut.onRowItself ? target?.matches("[data-task-row]") === true : target?.closest("[data-task-row]") != null;
}

/**
 * Listens for the shortcuts of the registry anywhere on the page and runs the handler given for each.
 * Nothing fires while typing in a field, inside a menu or a listbox, with Ctrl, ⌘ or Alt held, or while a
 * dialog is open (Escape closes it first); a shortcut with no handler here leaves its keys alone.
 */
export function useShortcuts(handlers: ShortcutHandlers): void {
  const run = useEffectEvent((shortcut: ShortcutDefinition, target: Element | null, event: KeyboardEvent) => {
    const handler = handlers[shortcut.id];
    if (!handler || !isInScope(shortcut, target)) return;
    // Stops the key from also reaching a field the handler focuses (`c` would type a "c" into it).
    event.preventDefault();
    handler(target);
  });

  useEffect(() => {
    const matcher = createSequenceMatcher(DISPATCHED.map((shortcut) => shortcut.keys));
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.repeat || MODIFIER_KEYS.has(event.key)) return;
      const target = event.target instanceof Element ? event.target : null;
      const isOutOfBounds =
        hasCommandModifier(event) ||
        isTypingTarget(target) ||
        target?.closest(KEY_WIDGETS) != null ||
        document.querySelector('[role="dialog"][aria-modal="true"]') !== null;
      if (isOutOfBounds) {
        matcher.reset();
        return;
      }
      const result = matcher.press((step) => isCharacterStep(step, event), event.timeStamp);
      if (result.kind !== "match") return;
      const shortcut = DISPATCHED[result.index];
      if (shortcut) run(shortcut, target, event);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}

/** The keys of a shortcut as text for a tooltip or an aria-keyshortcuts-like hint: "Ctrl+K", "G then P". */
export function useShortcutText(id: ShortcutId): string {
  const { t } = useTranslation();
  return shortcutText(shortcutOf(id), isApplePlatform(currentPlatform()), t("shortcuts.then"));
}

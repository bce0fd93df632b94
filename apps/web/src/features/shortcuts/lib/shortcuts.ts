/**
 * Every keyboard shortcut of the app, in one table: the `?` sheet lists it, the tooltips read their hints
 * from it, and the global key handler recognises it. A screen adds behaviour by handing a handler for an
 * id; the keys stay defined here, so the sheet and the tooltips cannot drift from what the keys do.
 *
 * `scope` says where a shortcut works. The task-row shortcuts (x to select, Enter, e, a, d, Space) fire
 * only while a task row (an element marked `data-task-row`) has the focus; j/k work anywhere on a page
 * with task rows, so the first press can reach the first row.
 */

/** Where a shortcut works: anywhere in the signed-in app, or on a task row that has the focus. */
export type ShortcutScope = "global" | "task-row";

/** The sheet's sections. */
export type ShortcutGroup = "general" | "navigation" | "tasks" | "rows";

/** Shortcut ids; each has its label at `shortcuts.actions.<id>` in the catalogue. */
export type ShortcutId =
  | "palette"
  | "help"
  | "close"
  | "go_projects"
  | "go_my_tasks"
  | "go_calendar"
  | "focus_search"
  | "new_task"
  | "undo"
  | "row_next"
  | "row_previous"
  | "row_select"
  | "row_open"
  | "row_edit_title"
  | "row_assign"
  | "row_due_date"
  | "row_priority"
  | "row_complete"
  | "go_inbox";

export interface ShortcutDefinition {
  id: ShortcutId;
  /**
   * The keys pressed one after another. A step is a character as typed (`"g"`, `"?"`, `"/"`: Shift is
   * ignored, so layouts that need it for `?` or `/` work) or a Mantine hotkey with modifiers
   * (`"mod+k"`: Ctrl, or ⌘ on a Mac).
   */
  keys: readonly string[];
  scope: ShortcutScope;
  group: ShortcutGroup;
  /** Fires while typing in a field too (only the palette's Ctrl+K: it is no character). */
  inFields?: boolean;
  /** Handled elsewhere (Escape by the dialogs, Ctrl+Z by the undo toasts): listed in the sheet, never dispatched. */
  isBuiltIn?: boolean;
  /**
   * Fires only with the focus on the row itself, not on a control inside it: Enter on the title link
   * follows the link and Space on the drag handle picks the task up, as they always do.
   */
  onRowItself?: boolean;
}

export const SHORTCUTS: readonly ShortcutDefinition[] = [
  { id: "palette", keys: ["mod+k"], scope: "global", group: "general", inFields: true },
  { id: "help", keys: ["?"], scope: "global", group: "general" },
  { id: "focus_search", keys: ["/"], scope: "global", group: "general" },
  { id: "close", keys: ["Escape"], scope: "global", group: "general", isBuiltIn: true },
  { id: "undo", keys: ["mod+z"], scope: "global", group: "general", isBuiltIn: true },
  { id: "go_projects", keys: ["g", "p"], scope: "global", group: "navigation" },
  { id: "go_my_tasks", keys: ["g", "m"], scope: "global", group: "navigation" },
  { id: "go_calendar", keys: ["g", "c"], scope: "global", group: "navigation" },
  { id: "go_inbox", keys: ["g", "i"], scope: "global", group: "navigation" },
  { id: "new_task", keys: ["c"], scope: "global", group: "tasks" },
  { id: "row_next", keys: ["j"], scope: "global", group: "rows" },
  { id: "row_previous", keys: ["k"], scope: "global", group: "rows" },
  { id: "row_select", keys: ["x"], scope: "task-row", group: "rows" },
  { id: "row_open", keys: ["Enter"], scope: "task-row", group: "rows", onRowItself: true },
  { id: "row_edit_title", keys: ["e"], scope: "task-row", group: "rows" },
  { id: "row_assign", keys: ["a"], scope: "task-row", group: "rows" },
  { id: "row_due_date", keys: ["d"], scope: "task-row", group: "rows" },
  { id: "row_priority", keys: ["p"], scope: "task-row", group: "rows" },
  { id: "row_complete", keys: [" "], scope: "task-row", group: "rows", onRowItself: true },
];

/** The definition of one shortcut. */
export function shortcutOf(id: ShortcutId): ShortcutDefinition {
  const found = SHORTCUTS.find((shortcut) => shortcut.id === id);
  if (!found) throw new Error(`No shortcut ${id}`);
  return found;
}

/** Whether this browser runs on an Apple system, where `mod` is ⌘. */
export function isApplePlatform(platform: string): boolean {
  return /mac|iphone|ipad|ipod/i.test(platform);
}

/** What the platform string of this browser is (the deprecated `navigator.platform` is the one everywhere). */
export function currentPlatform(): string {
  if (typeof navigator === "undefined") return "";
  const data = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData;
  return data?.platform ?? navigator.platform ?? "";
}

/**
 * The keys of one step as shown on screen: `mod+k` is ["Ctrl", "K"] (["⌘", "K"] on a Mac), a letter is
 * its capital, other characters stay as they are. `Escape` is "Esc", the space bar "Space".
 */
export function stepLabels(step: string, isApple: boolean): string[] {
  if (step === "Escape") return ["Esc"];
  if (step === " ") return ["Space"];
  if (step === "Enter") return ["Enter"];
  if (!step.includes("+") || step.length === 1) return [step.length === 1 ? step.toUpperCase() : step];
  return step.split("+").map((part) => {
    switch (part) {
      case "mod":
        return isApple ? "⌘" : "Ctrl";
      case "ctrl":
        return "Ctrl";
      case "shift":
        return isApple ? "⇧" : "Shift";
      case "alt":
        return isApple ? "⌥" : "Alt";
      case "meta":
        return isApple ? "⌘" : "Meta";
      default:
        return part.length === 1 ? part.toUpperCase() : part;
    }
  });
}

/** A shortcut's keys as one short text, for a tooltip or a screen reader: "Ctrl+K", "G then P". */
export function shortcutText(definition: ShortcutDefinition, isApple: boolean, then: string): string {
  return definition.keys.map((step) => stepLabels(step, isApple).join(isApple ? "" : "+")).join(` ${then} `);
}

/**
 * Finding the page's own controls for the shortcuts: the quick-add field of a list and the search box.
 * Screens mark them with data attributes (`data-quick-add`, `data-shortcut-search`), so the shortcuts
 * reach them without each screen registering anything.
 */

/** Whether an element takes space on screen (a box hidden at this width by a breakpoint does not). */
function isShown(element: HTMLElement): boolean {
  return element.getClientRects().length > 0;
}

/**
 * The quick-add field `c` goes to: the one of the list holding the focus, else the first list's on
 * screen; null when the page has none (no list here, or no right to add tasks to it).
 */
export function findQuickAdd(focused: Element | null): HTMLInputElement | null {
  const inList = focused?.closest("section")?.querySelector<HTMLInputElement>("input[data-quick-add]");
  if (inList && isShown(inList)) return inList;
  return [...document.querySelectorAll<HTMLInputElement>("input[data-quick-add]")].find(isShown) ?? null;
}

/** The page's search box `/` goes to, or null when the page has none on screen. */
export function findSearchBox(): HTMLInputElement | null {
  return [...document.querySelectorAll<HTMLInputElement>("input[data-shortcut-search]")].find(isShown) ?? null;
}

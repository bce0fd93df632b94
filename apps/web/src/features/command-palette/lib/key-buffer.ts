/**
 * Keys typed in the instant between Ctrl+K and the palette's field taking the focus (the dialog is still
 * opening) would be lost or land in the page. From the moment the palette is asked for, printable keys are
 * kept here instead, and the field takes them when it gets the focus.
 */
let buffered = "";
let stopListening: (() => void) | null = null;

/** Whether a key press types one character (no Ctrl, ⌘ or Alt, not composing an accent). */
function isPrintable(event: KeyboardEvent): boolean {
  return event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey && !event.isComposing;
}

/** Starts keeping printable keys aimed anywhere but `[data-palette-input]`. */
export function startKeyBuffer(target: Document = document): void {
  stopKeyBuffer();
  buffered = "";
  const onKeyDown = (event: KeyboardEvent) => {
    if (!isPrintable(event)) return;
    if (event.target instanceof Element && event.target.closest("[data-palette-input]")) return;
    event.preventDefault();
    event.stopPropagation();
    buffered += event.key;
  };
  target.addEventListener("keydown", onKeyDown, true);
  stopListening = () => target.removeEventListener("keydown", onKeyDown, true);
}

/** Stops keeping keys and hands over those kept so far (empty when none, or when nothing was started). */
export function takeBufferedKeys(): string {
  const keys = buffered;
  stopKeyBuffer();
  return keys;
}

function stopKeyBuffer(): void {
  stopListening?.();
  stopListening = null;
  buffered = "";
}

import { useState } from "react";

/**
 * A field's value while it is being saved. It shows what the person chose at once; when the server's
 * value changes (the save came back) the draft is dropped, and `reset` drops it when the save failed, so
 * the field returns to what the server holds.
 */
export function useDraft<T>(serverValue: T): [value: T, setValue: (value: T) => void, reset: () => void] {
  const key = JSON.stringify(serverValue);
  const [draft, setDraft] = useState<{ key: string; value: T } | null>(null);
  const value = draft !== null && draft.key === key ? draft.value : serverValue;
  return [value, (next: T) => setDraft({ key, value: next }), () => setDraft(null)];
}

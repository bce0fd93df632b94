import type { Changes, JsonValue } from "@plotline/contracts";

function sameValue(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The `changes` of an update event: each of `fields` whose value in `after` differs from `before`, with
 * both values. A field `after` lacks (not part of the change) is left out, as is one set to what it was.
 */
export function fieldChanges<F extends Record<string, JsonValue>>(
  fields: ReadonlyArray<keyof F & string>,
  before: Partial<F>,
  after: Partial<F>,
): Changes<F> {
  const changes: Record<string, { from: JsonValue; to: JsonValue }> = {};
  for (const field of fields) {
    const to = after[field];
    if (to === undefined || sameValue(before[field], to)) continue;
    changes[field] = { from: before[field] ?? null, to };
  }
  return changes as Changes<F>;
}

/** How long the next key of a sequence (`g` then `p`) may keep people waiting. */
export const SEQUENCE_TIMEOUT_MS = 1200;

/** What one key press did to the sequences. */
export type SequenceResult =
  /** It finished the sequence at this index. */
  | { kind: "match"; index: number }
  /** It started (or continued) a sequence that needs more keys. */
  | { kind: "pending" }
  /** It belongs to no sequence. */
  | { kind: "none" };

/** Answers whether the key pressed is this step of a sequence (`"g"`, `"?"` ...). */
export type StepTest = (step: string) => boolean;

/** A recogniser of key sequences; see createSequenceMatcher. */
export interface SequenceMatcher {
  /** Feeds one key press made at `now` (ms). */
  press(test: StepTest, now: number): SequenceResult;
  /** Forgets the keys pressed so far (the focus went to a field, a modifier was held). */
  reset(): void;
}

/**
 * Recognises key sequences, a single key being a sequence of one. Each press comes with a test that
 * says whether it is a given step, so the matcher knows nothing of keyboard events. A key that continues
 * no pending sequence is taken as a fresh start, so `g` then `?` still opens the help; a pause longer
 * than the timeout forgets the keys before it. When a finished sequence is also the start of a longer
 * one, the finished one wins: the registry never defines both.
 */
export function createSequenceMatcher(sequences: readonly (readonly string[])[], timeoutMs: number = SEQUENCE_TIMEOUT_MS): SequenceMatcher {
  /** Sequences still possible after the keys pressed so far; null when nothing is pending. */
  let candidates: number[] | null = null;
  /** How many keys the pending sequences have had. */
  let length = 0;
  let lastAt = -Infinity;

  const reset = () => {
    candidates = null;
    length = 0;
  };

  const settle = (matching: number[], pressedCount: number): SequenceResult => {
    const finished = matching.find((index) => sequences[index]?.length === pressedCount);
    if (finished !== undefined) {
      reset();
      return { kind: "match", index: finished };
    }
    if (matching.length === 0) {
      reset();
      return { kind: "none" };
    }
    candidates = matching;
    length = pressedCount;
    return { kind: "pending" };
  };

  const stepIs = (index: number, position: number, test: StepTest) => {
    const step = sequences[index]?.[position];
    return step !== undefined && test(step);
  };

  return {
    press(test, now) {
      const isInTime = now - lastAt <= timeoutMs;
      lastAt = now;
      if (candidates && isInTime) {
        const next = candidates.filter((index) => stepIs(index, length, test));
        if (next.length > 0) return settle(next, length + 1);
      }
      const starting = sequences.map((_, index) => index).filter((index) => stepIs(index, 0, test));
      return settle(starting, 1);
    },
    reset,
  };
}

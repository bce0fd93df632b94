/** Undo steps run last-in first-out, so a half-started run still cleans up what it did start. */
export interface Teardown {
  add: (step: () => Promise<void>) => void;
  /** Runs every step even if one fails, and reports the failures after. */
  run: () => Promise<void>;
}

/** Creates an empty teardown list. */
export function createTeardown(): Teardown {
  const steps: Array<() => Promise<void>> = [];
  return {
    add: (step) => {
      steps.push(step);
    },
    run: async () => {
      const failures: unknown[] = [];
      for (const step of steps.splice(0).reverse()) {
        try {
          await step();
        } catch (error) {
          failures.push(error);
        }
      }
      if (failures.length > 0) throw new AggregateError(failures, "cleanup failed");
    },
  };
}

/** How long a good answer from the database stands for the health check. */
const ANSWER_FRESH_MS = 1_000;

/**
 * The health check's question to the database, asked at most once a second however often the check is
 * called (a load balancer or a benchmark may call it thousands of times a second): calls meanwhile share
 * the last good answer, or wait for the one under way. A failure is never kept, so the next call asks again.
 */
export function databaseProbe(ping: () => Promise<void>, now: () => number = Date.now) {
  let answeredAt = -Infinity;
  let asking: Promise<void> | null = null;
  return {
    /** Resolves when the database answered within the last second or answers now; rejects when it does not. */
    check(): Promise<void> {
      if (now() - answeredAt < ANSWER_FRESH_MS) return Promise.resolve();
      asking ??= ping()
        .then(() => {
          answeredAt = now();
        })
        .finally(() => {
          asking = null;
        });
      return asking;
    },
  };
}

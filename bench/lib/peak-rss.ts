const MIB = 1024 * 1024;

/**
 * Runs `work` while sampling this process's resident memory every 100 ms (the servers live in it); answers
 * what `work` answered and the highest value seen, in MiB. The sampling stops whether `work` succeeds or not.
 */
export async function withPeakRss<T>(work: () => Promise<T>): Promise<{ result: T; rssPeakMiB: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 100);
  try {
    const result = await work();
    return { result, rssPeakMiB: Math.max(peak, process.memoryUsage.rss()) / MIB };
  } finally {
    clearInterval(timer);
  }
}

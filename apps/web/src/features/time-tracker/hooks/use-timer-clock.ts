import type { TimeLog } from "@plotline/contracts";
import { useEffect, useMemo, useState } from "react";
import { clockOffset, elapsedSeconds } from "../lib/time-format.js";

/**
 * The seconds a running timer has run, ticking on each whole second counted from the server's `start`,
 * so two tabs or two devices turn over together. `receivedAt` is when the log's answer arrived, to
 * notice a device clock that is off (see `clockOffset`); null when unknown. Null while no timer runs.
 */
export function useTimerClock(log: Pick<TimeLog, "start" | "total" | "run_status"> | null | undefined, receivedAt: number | null): number | null {
  const running = log?.run_status === 1 ? log : null;
  const offset = useMemo(() => (running && receivedAt !== null ? clockOffset(running, receivedAt) : 0), [running, receivedAt]);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!running) return;
    const started = Date.parse(running.start);
    let timeout: ReturnType<typeof setTimeout>;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      // Wake just after the next whole second of the timer, not a second after this tick.
      const intoSecond = (((current - offset - started) % 1000) + 1000) % 1000;
      timeout = setTimeout(tick, 1000 - intoSecond + 5);
    };
    tick();
    return () => clearTimeout(timeout);
  }, [running, offset]);

  return running ? elapsedSeconds(running.start, now, offset) : null;
}

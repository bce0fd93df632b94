import { useCallback, useEffect, useRef, useState } from "react";

/** How long a panel's notice stays, as the documents fix it. */
export const PANEL_NOTICE_MS = 3000;

/** A panel's notice: what `show` was last given, cleared `PANEL_NOTICE_MS` later (a newer notice restarts the wait). */
export function usePanelNotice(): [notice: string | null, show: (message: string) => void] {
  const [notice, setNotice] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const show = useCallback((message: string) => {
    if (timer.current) clearTimeout(timer.current);
    setNotice(message);
    timer.current = setTimeout(() => setNotice(null), PANEL_NOTICE_MS);
  }, []);
  return [notice, show];
}

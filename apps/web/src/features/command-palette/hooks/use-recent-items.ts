import { useEffect } from "react";
import { useCurrentMe } from "../../auth/hooks/use-session.js";
import { readRecentItems, rememberRecentItem, type RecentItem } from "../lib/recent-items.js";

const storage = () => (typeof window === "undefined" ? null : window.localStorage);

/** The signed-in user's recently opened items, read when asked (the palette reads them as it opens). */
export function useRecentItems() {
  const me = useCurrentMe();
  const userId = me.user.id;
  return {
    read: () => readRecentItems(storage(), userId),
    remember: (item: RecentItem) => rememberRecentItem(storage(), userId, item),
  };
}

/**
 * Remembers a project, list or task as opened once it has loaded (null while it loads), so the palette
 * offers it first next time. Again when its title changes, so the palette shows the current one.
 */
export function useRememberRecent(item: RecentItem | null): void {
  const me = useCurrentMe();
  const userId = me.user.id;
  const type = item?.type;
  const id = item?.id;
  const projectId = item?.projectId;
  const title = item?.title;
  useEffect(() => {
    if (type === undefined || id === undefined || projectId === undefined || title === undefined) return;
    rememberRecentItem(storage(), userId, { type, id, projectId, title });
  }, [userId, type, id, projectId, title]);
}

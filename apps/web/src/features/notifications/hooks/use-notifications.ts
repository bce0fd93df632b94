import {
  listEnvelope,
  notificationSchema,
  notificationsMetaShape,
  readAllNotificationsResult,
  type Notification,
} from "@plotline/contracts";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../../api/client.js";

/** Entries per page of the Inbox. */
export const INBOX_PER_PAGE = 20;
/** How often the header bell asks for the unread count while the app is open. */
const UNREAD_POLL_MS = 30_000;

const notificationsPage = listEnvelope(notificationSchema, notificationsMetaShape);

/** Query keys of the Inbox, under one prefix so that a change refreshes the list and the bell together. */
export const inboxKeys = {
  all: ["notifications"] as const,
  list: (unreadOnly: boolean) => ["notifications", "list", unreadOnly] as const,
  unread: ["notifications", "unread"] as const,
};

/** The signed-in user's Inbox, newest first, page after page; `unreadOnly` shows only what is not read yet. */
export function useNotifications(unreadOnly: boolean) {
  return useInfiniteQuery({
    queryKey: inboxKeys.list(unreadOnly),
    queryFn: ({ pageParam, signal }) =>
      api.get("pm/v2/notifications", {
        schema: notificationsPage,
        query: { per_page: INBOX_PER_PAGE, page: pageParam, ...(unreadOnly && { unread: 1 }) },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.pagination.current_page < last.meta.pagination.total_pages ? last.meta.pagination.current_page + 1 : undefined),
  });
}

/** How many entries are unread, for the header bell: asked again every 30 s and when the window regains focus. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: inboxKeys.unread,
    queryFn: async ({ signal }) => {
      const answer = await api.get("pm/v2/notifications", { schema: notificationsPage, query: { per_page: 1, unread: 1 }, signal });
      return answer.meta.unread;
    },
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

/** Marks one entry read; the list and the bell follow. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: Pick<Notification, "id">) =>
      api.post(`pm/v2/notifications/${entry.id}/read`, { schema: z.object({ data: notificationSchema }) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
  });
}

/**
 * Marks read every entry up to the newest one shown (`upToId`), so an entry that arrived since stays
 * unread; the list and the bell follow.
 */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upToId: number | undefined) =>
      api.post("pm/v2/notifications/read-all", { schema: z.object({ data: readAllNotificationsResult }), body: upToId === undefined ? {} : { up_to_id: upToId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
  });
}

import { kanboardViewResponse, kanboardViewsResponse, type KanboardViews, type ListViewTypeName } from "@plotline/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { api } from "../../../api/client.js";
import { queryKeys } from "../../../lib/query-keys.js";
import { kanboardPath, useKanboardOn } from "./use-kanboard-on.js";

/** The remembered views change only when the caller opens the board or the lists, here. */
const VIEWS_STALE_MS = 5 * 60_000;

/** How the caller last looked at each project's tasks, while the board module is on. */
function useViews(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.kanboard.views,
    queryFn: async ({ signal }) => (await api.get("pm-pro/v2/kanboard/views", { schema: kanboardViewsResponse, signal })).data,
    enabled,
    staleTime: VIEWS_STALE_MS,
  });
}

/**
 * The list view type of any project for the caller: `kanboard` where they last looked at the board, else
 * `list`. Every project shows lists while the module is off or the answer is not in yet. `needed` false
 * (no task among the results yet) asks nothing of the server.
 */
export function useListViewTypes(needed = true): (projectId: number) => ListViewTypeName {
  const isOn = useKanboardOn();
  const views = useViews(isOn && needed);
  const data = views.data;
  return useCallback((projectId: number) => (isOn ? (data?.[String(projectId)] ?? "list") : "list"), [isOn, data]);
}

/**
 * Remembers, for the caller, that they look at this project's tasks as `viewType` (the board, the lists or the archive),
 * so search results about its tasks open there. Sent only when it differs from what is remembered; a
 * failure is not the person's concern and is not shown.
 */
export function useRememberView(projectId: number, viewType: ListViewTypeName): void {
  const queryClient = useQueryClient();
  const isOn = useKanboardOn();
  const views = useViews(isOn && Number.isInteger(projectId));
  const remembered: ListViewTypeName | undefined = views.data ? (views.data[String(projectId)] ?? "list") : undefined;
  useEffect(() => {
    if (!isOn || remembered === undefined || remembered === viewType) return;
    // Noted at once, not when the answer comes: leaving the lists for the board before the lists' call is
    // answered must still tell the server about the board.
    queryClient.setQueryData<KanboardViews>(queryKeys.kanboard.views, (old) => ({ ...old, [String(projectId)]: viewType }));
    api.post(`${kanboardPath(projectId)}/view`, { schema: kanboardViewResponse, body: { view_type: viewType } }).catch(() => undefined);
  }, [queryClient, isOn, projectId, viewType, remembered]);
}

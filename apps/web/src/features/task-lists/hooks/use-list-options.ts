import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../../api/client.js";
import { queryKeys } from "../../../lib/query-keys.js";

const optionsAnswer = z.object({ data: z.array(z.object({ id: z.number().int(), title: z.string() })) });

/** A project's current task lists as choices (titles only), for moving tasks: fetched when first needed. */
export function useListOptions(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.project.listOptions(projectId),
    queryFn: async ({ signal }) => {
      const answer = await api.get(`pm/v2/projects/${projectId}/task-lists`, { schema: optionsAnswer, query: { per_page: -1 }, signal });
      return answer.data;
    },
    enabled,
    staleTime: 60_000,
  });
}

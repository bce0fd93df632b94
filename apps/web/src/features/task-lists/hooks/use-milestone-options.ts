import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../../api/client.js";
import { queryKeys } from "../../../lib/query-keys.js";

const optionsAnswer = z.object({ data: z.array(z.object({ id: z.number().int(), title: z.string() })) });

/** A project's milestones as choices for a list's milestone field: every one, titles only. */
export function useMilestoneOptions(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.milestones.options(projectId),
    queryFn: async ({ signal }) => {
      const answer = await api.get(`pm/v2/projects/${projectId}/milestones`, { schema: optionsAnswer, query: { per_page: -1 }, signal });
      return answer.data.map((milestone) => ({ value: String(milestone.id), label: milestone.title }));
    },
    enabled,
    staleTime: 60_000,
  });
}

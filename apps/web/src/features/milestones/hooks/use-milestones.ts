import {
  itemEnvelope,
  listEnvelope,
  messageSchema,
  milestoneSchema,
  type CreateMilestoneBody,
  type UpdateMilestoneBody,
} from "@plotline/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client.js";
import { projectKeys } from "../../projects/hooks/project-keys.js";

/** Every milestone of a project the caller may see (private ones only with view_private_milestone). */
export function useMilestones(projectId: number) {
  return useQuery({
    queryKey: projectKeys.milestones(projectId),
    queryFn: ({ signal }) =>
      api.get(`pm/v2/projects/${projectId}/milestones`, { schema: listEnvelope(milestoneSchema), query: { per_page: -1 }, signal }),
  });
}

/** A milestone change moves counts, lists' milestone badges and the feed: the project is refreshed. */
function useRefreshProject(projectId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: projectKeys.scope(projectId) });
}

/** Adds a milestone. */
export function useCreateMilestone(projectId: number) {
  const refresh = useRefreshProject(projectId);
  return useMutation({
    mutationFn: (body: CreateMilestoneBody) => api.post(`pm/v2/projects/${projectId}/milestones`, { schema: itemEnvelope(milestoneSchema), body }),
    onSuccess: refresh,
  });
}

/** Changes a milestone: its fields, or just `status` to complete or reopen it. */
export function useUpdateMilestone(projectId: number) {
  const refresh = useRefreshProject(projectId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateMilestoneBody }) =>
      api.post(`pm/v2/projects/${projectId}/milestones/${id}/update`, { schema: itemEnvelope(milestoneSchema), body }),
    onSuccess: refresh,
  });
}

/** Deletes a milestone; its lists and discussions stay, without it. */
export function useDeleteMilestone(projectId: number) {
  const refresh = useRefreshProject(projectId);
  return useMutation({
    mutationFn: (id: number) => api.post(`pm/v2/projects/${projectId}/milestones/${id}/delete`, { schema: messageSchema }),
    onSuccess: refresh,
  });
}

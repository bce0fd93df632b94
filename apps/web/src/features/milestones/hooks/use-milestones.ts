import {
  itemEnvelope,
  listEnvelope,
  messageSchema,
  milestoneSchema,
  taskListSchema,
  type CreateMilestoneBody,
  type UpdateMilestoneBody,
} from "@plotline/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client.js";
import { invalidateAfter, queryKeys } from "../../../lib/query-keys.js";

/** Open and done tasks shown per list on a milestone's page; the list's own page has the rest. */
export const MILESTONE_TASKS_PER_LIST = 20;

/** Every milestone of a project the caller may see (private ones only with view_private_milestone). */
export function useMilestones(projectId: number) {
  return useQuery({
    queryKey: queryKeys.milestones.all(projectId),
    queryFn: ({ signal }) =>
      api.get(`pm/v2/projects/${projectId}/milestones`, { schema: listEnvelope(milestoneSchema), query: { per_page: -1 }, signal }),
  });
}

/** One milestone; 404 for a private one the caller may not see. */
export function useMilestone(projectId: number, milestoneId: number) {
  return useQuery({
    queryKey: queryKeys.milestones.one(projectId, milestoneId),
    queryFn: ({ signal }) => api.get(`pm/v2/projects/${projectId}/milestones/${milestoneId}`, { schema: itemEnvelope(milestoneSchema), signal }),
    enabled: Number.isInteger(milestoneId) && milestoneId > 0,
  });
}

/**
 * The current task lists linked to a milestone, with their first open and done tasks. Kept under the
 * project's task-list keys, so completing a task here or in its modal updates these lists and counts too.
 */
export function useMilestoneTaskLists(projectId: number, milestoneId: number) {
  return useQuery({
    queryKey: queryKeys.taskLists.milestone(projectId, milestoneId),
    queryFn: ({ signal }) =>
      api.get(`pm/v2/projects/${projectId}/task-lists`, {
        schema: listEnvelope(taskListSchema),
        query: {
          milestone: milestoneId,
          per_page: -1,
          with: "incomplete_tasks,complete_tasks",
          incomplete_task_per_page: MILESTONE_TASKS_PER_LIST,
          complete_task_per_page: MILESTONE_TASKS_PER_LIST,
        },
        signal,
      }),
    enabled: Number.isInteger(milestoneId) && milestoneId > 0,
  });
}

/** A milestone change moves counts, lists' milestone badges, the feed and the calendar (see the query-key map). */
function useRefreshProject(projectId: number) {
  const queryClient = useQueryClient();
  return () => invalidateAfter(queryClient, { entity: "milestone", projectId });
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

import { commentSchema, itemEnvelope, messageSchema, type CommentableType, type CreateCommentBody, type UpdateCommentBody } from "@plotline/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../../api/client.js";
import { projectKeys } from "../../projects/hooks/project-keys.js";

/** The comments answer: a list, with or without pagination in `meta`. */
const commentListSchema = z.object({ data: z.array(commentSchema) });

/** The comments on one record (task, list, discussion, milestone or file), oldest first. */
export function useComments(projectId: number, commentableType: CommentableType, commentableId: number) {
  return useQuery({
    queryKey: projectKeys.comments(projectId, commentableType, commentableId),
    queryFn: ({ signal }) =>
      api.get(`pm/v2/projects/${projectId}/comments`, {
        schema: commentListSchema,
        query: { commentable_type: commentableType, commentable_id: commentableId },
        signal,
      }),
  });
}

/**
 * A comment changes the record's comment count, the project's totals and its activity feed, all kept
 * under the project's key, so the whole project is refreshed.
 */
function useRefreshProject(projectId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: projectKeys.scope(projectId) });
}

/** Adds a comment. */
export function useCreateComment(projectId: number) {
  const refresh = useRefreshProject(projectId);
  return useMutation({
    mutationFn: (body: CreateCommentBody) => api.post(`pm/v2/projects/${projectId}/comments`, { schema: itemEnvelope(commentSchema), body }),
    onSuccess: refresh,
  });
}

/** Changes a comment (its creator or a manager). */
export function useUpdateComment(projectId: number) {
  const refresh = useRefreshProject(projectId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateCommentBody }) =>
      api.post(`pm/v2/projects/${projectId}/comments/${id}`, { schema: itemEnvelope(commentSchema), body }),
    onSuccess: refresh,
  });
}

/** Deletes a comment. */
export function useDeleteComment(projectId: number) {
  const refresh = useRefreshProject(projectId);
  return useMutation({
    mutationFn: (id: number) => api.post(`pm/v2/projects/${projectId}/comments/${id}/delete`, { schema: messageSchema }),
    onSuccess: refresh,
  });
}

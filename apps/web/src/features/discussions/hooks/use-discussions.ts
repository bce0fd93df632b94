import {
  discussionSchema,
  itemEnvelope,
  listEnvelope,
  messageSchema,
  type CreateDiscussionBody,
  type UpdateDiscussionBody,
} from "@plotline/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client.js";
import { invalidateAfter, queryKeys } from "../../../lib/query-keys.js";
import { postMultipart } from "../../files/lib/multipart.js";

/** One page of a project's discussions, newest first, with their comment counts. */
export function useDiscussions(projectId: number, page: number, perPage = 20) {
  return useQuery({
    queryKey: queryKeys.discussions.page(projectId, page, perPage),
    queryFn: ({ signal }) =>
      api.get(`pm/v2/projects/${projectId}/discussion-boards`, { schema: listEnvelope(discussionSchema), query: { page, per_page: perPage }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One discussion. */
export function useDiscussion(projectId: number, discussionId: number) {
  return useQuery({
    queryKey: queryKeys.discussions.one(projectId, discussionId),
    queryFn: async ({ signal }) =>
      (await api.get(`pm/v2/projects/${projectId}/discussion-boards/${discussionId}`, { schema: itemEnvelope(discussionSchema), signal })).data,
    enabled: Number.isInteger(discussionId) && discussionId > 0,
  });
}

/** A discussion change moves the project's totals and feed as well: the project is refreshed. */
function useRefreshProject(projectId: number) {
  const queryClient = useQueryClient();
  return () => invalidateAfter(queryClient, { entity: "discussion", projectId });
}

const discussionAnswer = itemEnvelope(discussionSchema);

/** Starts a discussion; with `files` it goes as multipart and they are attached. */
export function useCreateDiscussion(projectId: number) {
  const refresh = useRefreshProject(projectId);
  return useMutation({
    mutationFn: ({ files, ...body }: CreateDiscussionBody & { files?: readonly File[] }) =>
      files && files.length > 0
        ? postMultipart(`pm/v2/projects/${projectId}/discussion-boards`, { ...body, files }, discussionAnswer)
        : api.post(`pm/v2/projects/${projectId}/discussion-boards`, { schema: discussionAnswer, body }),
    onSuccess: refresh,
  });
}

/** Changes a discussion; new `files` are attached and `files_to_delete` removed. */
export function useUpdateDiscussion(projectId: number) {
  const refresh = useRefreshProject(projectId);
  return useMutation({
    mutationFn: ({ id, body, files }: { id: number; body: UpdateDiscussionBody; files?: readonly File[] }) =>
      files && files.length > 0
        ? postMultipart(`pm/v2/projects/${projectId}/discussion-boards/${id}/update`, { ...body, files }, discussionAnswer)
        : api.post(`pm/v2/projects/${projectId}/discussion-boards/${id}/update`, { schema: discussionAnswer, body }),
    onSuccess: refresh,
  });
}

/** Deletes a discussion and its comments. */
export function useDeleteDiscussion(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`pm/v2/projects/${projectId}/discussion-boards/${id}/delete`, { schema: messageSchema }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.discussions.one(projectId, id) });
      return invalidateAfter(queryClient, { entity: "discussion", projectId });
    },
  });
}

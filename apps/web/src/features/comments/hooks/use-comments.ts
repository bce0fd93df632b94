import {
  type Comment,
  type CommentableType,
  commentSchema,
  type CreateCommentBody,
  deletedWithUndoSchema,
  itemEnvelope,
  listEnvelope,
  type UpdateCommentBody,
} from "@plotline/contracts";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client.js";
import { notifyError } from "../../../lib/notify.js";
import { invalidateAfter, queryKeys } from "../../../lib/query-keys.js";
import { offerUndo } from "../../../lib/restore.js";
import { postMultipart } from "../../files/lib/multipart.js";

/** Comments fetched per page; a long thread shows a "show more" button. */
const COMMENTS_PER_PAGE = 50;

/** The comments on one record (task, list, discussion, milestone or file), oldest first, page after page. */
export function useComments(projectId: number, commentableType: CommentableType, commentableId: number) {
  const query = useInfiniteQuery({
    queryKey: queryKeys.comments.of(projectId, commentableType, commentableId),
    queryFn: ({ pageParam, signal }) =>
      api.get(`pm/v2/projects/${projectId}/comments`, {
        schema: listEnvelope(commentSchema),
        query: { commentable_type: commentableType, commentable_id: commentableId, page: pageParam, per_page: COMMENTS_PER_PAGE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.pagination.current_page < last.meta.pagination.total_pages ? last.meta.pagination.current_page + 1 : undefined),
  });
  const comments: Comment[] | undefined = query.data?.pages.flatMap((page) => page.data);
  const total = query.data?.pages[0]?.meta.pagination.total;
  return { ...query, comments, total };
}

/**
 * A comment changes the record's comment count, the project's totals and its activity feed, all kept
 * under the project's key, so the whole project is refreshed.
 */
function useRefreshProject(projectId: number) {
  const queryClient = useQueryClient();
  return () => invalidateAfter(queryClient, { entity: "comment", projectId });
}

const commentAnswer = itemEnvelope(commentSchema);

/** Adds a comment; with `files` it goes as multipart and they are attached. */
export function useCreateComment(projectId: number) {
  const refresh = useRefreshProject(projectId);
  return useMutation({
    mutationFn: ({ files, ...body }: CreateCommentBody & { files?: readonly File[] }) =>
      files && files.length > 0
        ? postMultipart(`pm/v2/projects/${projectId}/comments`, { ...body, files }, commentAnswer)
        : api.post(`pm/v2/projects/${projectId}/comments`, { schema: commentAnswer, body }),
    onSuccess: refresh,
  });
}

/** Changes a comment (its creator or a manager); new `files` are attached and `files_to_delete` removed. */
export function useUpdateComment(projectId: number) {
  const refresh = useRefreshProject(projectId);
  return useMutation({
    mutationFn: ({ id, body, files }: { id: number; body: UpdateCommentBody; files?: readonly File[] }) =>
      files && files.length > 0
        ? postMultipart(`pm/v2/projects/${projectId}/comments/${id}`, { ...body, files }, commentAnswer)
        : api.post(`pm/v2/projects/${projectId}/comments/${id}`, { schema: commentAnswer, body }),
    onSuccess: refresh,
  });
}

/** Deletes a comment. */
export function useDeleteComment(projectId: number) {
  const refresh = useRefreshProject(projectId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`pm/v2/projects/${projectId}/comments/${id}/delete`, { schema: deletedWithUndoSchema }),
    onSuccess: (answer) => {
      offerUndo(queryClient, answer);
      return refresh();
    },
    onError: notifyError,
    meta: { silent: true },
  });
}

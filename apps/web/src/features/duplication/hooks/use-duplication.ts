import { duplicateListAnswer, duplicateProjectAnswer } from "@plotline/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client.js";
import { invalidateAfter, queryKeys } from "../../../lib/query-keys.js";

/**
 * Duplicates a project. The new project goes into the detail cache and the project lists refresh; the
 * query client toasts the server's message. Callers open the copy's overview.
 */
export function useDuplicateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (projectId: number) => api.post(`pm-pro/v2/duplicate/project/${projectId}`, { schema: duplicateProjectAnswer }),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.project.detail(answer.data.id), answer.data);
      return invalidateAfter(queryClient, { entity: "project" });
    },
  });
}

/**
 * Duplicates a task list of the project; the copy lands right after its source, so the lists pages
 * refetch, with the project's counts and feed. The call is a GET that writes: it carries the nonce.
 */
export function useDuplicateList(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listId: number) => api.get(`pm-pro/v2/duplicate/list/${listId}`, { schema: duplicateListAnswer, withNonce: true }),
    onSuccess: () => invalidateAfter(queryClient, { entity: "task-list", projectId }),
  });
}

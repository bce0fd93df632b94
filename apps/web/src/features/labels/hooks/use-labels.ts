import { itemEnvelope, labelListEnvelope, labelSchema, messageSchema, type CreateLabelBody, type UpdateLabelBody } from "@plotline/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client.js";
import { invalidateAfter, queryKeys } from "../../../lib/query-keys.js";

const base = (projectId: number) => `pm-pro/v2/projects/${projectId}/settings/labels`;

/** Every label of a project, by name; `meta.can_create` says whether the caller may manage them. */
export function useLabels(projectId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.project.labels(projectId),
    queryFn: ({ signal }) => api.get(base(projectId), { schema: labelListEnvelope, signal }),
    enabled,
  });
}

/** A label change shows on every task carrying it: the whole project is re-read, not only the label list. */
function useRefresh(projectId: number) {
  const queryClient = useQueryClient();
  return () => invalidateAfter(queryClient, { entity: "label", projectId });
}

export function useCreateLabel(projectId: number) {
  const refresh = useRefresh(projectId);
  return useMutation({
    mutationFn: (body: CreateLabelBody) => api.post(base(projectId), { schema: itemEnvelope(labelSchema), body }),
    onSuccess: refresh,
  });
}

export function useUpdateLabel(projectId: number) {
  const refresh = useRefresh(projectId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateLabelBody }) => api.post(`${base(projectId)}/${id}`, { schema: itemEnvelope(labelSchema), body }),
    onSuccess: refresh,
  });
}

export function useDeleteLabel(projectId: number) {
  const refresh = useRefresh(projectId);
  return useMutation({
    mutationFn: (id: number) => api.post(`${base(projectId)}/${id}/delete`, { schema: messageSchema }),
    onSuccess: refresh,
  });
}

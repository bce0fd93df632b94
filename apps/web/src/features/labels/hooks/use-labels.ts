import { itemEnvelope, labelListEnvelope, labelSchema, messageSchema, type CreateLabelBody, type UpdateLabelBody } from "@plotline/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client.js";
import { projectKeys } from "../../projects/hooks/project-keys.js";

/** Query key of a project's labels, inside the project's scope. */
export const labelsKey = (projectId: number) => ["projects", projectId, "labels"] as const;

const base = (projectId: number) => `pm-pro/v2/projects/${projectId}/settings/labels`;

/** Every label of a project, by name; `meta.can_create` says whether the caller may manage them. */
export function useLabels(projectId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: labelsKey(projectId),
    queryFn: ({ signal }) => api.get(base(projectId), { schema: labelListEnvelope, signal }),
    enabled,
  });
}

/** A label change shows on every task carrying it: the whole project is re-read, not only the label list. */
function useRefresh(projectId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: projectKeys.scope(projectId) });
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

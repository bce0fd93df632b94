import { projectSettingsEnvelope, type SaveProjectSettingsBody } from "@plotline/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client.js";
import { invalidateAfter, queryKeys } from "../../../lib/query-keys.js";

/** A project's settings as it applies them (project managers and site managers only). */
export function useProjectSettings(projectId: number) {
  return useQuery({
    queryKey: queryKeys.project.settings(projectId),
    queryFn: ({ signal }) => api.get(`pm/v2/projects/${projectId}/settings`, { schema: projectSettingsEnvelope, signal }),
  });
}

/** Saves settings; the server's message is toasted, and the project is re-read since abilities may follow. */
export function useSaveProjectSettings(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveProjectSettingsBody) => api.post(`pm/v2/projects/${projectId}/settings`, { schema: projectSettingsEnvelope, body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.project.settings(projectId), { data: answer.data });
      return invalidateAfter(queryClient, { entity: "project-settings", projectId });
    },
  });
}

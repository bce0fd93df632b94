import { projectSettingsEnvelope, type SaveProjectSettingsBody } from "@plotline/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client.js";
import { projectKeys } from "../../projects/hooks/project-keys.js";

/** Query key of a project's settings, inside the project's scope. */
export const projectSettingsKey = (projectId: number) => ["projects", projectId, "settings"] as const;

/** A project's settings as it applies them (project managers and site managers only). */
export function useProjectSettings(projectId: number) {
  return useQuery({
    queryKey: projectSettingsKey(projectId),
    queryFn: ({ signal }) => api.get(`pm/v2/projects/${projectId}/settings`, { schema: projectSettingsEnvelope, signal }),
  });
}

/** Saves settings; the server's message is toasted, and the project is re-read since abilities may follow. */
export function useSaveProjectSettings(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveProjectSettingsBody) => api.post(`pm/v2/projects/${projectId}/settings`, { schema: projectSettingsEnvelope, body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(projectSettingsKey(projectId), { data: answer.data });
      return queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) });
    },
  });
}

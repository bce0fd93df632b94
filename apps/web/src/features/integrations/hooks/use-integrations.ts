import {
  chatDeliveryListEnvelope,
  chatTestEnvelope,
  gitBitIntegrationEnvelope,
  projectIntegrationsEnvelope,
  projectSettingsEnvelope,
  usersMapEnvelope,
  type ChatDeliveryStatus,
  type ProjectIntegrations,
  type SaveUsersMapBody,
  type SlackSettingInput,
} from "@plotline/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client.js";
import { queryKeys } from "../../../lib/query-keys.js";

const base = (projectId: number) => `pm-pro/v2/projects/${projectId}/integrations`;

/** Deliveries still on their way: while any shows, the log is read again every few seconds. */
const UNSETTLED: readonly ChatDeliveryStatus[] = ["pending", "retrying"];
const LOG_REFRESH_MS = 3000;

/** Everything the Integrations tab shows: both settings, the incoming address, the members and their usernames. */
export function useProjectIntegrations(projectId: number) {
  return useQuery({
    queryKey: queryKeys.project.integrations(projectId),
    queryFn: ({ signal }) => api.get(base(projectId), { schema: projectIntegrationsEnvelope, signal }),
  });
}

/** The chat integration's last 50 deliveries, newest first; read again while some are still on their way. */
export function useChatDeliveries(projectId: number) {
  return useQuery({
    queryKey: queryKeys.project.integrationDeliveries(projectId),
    queryFn: ({ signal }) => api.get(`${base(projectId)}/deliveries`, { schema: chatDeliveryListEnvelope, signal }),
    refetchInterval: (query) => (query.state.data?.data.some((delivery) => UNSETTLED.includes(delivery.status)) ? LOG_REFRESH_MS : false),
  });
}

/** Writes a changed part into the tab's data, so the panels show the saved state without a second read. */
function usePatchIntegrations(projectId: number) {
  const queryClient = useQueryClient();
  return (patch: (current: ProjectIntegrations) => ProjectIntegrations) =>
    queryClient.setQueryData<{ data: ProjectIntegrations }>(queryKeys.project.integrations(projectId), (current) => (current ? { data: patch(current.data) } : current));
}

/**
 * Saves the chat integration's setting (any of its fields) through the project's settings call. Silent: the
 * panel says what was saved in its own notice, and the form shows what was refused beside its field.
 */
export function useSaveChatSetting(projectId: number) {
  const patch = usePatchIntegrations(projectId);
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (value: SlackSettingInput) => api.post(`pm/v2/projects/${projectId}/settings`, { schema: projectSettingsEnvelope, body: { key: "slack", value } }),
    onSuccess: (answer) => {
      patch((current) => ({ ...current, slack: answer.data.slack }));
      return queryClient.invalidateQueries({ queryKey: queryKeys.project.settings(projectId) });
    },
  });
}

/** Saves the code-hosting switch and, when given, its secret (`""` removes it). Silent, as the chat setting's save. */
export function useSaveCodeHostingSetting(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (value: { status: "enable" | "disable"; secret?: string }) =>
      api.post(`pm/v2/projects/${projectId}/settings`, { schema: projectSettingsEnvelope, body: { key: "git_bit", value } }),
    // The address is made when the integration is first switched on: read the tab again for it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.project.integrations(projectId) }),
  });
}

/** Makes a new incoming address; the old one stops working at once. */
export function useRegenerateAddress(projectId: number) {
  const patch = usePatchIntegrations(projectId);
  return useMutation({
    mutationFn: () => api.post(`${base(projectId)}/git-bit/regenerate`, { schema: gitBitIntegrationEnvelope }),
    onSuccess: (answer) => patch((current) => ({ ...current, git_bit: answer.data })),
  });
}

/** Saves members' usernames on GitHub and Bitbucket (`""` removes one). */
export function useSaveUsersMap(projectId: number) {
  const patch = usePatchIntegrations(projectId);
  return useMutation({
    mutationFn: (users: SaveUsersMapBody["users"]) => api.post("pm/v2/save_users_map_name", { schema: usersMapEnvelope, body: { project_id: projectId, users } }),
    onSuccess: (answer) => patch((current) => ({ ...current, users_map: answer.data })),
  });
}

/** Queues a test message to the channel; the log shows how it went. */
export function useSendTestMessage(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`${base(projectId)}/slack/test`, { schema: chatTestEnvelope }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.project.integrationDeliveries(projectId) }),
  });
}

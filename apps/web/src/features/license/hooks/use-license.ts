import { licenseEnvelope, messageSchema, type LicenseActivationBody } from "@plotline/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client.js";
import { invalidateAfter, queryKeys } from "../../../lib/query-keys.js";

/** The license state (site managers only: pass `enabled: false` for anyone else). */
export function useLicense(enabled = true) {
  return useQuery({
    queryKey: queryKeys.license.all,
    queryFn: async ({ signal }) => (await api.get("pm-pro/v2/license/check", { schema: licenseEnvelope, signal })).data.license,
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** Activates a key; on success the page reloads, as the documents ask. Errors go to the page's error box. */
export function useActivateLicense() {
  return useMutation({
    mutationFn: (body: LicenseActivationBody) => api.post("pm-pro/v2/license/activation", { schema: licenseEnvelope, body }),
    onSuccess: () => window.location.reload(),
    meta: { silent: true },
  });
}

/** Deletes the stored license. */
export function useDeleteLicense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("pm-pro/v2/license/delete", { schema: messageSchema }),
    onSuccess: () => invalidateAfter(queryClient, { entity: "license" }),
  });
}

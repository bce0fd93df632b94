import { itemEnvelope, listEnvelope, moduleListItemSchema, type ModuleUpdateBody } from "@plotline/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client.js";
import { notifyError } from "../../../lib/notify.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** Every Pro module with its switch (site managers). */
export function useModuleLists() {
  return useQuery({
    queryKey: queryKeys.moduleLists.all,
    queryFn: ({ signal }) => api.get("pm-pro/v2/module-lists", { schema: listEnvelope(moduleListItemSchema), signal }),
  });
}

/**
 * Switches a module on or off, then reloads the page as the documents ask, so that every menu and page is
 * built again from the new set of modules.
 */
export function useUpdateModule() {
  return useMutation({
    mutationFn: (body: ModuleUpdateBody) => api.post("pm-pro/v2/module-update", { schema: itemEnvelope(moduleListItemSchema), body }),
    onSuccess: () => window.location.reload(),
    onError: notifyError,
    // The success message would vanish with the reload; errors are toasted above.
    meta: { silent: true },
  });
}

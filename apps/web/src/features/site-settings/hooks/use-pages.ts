import { itemEnvelope, messageSchema, sitePageListEnvelope, sitePageSchema, type CreateSitePageBody, type UpdateSitePageBody } from "@plotline/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client.js";
import { invalidateAfter, queryKeys } from "../../../lib/query-keys.js";

/** The site's front-end pages `{ id, post_title, path }`, by title. */
export function usePages() {
  return useQuery({
    queryKey: queryKeys.site.pages,
    queryFn: ({ signal }) => api.get("pm/v2/pages", { schema: sitePageListEnvelope, signal }),
  });
}

/** A page change may change the front-end page shown with the settings, so both are refreshed. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => invalidateAfter(queryClient, { entity: "site-pages" });
}

/** Adds a page (site managers). Field errors are shown by the form, so no toast. */
export function useCreatePage() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateSitePageBody) => api.post("pm/v2/pages", { schema: itemEnvelope(sitePageSchema), body }),
    onSuccess: refresh,
  });
}

/** Renames a page or changes its path (site managers). */
export function useUpdatePage() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateSitePageBody }) => api.post(`pm/v2/pages/${id}/update`, { schema: itemEnvelope(sitePageSchema), body }),
    onSuccess: refresh,
  });
}

/** Deletes a page; when it was the front-end page, the setting goes back to none. */
export function useDeletePage() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.post(`pm/v2/pages/${id}/delete`, { schema: messageSchema }),
    onSuccess: refresh,
  });
}

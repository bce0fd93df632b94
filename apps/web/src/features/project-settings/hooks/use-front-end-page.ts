import { siteSettingsEnvelope, sitePageListEnvelope } from "@plotline/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** The site's front-end pages (id, post_title, path). */
export function useSitePages() {
  return useQuery({ queryKey: queryKeys.site.pages, queryFn: ({ signal }) => api.get("pm/v2/pages", { schema: sitePageListEnvelope, signal }) });
}

/** The site settings, for the page chosen as `front_end_page`. */
export function useSiteSettings() {
  return useQuery({ queryKey: queryKeys.site.settings, queryFn: ({ signal }) => api.get("pm/v2/settings", { schema: siteSettingsEnvelope, signal }) });
}

/** Saves `front_end_page` (0: none); site managers only. */
export function useSaveFrontEndPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pageId: number) => api.post("pm/v2/settings", { schema: siteSettingsEnvelope, body: { key: "front_end_page", value: pageId } }),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.site.settings, { data: answer.data, meta: answer.meta }),
  });
}

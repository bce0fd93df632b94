import { siteSettingsEnvelope, type SaveSiteSettingsBody, type SiteSettings, type SiteSettingsEnvelope } from "@plotline/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client.js";
import { queryKeys } from "../../../lib/query-keys.js";
import { postMultipart } from "../../files/lib/multipart.js";

/** The site settings every signed-in user reads (task start date, logo, front-end page, workforce flag). */
export function useSiteSettings() {
  return useQuery({
    queryKey: queryKeys.site.settings,
    queryFn: ({ signal }) => api.get("pm/v2/settings", { schema: siteSettingsEnvelope, signal }),
    staleTime: 5 * 60_000,
  });
}

/** One setting's value, or its default from contracts while the settings load. */
export function useSiteSetting<K extends keyof SiteSettings>(key: K, fallback: SiteSettings[K]): SiteSettings[K] {
  const { data } = useSiteSettings();
  return data ? data.data[key] : fallback;
}

/**
 * Whether tasks have a start date (`task_start_field`, on by default). When off, task date pickers are
 * single-date: due date only.
 */
export function useTaskStartField(): boolean {
  return useSiteSetting("task_start_field", true);
}

/** The day weeks start on, 0 (Sunday) to 6 (Saturday): the calendar and every date picker follow it. */
export function useFirstDayOfWeek(): 0 | 1 | 2 | 3 | 4 | 5 | 6 {
  return useSiteSetting("first_day_of_week", 0) as 0 | 1 | 2 | 3 | 4 | 5 | 6;
}

/** Saves settings (site managers); the answer holds every setting, so the cache is replaced with it. */
export function useSaveSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveSiteSettingsBody) => api.post("pm/v2/settings", { schema: siteSettingsEnvelope, body }),
    onSuccess: (result: SiteSettingsEnvelope) => queryClient.setQueryData(queryKeys.site.settings, { data: result.data, meta: result.meta }),
  });
}

/** Uploads the site logo (site managers); the server checks the image and replaces the previous logo. */
export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => postMultipart("pm/v2/settings/logo", { file: [file] }, siteSettingsEnvelope),
    onSuccess: (result: SiteSettingsEnvelope) => queryClient.setQueryData(queryKeys.site.settings, { data: result.data, meta: result.meta }),
  });
}

import {
  listEnvelope,
  messageSchema,
  projectSummarySchema,
  storeConnectionEnvelope,
  storeLinkEnvelope,
  storeLinkListEnvelope,
  storeOrderListEnvelope,
  storeProductListEnvelope,
  storeSettingsEnvelope,
  userSchema,
  type SaveStoreSettingsBody,
  type StoreLinkBody,
  type StoreSetPasswordBody,
} from "@plotline/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../../api/client.js";

/** The store link's query keys: everything under `["store-link"]`, which only this page reads. */
export const storeLinkKeys = {
  all: ["store-link"] as const,
  settings: ["store-link", "settings"] as const,
  products: ["store-link", "products"] as const,
  links: ["store-link", "links"] as const,
  orders: ["store-link", "orders"] as const,
  projects: ["store-link", "projects"] as const,
  users: ["store-link", "users"] as const,
};

const BASE = "pm-pro/v2/woo-project";

export function useStoreSettings() {
  return useQuery({
    queryKey: storeLinkKeys.settings,
    queryFn: async ({ signal }) => (await api.get(`${BASE}/settings`, { schema: storeSettingsEnvelope, signal })).data,
  });
}

/** The shop's products; asked only once the shop is set up. A shop that is down answers 502: not retried. */
export function useStoreProducts(enabled: boolean) {
  return useQuery({
    queryKey: storeLinkKeys.products,
    queryFn: async ({ signal }) => (await api.get(`${BASE}/products`, { schema: storeProductListEnvelope, signal })).data,
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

export function useStoreLinks() {
  return useQuery({
    queryKey: storeLinkKeys.links,
    queryFn: async ({ signal }) => (await api.get(`${BASE}/project`, { schema: storeLinkListEnvelope, signal })).data,
  });
}

/** The last 20 orders; looked at again every 10 seconds while the page is open, as orders arrive from the shop. */
export function useStoreOrders() {
  return useQuery({
    queryKey: storeLinkKeys.orders,
    queryFn: async ({ signal }) => (await api.get(`${BASE}/orders`, { schema: storeOrderListEnvelope, signal })).data,
    refetchInterval: 10_000,
  });
}

/** Every project, for the template picker. */
export function useTemplateProjects() {
  return useQuery({
    queryKey: storeLinkKeys.projects,
    queryFn: async ({ signal }) => (await api.get("pm/v2/user-all-projects", { schema: z.object({ data: z.array(projectSummarySchema) }), signal })).data,
  });
}

/** Every user, for the assignee picker. */
export function useAllUsers() {
  return useQuery({
    queryKey: storeLinkKeys.users,
    queryFn: async ({ signal }) => (await api.get("pm/v2/users", { schema: listEnvelope(userSchema), query: { per_page: -1 }, signal })).data,
  });
}

export function useSaveStoreSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveStoreSettingsBody) => api.post(`${BASE}/settings`, { schema: storeSettingsEnvelope, body }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(storeLinkKeys.settings, answer.data);
      await queryClient.invalidateQueries({ queryKey: storeLinkKeys.products });
    },
    meta: { silent: true },
  });
}

export function useTestConnection() {
  return useMutation({
    mutationFn: async () => (await api.post(`${BASE}/settings/test`, { schema: storeConnectionEnvelope })).data,
    // The answer is shown in the card, not as a toast.
    meta: { silent: true },
  });
}

export function useSaveStoreLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: StoreLinkBody }) =>
      api.post(id === null ? `${BASE}/project` : `${BASE}/project/${id}/update`, { schema: storeLinkEnvelope, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeLinkKeys.links }),
    meta: { silent: true },
  });
}

export function useDeleteStoreLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`${BASE}/project/${id}/delete`, { schema: messageSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeLinkKeys.links }),
  });
}

/** A buyer's first password, from the link in their mail (no session). */
export function useSetStorePassword() {
  return useMutation({
    mutationFn: (body: StoreSetPasswordBody) => api.post(`${BASE}/set-password`, { schema: messageSchema, body }),
    meta: { silent: true },
  });
}

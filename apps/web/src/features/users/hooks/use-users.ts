import {
  createdTokenSchema,
  itemEnvelope,
  listEnvelope,
  messageSchema,
  tokenSchema,
  userSchema,
  type CreateUserBody,
  type UpdateUserBody,
} from "@plotline/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client.js";
import { invalidateAfter, queryKeys } from "../../../lib/query-keys.js";

/** One page of users matching a search. */
export function useUsers(query: string, page: number, perPage = 20) {
  return useQuery({
    queryKey: queryKeys.users.list(query, page),
    queryFn: ({ signal }) => api.get("pm/v2/users", { schema: listEnvelope(userSchema), query: { query, page, per_page: perPage }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Adds a user (site managers). */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserBody) => api.post("pm/v2/users", { schema: itemEnvelope(userSchema), body }),
    onSuccess: () => invalidateAfter(queryClient, { entity: "user" }),
    meta: { silent: true },
  });
}

/** Changes a user (site managers). */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateUserBody }) =>
      api.post(`pm/v2/users/${id}/update`, { schema: itemEnvelope(userSchema), body }),
    onSuccess: () => invalidateAfter(queryClient, { entity: "user" }),
    meta: { silent: true },
  });
}

/** The signed-in user's personal access tokens. */
export function useTokens() {
  return useQuery({
    queryKey: queryKeys.session.tokens,
    queryFn: ({ signal }) => api.get("auth/tokens", { schema: listEnvelope(tokenSchema), signal }),
  });
}

/** Creates a token; the answer holds the secret, shown once. */
export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post("auth/tokens", { schema: itemEnvelope(createdTokenSchema), body: { name } }),
    onSuccess: () => invalidateAfter(queryClient, { entity: "token" }),
  });
}

/** Revokes a token. */
export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`auth/tokens/${id}/delete`, { schema: messageSchema }),
    onSuccess: () => invalidateAfter(queryClient, { entity: "token" }),
  });
}

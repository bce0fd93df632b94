import {
  customFieldEnvelope,
  customFieldListEnvelope,
  messageSchema,
  type CreateCustomFieldBody,
  type CustomField,
  type SortCustomFieldsBody,
  type UpdateCustomFieldBody,
} from "@plotline/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../../api/client.js";
import { notifyError } from "../../../lib/notify.js";
import { useIsModuleOn } from "../../sub-tasks/hooks/use-module-on.js";

/**
 * Where a set of fields lives: one project's (which also lists the site-wide fields, read-only there) or
 * the site's own.
 */
export type FieldScope = { kind: "project"; projectId: number } | { kind: "site" };

const basePath = (scope: FieldScope) => (scope.kind === "project" ? `pm-pro/v2/projects/${scope.projectId}/custom-fields` : "pm-pro/v2/custom-fields");

/**
 * Query keys: a project's fields sit under the project's prefix, so a project-wide refresh re-reads them;
 * site-wide fields show in every project, so a change to them refreshes every project's list.
 */
export const customFieldKeys = {
  project: (projectId: number) => ["projects", projectId, "custom-fields"] as const,
  site: ["site", "custom-fields"] as const,
  of: (scope: FieldScope) => (scope.kind === "project" ? customFieldKeys.project(scope.projectId) : customFieldKeys.site),
};

/** The fields of a scope, in order (a project's: the site-wide fields first); `meta.can_create` says who may add. */
export function useCustomFields(scope: FieldScope, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: customFieldKeys.of(scope),
    queryFn: ({ signal }) => api.get(basePath(scope), { schema: customFieldListEnvelope, signal }),
    enabled,
  });
}

/**
 * A project's fields when the module is on, for the task screens; an empty list while loading, when the
 * module is off or when the call fails, so those screens never wait on it.
 */
export function useProjectFields(projectId: number): CustomField[] {
  const isOn = useIsModuleOn("custom_fields");
  const query = useCustomFields({ kind: "project", projectId }, { enabled: isOn && projectId > 0 });
  return isOn ? (query.data?.data ?? []) : [];
}

function useRefresh(scope: FieldScope) {
  const queryClient = useQueryClient();
  return async () => {
    if (scope.kind === "project") {
      await queryClient.invalidateQueries({ queryKey: customFieldKeys.project(scope.projectId) });
      // Defaults, option names and deleted fields show on the project's tasks.
      await queryClient.invalidateQueries({ queryKey: ["projects", scope.projectId] });
      return;
    }
    await queryClient.invalidateQueries({ queryKey: customFieldKeys.site });
    await queryClient.invalidateQueries({ queryKey: ["projects"] });
  };
}

export function useCreateCustomField(scope: FieldScope) {
  const refresh = useRefresh(scope);
  return useMutation({
    mutationFn: (body: CreateCustomFieldBody) => api.post(basePath(scope), { schema: customFieldEnvelope, body }),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

export function useUpdateCustomField(scope: FieldScope) {
  const refresh = useRefresh(scope);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateCustomFieldBody }) => api.post(`${basePath(scope)}/${id}/update`, { schema: customFieldEnvelope, body }),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

export function useDeleteCustomField(scope: FieldScope) {
  const refresh = useRefresh(scope);
  return useMutation({
    mutationFn: (id: number) => api.post(`${basePath(scope)}/${id}/delete`, { schema: messageSchema }),
    onSuccess: refresh,
  });
}

/**
 * Saves a new order of a scope's own fields. The list shows the new order at once; when the server
 * refuses, the list is read again and the toast says why.
 */
export function useSortCustomFields(scope: FieldScope) {
  const queryClient = useQueryClient();
  const key = customFieldKeys.of(scope);
  return useMutation({
    mutationFn: (ordered: readonly CustomField[]) => {
      const body: SortCustomFieldsBody = { orders: ordered.map((field, index) => ({ id: field.id, index })) };
      return api.post(`${basePath(scope)}/sorting`, { schema: z.unknown(), body });
    },
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData(key, (old: z.infer<typeof customFieldListEnvelope> | undefined) => {
        if (!old) return old;
        const position = new Map(ordered.map((field, index) => [field.id, index]));
        const others = old.data.filter((field) => !position.has(field.id));
        const moved = [...old.data.filter((field) => position.has(field.id))].sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
        return { ...old, data: [...others, ...moved.map((field, index) => ({ ...field, order: index }))] };
      });
    },
    onError: notifyError,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: key });
      await queryClient.invalidateQueries({ queryKey: scope.kind === "project" ? ["projects", scope.projectId] : ["projects"] });
    },
    meta: { silent: true },
  });
}

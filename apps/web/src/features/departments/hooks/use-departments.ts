import { departmentListEnvelope, departmentSchema, itemEnvelope, messageSchema, type CreateDepartmentBody, type UpdateDepartmentBody } from "@plotline/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client.js";
import { invalidateAfter, queryKeys } from "../../../lib/query-keys.js";

/** Every department with its people, by title. `enabled` lets the project form skip it while the integration is off. */
export function useDepartments(enabled = true) {
  return useQuery({
    queryKey: queryKeys.departments.all,
    queryFn: ({ signal }) => api.get("erp/v1/hrm/departments", { schema: departmentListEnvelope, signal }),
    enabled,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => invalidateAfter(queryClient, { entity: "department" });
}

/** Adds a department with its people (site managers). */
export function useCreateDepartment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateDepartmentBody) => api.post("erp/v1/hrm/departments", { schema: itemEnvelope(departmentSchema), body }),
    onSuccess: refresh,
  });
}

/** Renames a department and/or replaces its people (site managers). */
export function useUpdateDepartment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateDepartmentBody }) =>
      api.post(`erp/v1/hrm/departments/${id}/update`, { schema: itemEnvelope(departmentSchema), body }),
    onSuccess: refresh,
  });
}

/** Deletes a department; projects that chose it keep their members. */
export function useDeleteDepartment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.post(`erp/v1/hrm/departments/${id}/delete`, { schema: messageSchema }),
    onSuccess: refresh,
  });
}

import {
  itemEnvelope,
  listEnvelope,
  messageSchema,
  projectListMetaShape,
  projectSchema,
  type CreateProjectBody,
  type Project,
  type ProjectStatus,
  type UpdateProjectBody,
} from "@plotline/contracts";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useParams } from "react-router";
import { api } from "../../../api/client.js";
import { invalidateAfter, queryKeys } from "../../../lib/query-keys.js";

/** A tab of the projects list: a status, or the caller's favourites. */
export type ProjectTab = ProjectStatus | "favourite";

const projectListSchema = listEnvelope(projectSchema, projectListMetaShape);

/** One page of projects in a tab, with the totals of every tab in `meta` and counts per project. */
export function useProjects(params: { status: ProjectTab; title: string; page: number; perPage: number }) {
  const query = { status: params.status, title: params.title || undefined, page: params.page, per_page: params.perPage, with: "meta" };
  return useQuery({
    queryKey: queryKeys.projects.list(query),
    queryFn: ({ signal }) => api.get("pm/v2/projects", { schema: projectListSchema, query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One project with its members, counts and the caller's abilities. */
export function projectOptions(projectId: number) {
  return queryOptions({
    queryKey: queryKeys.project.detail(projectId),
    queryFn: async ({ signal }) => (await api.get(`pm/v2/projects/${projectId}`, { schema: itemEnvelope(projectSchema), signal })).data,
    enabled: Number.isInteger(projectId) && projectId > 0,
  });
}

/** One project with its members, counts and the caller's abilities. Shared by every project page. */
export function useProject(projectId: number) {
  return useQuery(projectOptions(projectId));
}

/** The `:project_id` of the current route, as a number (NaN when the address holds something else). */
export function useProjectId(): number {
  const { project_id: raw } = useParams();
  return raw && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
}

/** Puts a fresh project in the detail cache and refreshes every list it may appear in. */
function useStoreProject() {
  const queryClient = useQueryClient();
  return (project: Project) => {
    queryClient.setQueryData(queryKeys.project.detail(project.id), project);
    return invalidateAfter(queryClient, { entity: "project" });
  };
}

/** Creates a project; the creator becomes its manager. */
export function useCreateProject() {
  const store = useStoreProject();
  return useMutation({
    mutationFn: (body: CreateProjectBody) => api.post("pm/v2/projects", { schema: itemEnvelope(projectSchema), body }),
    onSuccess: (result) => store(result.data),
  });
}

/** Changes a project; `assignees`, when given, replaces its members. */
export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateProjectBody }) =>
      api.post(`pm/v2/projects/${id}/update`, { schema: itemEnvelope(projectSchema), body }),
    onSuccess: async (result) => {
      queryClient.setQueryData(queryKeys.project.detail(result.data.id), result.data);
      // Members and roles decide what every page of the project may show: the map refreshes it all.
      await invalidateAfter(queryClient, { entity: "project", projectId: result.data.id });
    },
  });
}

/** Deletes a project and everything in it. */
export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`pm/v2/projects/${id}/delete`, { schema: messageSchema }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.project.scope(id) });
      return invalidateAfter(queryClient, { entity: "project" });
    },
  });
}

/** Marks or unmarks a project as one of the caller's favourites. */
export function useToggleFavourite() {
  const store = useStoreProject();
  return useMutation({
    mutationFn: ({ id, favourite }: { id: number; favourite: boolean }) =>
      api.post(`pm/v2/projects/${id}/favourite`, { schema: itemEnvelope(projectSchema), body: { favourite } }),
    onSuccess: (result) => store(result.data),
  });
}

/**
 * Query keys of everything inside projects. Every record of one project sits under `["projects", id]`,
 * so a change anywhere in a project can refresh its counts, lists and feed with one invalidation.
 */
export const projectKeys = {
  all: ["projects"] as const,
  lists: () => ["projects", "list"] as const,
  list: (params: Record<string, string | number | undefined>) => ["projects", "list", params] as const,
  scope: (projectId: number) => ["projects", projectId] as const,
  detail: (projectId: number) => ["projects", projectId, "detail"] as const,
  comments: (projectId: number, type: string, id: number) => ["projects", projectId, "comments", type, id] as const,
  milestones: (projectId: number) => ["projects", projectId, "milestones"] as const,
  discussions: (projectId: number) => ["projects", projectId, "discussions"] as const,
  discussion: (projectId: number, id: number) => ["projects", projectId, "discussions", id] as const,
  activities: (projectId: number, params: Record<string, string | number | undefined> = {}) =>
    ["projects", projectId, "activities", params] as const,
};

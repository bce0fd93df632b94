import type { Capability, SearchModel } from "@plotline/contracts";
import type { ProjectAccess } from "../projects/project-access.js";
import type { DocumentKind, PrivateKind, SearchFilter } from "./search.repository.js";

/** The capability that shows each kind of private record. */
const CAPABILITY_OF: Record<PrivateKind, Capability> = {
  task: "view_private_task",
  list: "view_private_list",
  milestone: "view_private_milestone",
  message: "view_private_message",
  file: "view_private_file",
};

/** Which modules are on, as far as search cares. */
export interface SearchModules {
  files: boolean;
  subTasks: boolean;
}

/** The documents each model asks for: `task` covers sub-tasks (when the sub-tasks module is on). */
export function kindsFor(models: readonly SearchModel[], modules: SearchModules): DocumentKind[] {
  const kinds = new Set<DocumentKind>();
  for (const model of models) {
    if (model === "task") {
      kinds.add("task");
      if (modules.subTasks) kinds.add("subtask");
    } else if (model === "doc") {
      if (modules.files) kinds.add("doc");
    } else {
      kinds.add(model);
    }
  }
  return [...kinds];
}

/**
 * What a reader may find: only the projects given (their memberships, already checked), and in each only
 * the private records whose view_private_* they hold. A site manager searching every project passes null.
 */
export function searchFilterFor(
  accesses: Iterable<ProjectAccess> | null,
  kinds: readonly DocumentKind[],
  modules: SearchModules,
  projectIds: readonly number[] | null = null,
): SearchFilter {
  const hidden: Record<PrivateKind, number[]> = { task: [], list: [], milestone: [], message: [], file: [] };
  const ids: number[] = [];
  if (accesses) {
    for (const access of accesses) {
      ids.push(access.projectId);
      for (const privateKind of Object.keys(CAPABILITY_OF) as PrivateKind[]) {
        if (!access.can(CAPABILITY_OF[privateKind])) hidden[privateKind].push(access.projectId);
      }
    }
  }
  return { kinds, projectIds: accesses ? ids : projectIds, hidden, withoutFileComments: !modules.files };
}

import type { SearchModel } from "@plotline/contracts";
import { groupByView, privacyViewOf } from "../privacy/privacy.rules.js";
import type { ProjectAccess } from "../projects/project-access.js";
import type { DocumentKind, SearchFilter } from "./search.repository.js";

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
  const views = accesses ? [...accesses].map((access) => ({ projectId: access.projectId, view: privacyViewOf(access) })) : null;
  return {
    kinds,
    projectIds: views ? views.map((entry) => entry.projectId) : projectIds,
    // The privacy module says, per group of projects read with the same view, what is hidden.
    scopes: views ? groupByView(views) : [],
    withoutFileComments: !modules.files,
  };
}

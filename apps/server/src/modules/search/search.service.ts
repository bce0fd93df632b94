import {
  PROJECT_SEARCH_MODELS,
  SEARCH_LIMITS,
  type Pagination,
  type SearchByClientQuery,
  type SearchModel,
  type SearchQuery,
  type SearchResult,
} from "@plotline/contracts";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../lib/actor.js";
import { pageRequest, paginationMeta } from "../../lib/pagination.js";
import type { ModuleStatesService } from "../module-states/module-states.service.js";
import type { ProjectAccessService } from "../projects/project-access.js";
import { kindsFor, searchFilterFor, type SearchModules } from "./search.policy.js";
import { presentSearchResult } from "./search.presenter.js";
import { searchRepository, type Branch, type SearchFilter, type SearchHitRow } from "./search.repository.js";
import { isSearchable, MIN_PARTIAL_LENGTH, parseQuery } from "./search.text.js";

/** A page of results, best first. */
export interface SearchPage {
  results: SearchResult[];
  pagination: Pagination;
}

/** The documents' default model for `pm/v2/search`. */
const DEFAULT_MODELS: readonly SearchModel[] = ["task"];

/** Ranked full-text search over what the actor may see. */
export function searchService(ctx: AppContext, access: ProjectAccessService, moduleStates: ModuleStatesService) {
  const repository = searchRepository(ctx.db, ctx.kind);

  async function activeModules(): Promise<SearchModules & { customFields: boolean }> {
    const active = await moduleStates.activeModules();
    return { files: active.includes("files"), subTasks: active.includes("sub_tasks"), customFields: active.includes("custom_fields") };
  }

  /**
   * Runs a search. Word matches rank first and partial-word matches after them, so each branch is paged
   * on its own: the partial branch only runs when the page is not full of word matches. A branch is
   * counted only when its page does not tell how many it has, and no further than SEARCH_LIMITS.maxTotal.
   */
  async function run(text: string, given: SearchFilter | null, page: number, perPage: number, withCustomFields = false): Promise<SearchPage> {
    const filter = given && withCustomFields ? { ...given, withCustomFields } : given;
    const request = pageRequest(page, perPage, perPage);
    const query = parseQuery(text);
    if (!filter || filter.kinds.length === 0 || (filter.projectIds && filter.projectIds.length === 0) || !isSearchable(query)) {
      return { results: [], pagination: paginationMeta(request, 0, 0) };
    }
    const cap = SEARCH_LIMITS.maxTotal;
    const limit = Math.max(0, Math.min(request.limit ?? perPage, cap - request.offset));
    const branches: Branch[] = [];
    if (query.words.length > 0) branches.push("words");
    if (query.phrase.length >= MIN_PARTIAL_LENGTH) branches.push("partial");

    const rows: SearchHitRow[] = [];
    // Matches of the branches before this one (capped), which come first in the ranking.
    let before = 0;
    for (const branch of branches) {
      if (before >= cap) break;
      const offset = Math.max(0, request.offset - before);
      const wanted = limit - rows.length;
      const found = wanted > 0 ? await repository.findHits(query, filter, branch, wanted, offset) : [];
      rows.push(...found);
      const pageTellsCount = wanted > 0 && found.length < wanted && (found.length > 0 || offset === 0);
      before += pageTellsCount ? offset + found.length : await repository.countHits(query, filter, branch, cap - before);
    }
    const total = Math.min(before, cap);
    return { results: rows.map((row) => presentSearchResult(row, query)), pagination: paginationMeta(request, total, rows.length) };
  }

  return {
    /**
     * `GET pm/v2/search`: every project the actor belongs to (site managers: every project), or those of
     * `project_id` among them; projects the actor may not enter are left out without a word.
     */
    async search(actor: Actor, input: SearchQuery): Promise<SearchPage> {
      const modules = await activeModules();
      const kinds = kindsFor(input.model ?? DEFAULT_MODELS, modules);
      const asked = input.project_id === undefined ? null : [...new Set(Array.isArray(input.project_id) ? input.project_id : [input.project_id])];
      let filter: SearchFilter;
      if (actor.isSiteManager) {
        filter = searchFilterFor(null, kinds, modules, asked);
      } else {
        const accesses = asked ? await access.accessToProjects(actor, asked) : await access.accessToMemberProjects(actor);
        filter = searchFilterFor(accesses.values(), kinds, modules);
      }
      return run(input.query, filter, input.page, input.per_page, modules.customFields);
    },

    /** `GET pm-pro/v2/search_by_client`: inside one project (404 unknown, 403 not a member). */
    async searchProject(actor: Actor, input: SearchByClientQuery): Promise<SearchPage> {
      const projectAccess = await access.requireAccess(actor, input.project_id);
      const modules = await activeModules();
      const kinds = kindsFor(input.model ?? PROJECT_SEARCH_MODELS, modules);
      return run(input.query, searchFilterFor([projectAccess], kinds, modules), input.page, input.per_page, modules.customFields);
    },
  };
}

export type SearchService = ReturnType<typeof searchService>;

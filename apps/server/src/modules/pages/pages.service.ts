import { RESERVED_PAGE_PATHS, type CreateSitePageBody, type SitePage, type UpdateSitePageBody } from "@plotline/contracts";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../lib/actor.js";
import { forbidden, invalidField, notFound, say } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import { clearFrontEndPageIf, findFrontEndPageId } from "../site-settings/site-settings.service.js";
import { pagesPolicy } from "./pages.policy.js";
import { presentPage } from "./pages.presenter.js";
import { pagesRepository } from "./pages.repository.js";

/** Whether a path belongs to the server itself (the API, the built assets). */
function isReserved(path: string): boolean {
  return RESERVED_PAGE_PATHS.some((reserved) => path === reserved || path.startsWith(`${reserved}/`));
}

/** The site's front-end pages: the paths the app is offered at without admin chrome. */
export function pagesService(ctx: AppContext) {
  const pages = pagesRepository(ctx.db);

  function requireManager(actor: Actor): void {
    if (!pagesPolicy.canManage(actor)) throw forbidden(say("pages.who_may_change_site_pages"));
  }

  async function checkPath(path: string, exceptId?: number): Promise<void> {
    if (isReserved(path)) throw invalidField("path", say("pages.path_used_by_plotline_itself_choose", { path }));
    if (await pages.findByPath(path, exceptId)) throw invalidField("path", say("pages.page_with_path_already_exists", { path }));
  }

  /** Runs a write; a unique-path violation from a concurrent write becomes the same 400 as the check. */
  async function guardPath<T>(path: string | undefined, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (path !== undefined && (await pages.findByPath(path))) throw invalidField("path", say("pages.page_with_path_already_exists", { path }));
      throw error;
    }
  }

  return {
    async listPages(actor: Actor): Promise<SitePage[]> {
      if (!pagesPolicy.canList(actor)) throw forbidden();
      return (await pages.listPages()).map(presentPage);
    },

    async createPage(actor: Actor, input: CreateSitePageBody): Promise<SitePage> {
      requireManager(actor);
      await checkPath(input.path);
      return presentPage(await guardPath(input.path, () => pages.insertPage({ title: input.post_title, path: input.path, created_at: nowUtc() })));
    },

    async updatePage(actor: Actor, id: number, input: UpdateSitePageBody): Promise<SitePage> {
      requireManager(actor);
      if (!(await pages.findPage(id))) throw notFound(say("pages.page_not_found"));
      if (input.path !== undefined) await checkPath(input.path, id);
      const row = await guardPath(input.path, () =>
        pages.updatePage(id, {
          ...(input.post_title !== undefined && { title: input.post_title }),
          ...(input.path !== undefined && { path: input.path }),
        }));
      if (!row) throw notFound(say("pages.page_not_found"));
      return presentPage(row);
    },

    /** Deletes a page; when it was the front-end page, `front_end_page` goes back to 0 in the same transaction. */
    async deletePage(actor: Actor, id: number): Promise<void> {
      requireManager(actor);
      await ctx.db.transaction().execute(async (trx) => {
        if (!(await pagesRepository(trx).deletePage(id))) throw notFound(say("pages.page_not_found"));
        await clearFrontEndPageIf(trx, id);
      });
    },

    /** The path the app is served at without admin chrome, or null when no front-end page is chosen. */
    async frontEndPath(): Promise<string | null> {
      const id = await findFrontEndPageId(ctx.db);
      if (id === 0) return null;
      return (await pages.findPage(id))?.path ?? null;
    },
  };
}

export type PagesService = ReturnType<typeof pagesService>;

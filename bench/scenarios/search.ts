import { LOAD_PASSWORD, type LoadResult } from "../lib/load-data.js";
import type { BenchContext } from "../lib/scenario.js";
import { defineScenario } from "../lib/scenario.js";
import { ensureBigLoad } from "../lib/shared-load.js";
import { createUserToken } from "../lib/site-manager.js";

/** Every model the documents list, as the projects-list box asks. */
const ALL_MODELS = "model[]=task&model[]=task_list&model[]=discussion_board&model[]=milestone";

/**
 * A token for one of the generated users: the 8th is the client of the 10,000-task project and a
 * co-worker of two others, so the privacy conditions (view_private_task, view_private_list) are in play.
 */
async function memberToken(ctx: BenchContext, load: LoadResult): Promise<string> {
  const userId = load.userIds[7];
  if (userId === undefined) throw new Error("the load has fewer than 8 users");
  const user = await ctx.plotline.database.db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirstOrThrow();
  return createUserToken(ctx.plotline.origin, { email: user.email, password: LOAD_PASSWORD });
}

/**
 * The projects-list box over 100,000 tasks, as the site manager (every project): "homep" is a prefix of a
 * word in one task title in sixteen (about 6,300 matches), so the whole match set is ranked and counted.
 */
export const searchCommonWord = defineScenario({
  name: "GET search, 100k, 6k matches",
  target: "plotline",
  seed: (ctx) => ensureBigLoad(ctx),
  request: (ctx, _load) => ({ method: "GET" as const, path: `/api/pm/v2/search?query=homep&${ALL_MODELS}`, headers: ctx.plotline.authHeaders }),
});

/** Two words narrowing to a handful of tasks among 100,000. */
export const searchNarrow = defineScenario({
  name: "GET search, 100k, 2 words",
  target: "plotline",
  seed: (ctx) => ensureBigLoad(ctx),
  request: (ctx, _load) => ({
    method: "GET" as const,
    path: `/api/pm/v2/search?query=${encodeURIComponent("review invoice 12")}&${ALL_MODELS}`,
    headers: ctx.plotline.authHeaders,
  }),
});

/** A member (client in the 10,000-task project, co-worker in two others) with privacy filters in SQL. */
export const searchAsMember = defineScenario({
  name: "GET search, 100k, client",
  target: "plotline",
  seed: async (ctx) => memberToken(ctx, await ensureBigLoad(ctx)),
  request: (_ctx, token) => ({ method: "GET", path: `/api/pm/v2/search?query=design&${ALL_MODELS}`, headers: { authorization: `Bearer ${token}` } }),
});

/** The project-header box in the 10,000-task project. */
export const searchInProject = defineScenario({
  name: "GET search_by_client, 10k project",
  target: "plotline",
  seed: (ctx) => ensureBigLoad(ctx),
  request: (ctx, load) => ({
    method: "GET",
    path: `/api/pm-pro/v2/search_by_client?query=check&project_id=${load.bigProjectId}`,
    headers: ctx.plotline.authHeaders,
  }),
});

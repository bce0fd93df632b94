import { seedLoad, type LoadResult } from "./load-data.js";
import type { BenchContext } from "./scenario.js";

/** The big data set the scale scenarios share: 50 projects, 100,000 tasks, the first project 10,000. */
export const LOAD = { projects: 50, tasks: 100_000, bigProjectTasks: 10_000 } as const;

let bigLoad: Promise<LoadResult> | null = null;
let smallProject: Promise<LoadResult> | null = null;

async function siteManagerId(ctx: BenchContext): Promise<number> {
  const row = await ctx.plotline.database.db.selectFrom("users").select("id").where("manage_pm", "=", 1).orderBy("id").executeTakeFirstOrThrow();
  return row.id;
}

/** Seeds the 100,000-task data set once, whichever scenario asks first. */
export function ensureBigLoad(ctx: BenchContext): Promise<LoadResult> {
  bigLoad ??= siteManagerId(ctx).then((managerId) => seedLoad(ctx.plotline.database, { ...LOAD, managerId }));
  return bigLoad;
}

/** A separate project of exactly 1,000 tasks: the size the original plugin was measured at. */
export function ensureThousandTaskProject(ctx: BenchContext): Promise<LoadResult> {
  smallProject ??= siteManagerId(ctx).then((managerId) =>
    seedLoad(ctx.plotline.database, { projects: 1, tasks: 1_000, bigProjectTasks: 1_000, users: 8, managerId }),
  );
  return smallProject;
}

import { defineModule } from "../module.js";
import * as entries from "./trash.entries.migration.js";
import { trashRoutes } from "./trash.routes.js";
import { trashService, type TrashService } from "./trash.service.js";

// The module's tables, re-exported so that whatever builds the app also sees them join `Database`.
export type { TrashEntriesTable, TrashEntryRow } from "./trash.tables.js";

declare module "../../services.js" {
  interface Services {
    /** Deletes that can be undone: the task, list, comment and file deletes hand their records to it. */
    trash: TrashService;
  }
}

declare module "../../jobs/job-runner.js" {
  interface JobMap {
    /** Purges one trash entry and its file bytes once its undo window has passed; safe to run again. */
    "trash.purge": { id: number };
    /** Purges every expired entry: the ones whose own job was never enqueued. */
    "trash.purge-expired": Record<string, never>;
  }
}

/** The trash: undo of deletions (see README.md). */
export const trashModule = defineModule({
  name: "trash",
  i18n: "trash",
  switch: "core",
  routes: [trashRoutes],
  migrations: { "202611281100-trash-entries": entries },
  services: (ctx, s) => ({ trash: trashService(ctx, s.access, s.moduleStates, ctx.storage) }),
  jobs: (s) => ({
    "trash.purge": (payload) => s.trash.purge(payload.id),
    "trash.purge-expired": async () => void (await s.trash.purgeExpired()),
  }),
  // A safety net only: every entry has its own job for the end of its window.
  schedules: [{ name: "trash.purge-expired", cron: "*/10 * * * *" }],
});

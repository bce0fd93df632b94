import type { AppContext } from "../context.js";
import { toStoredTimestamp } from "../lib/dates.js";
import { defineModule } from "../modules/module.js";
import { eventsRepository } from "./events.repository.js";

declare module "../jobs/job-runner.js" {
  interface JobMap {
    /** Deletes outbox events handed out more than `OUTBOX_KEEP_DAYS` ago (failed ones after `OUTBOX_KEEP_FAILED_DAYS`). */
    "events.prune-outbox": Record<string, never>;
  }
}

declare module "../services.js" {
  interface Services {
    outbox: OutboxService;
  }
}

/** How long a handed-out event stays in the outbox: long enough to look into what a change set off. */
export const OUTBOX_KEEP_DAYS = 7;

/** How long an event whose subscribers kept failing stays, for someone to look into it. */
export const OUTBOX_KEEP_FAILED_DAYS = 30;

/** The outbox's upkeep. */
export function outboxService(ctx: AppContext) {
  const events = eventsRepository(ctx.db);
  return {
    /** Deletes events dispatched before the keep period, and failed ones after a longer one. */
    pruneDispatched(now = new Date()): Promise<number> {
      const daysAgo = (days: number) => toStoredTimestamp(new Date(now.getTime() - days * 86_400_000));
      return events.deleteSettledBefore(daysAgo(OUTBOX_KEEP_DAYS), daysAgo(OUTBOX_KEEP_FAILED_DAYS));
    },
  };
}
export type OutboxService = ReturnType<typeof outboxService>;

/** The events outbox as the platform's own module: it has no routes, only a nightly clean-up. */
export const outboxModule = defineModule({
  name: "outbox",
  switch: "core",
  services: (ctx) => ({ outbox: outboxService(ctx) }),
  jobs: (s) => ({ "events.prune-outbox": async () => void (await s.outbox.pruneDispatched()) }),
  schedules: [{ name: "events.prune-outbox", cron: "17 3 * * *" }],
});

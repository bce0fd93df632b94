import type { ModuleContext } from "../module.js";
import type { Services } from "../../services.js";
import type { ScheduleSpec } from "../../jobs/job-runner.js";
import * as tables from "./code-hosting.tables.migration.js";
import { codeHostingRoutes, codeHostingWebhookRoutes } from "./code-hosting.routes.js";
import { codeHostingService, type CodeHostingService } from "./code-hosting.service.js";
import { codeHostingWebhookService, type CodeHostingWebhookService } from "./code-hosting-webhook.service.js";

// The tables, re-exported so that whatever builds the app also sees them join `Database`.
export type { CodeHostingCommentLinksTable, CodeHostingDeliveriesTable, CodeHostingIssueLinksTable, CodeHostingUsernamesTable } from "./code-hosting.tables.js";

declare module "../../services.js" {
  interface Services {
    /** The code-hosting integration as its managers see it: the Integrations tab, the user map, the token. */
    codeHosting: CodeHostingService;
    /** The incoming address GitHub and Bitbucket post to. */
    codeHostingWebhook: CodeHostingWebhookService;
  }
}

declare module "../../jobs/job-runner.js" {
  interface JobMap {
    /** Forgets the delivery ids the services no longer redeliver. */
    "integrations.forget-code-hosting-deliveries": Record<string, never>;
  }
}

/**
 * The code-hosting half of the `integrations` module (the entry, integrations.module.ts, spreads these):
 * GitHub and Bitbucket events into a project's tasks and comments (README.md).
 */
export const codeHostingPart = {
  routes: [codeHostingRoutes, codeHostingWebhookRoutes],
  migrations: { "202612100900-integrations-code-hosting": tables },
  services: (ctx: ModuleContext, s: Services) => ({
    codeHosting: codeHostingService(ctx, s.access, s.projectSettings),
    codeHostingWebhook: codeHostingWebhookService(ctx, { tasks: s.tasks, comments: s.comments, taskLists: s.taskLists }),
  }),
  jobs: (s: Services) => ({
    "integrations.forget-code-hosting-deliveries": async () => void (await s.codeHostingWebhook.forgetOldDeliveries()),
  }),
  schedules: [{ name: "integrations.forget-code-hosting-deliveries", cron: "23 4 * * *" }] satisfies ScheduleSpec[],
} as const;

import { MENU_ORDER } from "@plotline/contracts";
import { defineModule } from "../module.js";
import { notificationsRoutes } from "./notifications.routes.js";
import { notificationsService, type NotificationsService } from "./notifications.service.js";
import { notificationsSubscribers } from "./notifications.subscribers.js";
import * as subjects from "./notifications.subjects.migration.js";
import * as tables from "./notifications.tables.migration.js";

// The module's tables, re-exported so that whatever builds the app also sees them join `Database`.
export type { NotificationsTable, NotificationRow, TaskFollowersTable } from "./notifications.tables.js";

declare module "../../services.js" {
  interface Services {
    notifications: NotificationsService;
  }
}

declare module "../../jobs/job-runner.js" {
  interface JobMap {
    /** Writes the `due_soon` entries of the tasks due tomorrow (the site's calendar day); safe to run again. */
    "notifications.due-soon": Record<string, never>;
    /** Deletes the entries whose list, milestone, discussion or file is gone for good. */
    "notifications.sweep": Record<string, never>;
  }
}

/** The Inbox: entries about what concerns each user, written from domain events, and task following. */
export const notificationsModule = defineModule({
  name: "notifications",
  i18n: "notifications",
  switch: "core",
  routes: [notificationsRoutes],
  migrations: { "202611270900-notifications-tables": tables, "202611301000-notifications-subjects": subjects },
  services: (ctx, s) => ({ notifications: notificationsService(ctx, s.access) }),
  subscribers: () => notificationsSubscribers(),
  jobs: (s) => ({
    "notifications.due-soon": async () => void (await s.notifications.notifyDueTomorrow()),
    "notifications.sweep": async () => void (await s.notifications.sweepOrphans()),
  }),
  schedules: [
    // Once a day, at 06:00 UTC; "tomorrow" is the calendar day after the one the site's time zone is in then.
    { name: "notifications.due-soon", cron: "0 6 * * *" },
    // Once a day, at 04:30 UTC. A record deleted in the undo window just before and then brought back
    // returns without its Inbox entries; the record itself is never touched.
    { name: "notifications.sweep", cron: "30 4 * * *" },
  ],
  menu: [{ module: "core", area: "site", label: "menu.inbox", order: MENU_ORDER.inbox, route: "inbox", audience: "everyone" }],
});

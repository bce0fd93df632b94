import { defineModule } from "../module.js";
import { digestService, type DigestJob, type DigestService } from "./digest.service.js";
import { mailNotificationsService, type MailNotificationsService, type NoticeJob } from "./mail-notifications.service.js";
import { mailNotificationsSubscribers } from "./mail-notifications.subscribers.js";
import * as tables from "./mail-notifications.tables.migration.js";

// The module's tables, re-exported so that whatever builds the app also sees them join `Database`.
export type { MailDigestsTable, MailNotificationItemsTable } from "./mail-notifications.tables.js";

declare module "../../services.js" {
  interface Services {
    mailNotifications: MailNotificationsService;
    digest: DigestService;
  }
}

declare module "../../jobs/job-runner.js" {
  interface JobMap {
    /** Sends one recipient one mail with the waiting items of one record by one actor; keyed by the four. */
    "mail.notify": NoticeJob;
    /** Every 10 minutes: enqueues again the groups whose items no job took (see `sweepStranded`). */
    "mail.sweep": Record<string, never>;
    /** Once a day: deletes the notice items finished more than 30 days ago. */
    "mail.prune": Record<string, never>;
    /** Every quarter hour: from 08:00 to 11:59 site time, writes the day's digest rows and enqueues their jobs. */
    "mail.digest-tick": Record<string, never>;
    /** Sends one user's digest of one site day; keyed `<user>:<day>`. */
    "mail.digest": DigestJob;
  }
}

/**
 * Mail notices (a task assigned to you, comments, mentions, new discussions and files in your projects),
 * gathered per record and actor for `PLOTLINE_MAIL_WAIT_SECONDS`, and the daily digest. See README.md.
 */
export const mailNotificationsModule = defineModule({
  name: "mail-notifications",
  switch: "core",
  migrations: { "202612150910-mail-notifications-tables": tables },
  services: (ctx, s) => {
    const deps = { mail: s.mail, preferences: s.preferences, access: s.access };
    return { mailNotifications: mailNotificationsService(ctx, deps), digest: digestService(ctx, { ...deps, siteSettings: s.siteSettings }) };
  },
  subscribers: (_ctx, s) => mailNotificationsSubscribers(s.mailNotifications),
  jobs: (s) => ({
    "mail.notify": async (payload, job) => void (await s.mailNotifications.sendGroup(payload, job.id)),
    "mail.sweep": async () => void (await s.mailNotifications.sweepStranded()),
    "mail.prune": async () => void (await s.mailNotifications.pruneFinished()),
    "mail.digest-tick": async () => void (await s.digest.tick()),
    "mail.digest": async (payload, job) => void (await s.digest.send(payload, job.id)),
  }),
  schedules: [
    { name: "mail.sweep", cron: "*/10 * * * *" },
    { name: "mail.prune", cron: "40 3 * * *" },
    // Every quarter hour rather than at 08:00 UTC: the digest follows the site's zone, whatever its offset
    // (a half-hour or 45-minute one included); the day's row keeps the extra ticks from sending twice.
    { name: "mail.digest-tick", cron: "*/15 * * * *" },
  ],
});

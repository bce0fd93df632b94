import type { AppContext } from "../../context.js";
import { nowUtc, startOfDayUtc, toDateObject } from "../../lib/dates.js";
import type { MailService } from "../mail/mail.service.js";
import type { PreferencesService } from "../preferences/preferences.service.js";
import { groupByView, privacyViewOf } from "../privacy/privacy.rules.js";
import type { ProjectAccessService } from "../projects/project-access.js";
import type { SiteSettingsService } from "../site-settings/site-settings.service.js";
import { findUsersByIds } from "../users/users.service.js";
import { digestRepository, type DigestDays } from "./digest.repository.js";
import { presentDigest } from "./digest.presenter.js";
import { MAIL_JOB_RETRIES } from "./mail-items.js";
import { actorWithoutSession } from "../users/user-actor.js";

/** The `mail.digest` job's payload: whose digest, and of which site day. */
export interface DigestJob {
  userId: number;
  day: string;
}

/** The site's hour the digest goes out at. */
export const DIGEST_HOUR = 8;
/**
 * The last hour a missed digest is still sent in (a site down at 08:00 sends it at its next tick
 * until 11:59); after that the day's digest is skipped: news of the morning is stale by the afternoon.
 */
export const LAST_DIGEST_HOUR = 11;
/** Tasks listed per section. */
const SECTION_LIMIT = 50;
/** Digest rows kept, in days, for diagnosis. */
const KEEP_DAYS = 14;

function dayBefore(day: string, days = 1): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** The site's calendar day and hour at `now`. */
export function siteClock(now: Date, timezone: string): { day: string; hour: number } {
  const local = toDateObject(nowUtc(now), timezone);
  return { day: local?.date ?? nowUtc(now).slice(0, 10), hour: Number(local?.time.slice(0, 2) ?? 0) };
}

/**
 * The daily digest (site setting `daily_digest`): each morning, each user with tasks due today, overdue, or
 * completed yesterday in their projects gets one mail, privacy holding. Once a day per user whatever
 * happens: the tick (every quarter hour) writes a `(user_id, day)` row before enqueuing its job, the row's primary key
 * refuses a second one (another process, a restart, a repeated tick), and the job claims the row before
 * sending, so two jobs of one row never both send.
 */
export function digestService(
  ctx: AppContext,
  deps: { mail: MailService; preferences: PreferencesService; access: ProjectAccessService; siteSettings: SiteSettingsService },
) {
  const tz = ctx.config.timezone;
  const repo = digestRepository(ctx.db);

  function daysOf(today: string): DigestDays {
    return { today, yesterdayFrom: startOfDayUtc(dayBefore(today), tz), yesterdayTo: startOfDayUtc(today, tz) };
  }

  return {
    /**
     * The quarter-hourly `mail.digest-tick`: from 08:00 to 11:59 in the site's time zone, with the digest on, writes
     * the day's rows of the users who may have one and enqueues the jobs of the rows not yet taken (those of
     * an earlier tick whose enqueue was lost included). Answers how many jobs it enqueued.
     */
    async tick(now: Date = new Date()): Promise<number> {
      if (!(await deps.siteSettings.value("daily_digest"))) return 0;
      const { day, hour } = siteClock(now, tz);
      if (hour < DIGEST_HOUR || hour > LAST_DIGEST_HOUR) return 0;
      await repo.insertDigests(await repo.findCandidates(daysOf(day)), day, nowUtc(now));
      const waiting = await repo.findWaiting(day);
      for (const userId of waiting) await ctx.jobs.enqueue("mail.digest", { userId, day }, { key: `${userId}:${day}`, retries: MAIL_JOB_RETRIES });
      await repo.deleteBefore(dayBefore(day, KEEP_DAYS));
      return waiting.length;
    },

    /** The `mail.digest` job: one user's digest of one day, unless another job has it, it is done, or it is empty. */
    async send(job: DigestJob, jobId: string): Promise<"sent" | "empty" | "none"> {
      if (!(await repo.claim(job.userId, job.day, jobId))) return "none";
      const [user] = await findUsersByIds(ctx.db, [job.userId]);
      const wants = user ? (await deps.preferences.emailNotificationsOf([user.id])).get(user.id)?.daily_digest : false;
      if (!user || !wants) {
        await repo.finish(job.userId, job.day, "empty", nowUtc());
        return "empty";
      }
      const accesses = await deps.access.accessToMemberProjects(actorWithoutSession(user));
      const scopes = groupByView([...accesses.values()].map((access) => ({ projectId: access.projectId, view: privacyViewOf(access) })));
      const days = daysOf(job.day);
      const [due, completed] = await Promise.all([
        repo.findDueTasks(user.id, days, scopes, SECTION_LIMIT + 1),
        repo.findCompletedTasks(days, scopes, SECTION_LIMIT + 1),
      ]);
      const shownDue = due.slice(0, SECTION_LIMIT);
      const shownCompleted = completed.slice(0, SECTION_LIMIT);
      const completers = [...new Set(shownCompleted.flatMap((task) => (task.completed_by === null ? [] : [task.completed_by])))];
      const names = new Map((await findUsersByIds(ctx.db, completers)).map((row) => [row.id, row.display_name]));
      const message = presentDigest({
        recipient: { email: user.email, name: user.display_name },
        today: job.day,
        dueToday: shownDue.filter((task) => task.due_date === job.day),
        overdue: shownDue.filter((task) => task.due_date !== job.day),
        completed: shownCompleted,
        more: { due: due.length > SECTION_LIMIT, completed: completed.length > SECTION_LIMIT },
        names,
        urlOf: (link) => deps.mail.recordUrl(link),
      });
      if (!message) {
        await repo.finish(job.userId, job.day, "empty", nowUtc());
        return "empty";
      }
      await deps.mail.send(message);
      await repo.finish(job.userId, job.day, "sent", nowUtc());
      return "sent";
    },
  };
}

export type DigestService = ReturnType<typeof digestService>;

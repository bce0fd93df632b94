import type { Pagination, ProgressDay, ProgressQuery } from "@plotline/contracts";
import type { Actor } from "../../lib/actor.js";
import { forbidden, say } from "../../lib/app-error.js";
import type { ActivitiesService } from "../activities/activities.service.js";
import { progressPolicy } from "./progress.policy.js";
import { presentProgressDays } from "./progress.presenter.js";

/**
 * The Progress feed: the site-wide activity feed of the activities module (its query, privacy and
 * sentences), read with each entry's actor and project, grouped by day.
 */
export function progressService(activities: ActivitiesService) {
  return {
    /** One page of every project's activities, newest first, grouped by day; site managers only. */
    async listProgress(actor: Actor, query: ProgressQuery): Promise<{ days: ProgressDay[]; pagination: Pagination }> {
      if (!progressPolicy.canRead(actor)) throw forbidden(say("progress.who_may_see_progress"));
      const page = await activities.listActivities(actor, { page: query.page, per_page: query.per_page, with: ["actor", "project"] });
      return { days: presentProgressDays(page.activities), pagination: page.pagination };
    },
  };
}

export type ProgressService = ReturnType<typeof progressService>;

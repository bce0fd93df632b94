import type { Activity, ProgressDay } from "@plotline/contracts";

/**
 * Groups a page of activities, newest first, by the day they were committed (site time zone, as
 * `committed_at` is shown): one entry per day in the page's order, each day's activities in theirs.
 */
export function presentProgressDays(activities: readonly Activity[]): ProgressDay[] {
  const days: ProgressDay[] = [];
  for (const activity of activities) {
    const date = activity.committed_at.date;
    const last = days.at(-1);
    if (last?.date === date) last.activities.push(activity);
    else days.push({ id: Number(date.replaceAll("-", "")), date, activities: [activity] });
  }
  return days;
}

import type { ProgressDay } from "@plotline/contracts";
import dayjs from "dayjs";

/**
 * The days of the pages loaded so far, in order. A day cut by a page break comes back at the top of the
 * next page with the same id: its activities join the day already shown.
 */
export function mergeProgressDays(pages: ReadonlyArray<readonly ProgressDay[]>): ProgressDay[] {
  const days: ProgressDay[] = [];
  for (const page of pages) {
    for (const day of page) {
      const last = days.at(-1);
      if (last?.id === day.id) days[days.length - 1] = { ...last, activities: [...last.activities, ...day.activities] };
      else days.push(day);
    }
  }
  return days;
}

/** A day's heading as the documents write it: MMM DD YYYY ("Mar 03 2026"). */
export function formatProgressDay(date: string): string {
  return dayjs(date).format("MMM DD YYYY");
}

/** The page number in `progress_pagination`'s `current_page_number`: 1 for anything else. */
export function progressPageOf(raw: string | undefined): number {
  const page = raw && /^\d+$/.test(raw) ? Number(raw) : 1;
  return page >= 1 ? page : 1;
}

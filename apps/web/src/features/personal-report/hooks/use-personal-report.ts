import { isoToUsDate, personalReportEnvelope } from "@plotline/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client.js";
import { useCurrentMe } from "../../auth/hooks/use-session.js";
import type { DayRange } from "../lib/report-range.js";

/** Whether the reports module is on: the personal report goes with it. */
export function usePersonalReportOn(): boolean {
  return useCurrentMe().active_modules.includes("reports");
}

/** One user's personal report over a range (the call takes MM/DD/YYYY dates). */
export function usePersonalReport(userId: number, range: DayRange) {
  return useQuery({
    queryKey: ["personal-report", userId, range.start, range.end],
    queryFn: ({ signal }) =>
      api.get("pm-pro/v2/report-summary", {
        schema: personalReportEnvelope,
        query: { type: "user", users: String(userId), startDate: isoToUsDate(range.start), endDate: isoToUsDate(range.end) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

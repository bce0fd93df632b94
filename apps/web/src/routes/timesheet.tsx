import { TimesheetView } from "../features/time-tracker/components/TimesheetView.js";
import { useTimeTrackerOn } from "../features/time-tracker/hooks/use-time-tracker.js";
import { NotFoundPage } from "./not-found.js";

/** `timesheet`: a week of logged time, under My Tasks. While the time tracker is off, the page does not exist. */
export function TimesheetPage() {
  const on = useTimeTrackerOn();
  if (!on) return <NotFoundPage />;
  return <TimesheetView />;
}

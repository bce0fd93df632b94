import { DatesProvider } from "@mantine/dates";
import type { ReactNode } from "react";
import { useFirstDayOfWeek } from "../hooks/use-site-settings.js";

/** Gives every date picker below the site's first day of the week, so pickers and the calendar agree. */
export function SiteDatesProvider({ children }: { children: ReactNode }) {
  const firstDayOfWeek = useFirstDayOfWeek();
  return <DatesProvider settings={{ firstDayOfWeek }}>{children}</DatesProvider>;
}

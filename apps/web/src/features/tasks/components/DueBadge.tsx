import { Badge } from "@mantine/core";
import { IconCalendarDue } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatDue } from "../../../lib/dates.js";

/**
 * A due date as a small badge: "Tomorrow", "3 days late" near today (red when an open task is late), the
 * date further away, with the exact date in its `title`. `status` is the task's, or null when it is not
 * known (an Inbox entry), so that a past date reads "3 days ago" rather than claim the task is late.
 */
export function DueBadge({ due, status }: { due: { date: string | null } | string | null; status: number | null }) {
  const { t } = useTranslation();
  const text = formatDue(due, status);
  if (!text) return null;
  const late = text.isOverdue;
  return (
    <Badge
      size="sm"
      // Mantine's badges are upper case; "TOMORROW" would shout.
      tt="none"
      variant={late ? "filled" : "light"}
      color={late ? "red" : "gray"}
      leftSection={<IconCalendarDue size={12} aria-hidden />}
      aria-label={late ? t("tasks.overdue_on", { date: text.exact }) : t("tasks.due_on", { date: text.exact })}
      title={text.exact}
      data-testid="due-date"
    >
      {text.label}
    </Badge>
  );
}

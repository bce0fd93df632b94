import "@mantine/dates/styles.css";
import { DatePickerInput } from "@mantine/dates";
import { dateOf, type SubTask } from "@plotline/contracts";
import { IconCalendar } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { dateInputFormat, formatDue } from "../../../lib/dates.js";
import { DueBadge } from "../../tasks/components/DueBadge.js";
import { useDraft } from "../../tasks/hooks/use-draft.js";

/** A sub-task's due date on its row: a small date field saving as it changes, or its badge when it cannot change. */
export function SubTaskDueDate({
  subTask,
  canEdit,
  error,
  onSave,
}: {
  subTask: SubTask;
  canEdit: boolean;
  /** The server's message about the due date, shown under the field. */
  error?: string;
  onSave: (dueDate: string | null, onFailed: () => void) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue, reset] = useDraft<string | null>(dateOf(subTask.due_date));
  if (!canEdit) return <DueBadge due={subTask.due_date} status={subTask.status} />;
  // Late and still open: the date reads red, and says so to a screen reader, as the badge does.
  const due = formatDue(value, subTask.status);
  const late = due?.isOverdue ?? false;
  return (
    <DatePickerInput
      size="xs"
      w={132}
      aria-label={t("sub_tasks.due_date", { title: subTask.title })}
      aria-description={late && due ? t("tasks.overdue_on", { date: due.exact }) : undefined}
      styles={late ? { input: { color: "var(--plotline-color-danger)", fontWeight: 600 } } : undefined}
      placeholder={t("tasks.due_date")}
      valueFormat={dateInputFormat()}
      value={value}
      clearable
      error={error}
      leftSection={<IconCalendar size={14} aria-hidden />}
      popoverProps={{ withinPortal: true }}
      data-testid="sub-task-due"
      onChange={(next) => {
        const date = next === null ? null : String(next).slice(0, 10);
        setValue(date);
        onSave(date, reset);
      }}
    />
  );
}

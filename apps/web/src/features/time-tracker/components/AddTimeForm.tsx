import "@mantine/dates/styles.css";
import { Button, Group, NumberInput, Stack, Text, TextInput } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { useForm } from "@mantine/form";
import { IconCalendar } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useReportDirty } from "../../../components/DiscardGuard.js";
import { dateInputFormat, todayString, toDayString } from "../../../lib/dates.js";
import { showFormErrors } from "../../../lib/form-errors.js";
import { notifySuccess } from "../../../lib/notify.js";
import { useAddCustomTime } from "../hooks/use-time-tracker.js";
import { customTimeProblems, typedTimeBody } from "../lib/time-rules.js";

/** Fields the server may name in a 400; their first message shows under the field. */
const FIELDS = ["hour", "minute", "date", "note"] as const;

interface Values {
  hour: number | string;
  minute: number | string;
  date: string | null;
  note: string;
}

/**
 * Time typed in on a task: hours, minutes, the day (today unless `fixedDate` sets it, as a timesheet
 * cell does) and a note. Checked before sending (1 minute to 24 hours); the server's field messages
 * show under their fields and its other refusals ('Please stop your time tracker.') as toasts.
 */
export function AddTimeForm({
  task,
  fixedDate,
  onDone,
  onCancel,
}: {
  task: { id: number; project_id: number };
  fixedDate?: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const add = useAddCustomTime();
  const form = useForm<Values>({
    initialValues: { hour: "", minute: "", date: fixedDate ?? todayString(), note: "" },
    validate: (values) => {
      const problems = customTimeProblems(values);
      return {
        hour: problems.hour ? t(problems.hour) : null,
        minute: problems.minute ? t(problems.minute) : null,
        date: values.date ? null : t("time_tracker.problem_date"),
      };
    },
  });
  useReportDirty(form.isDirty());

  const submit = form.onSubmit((values) => {
    add.mutate(
      { task_id: task.id, project_id: task.project_id, ...typedTimeBody(values), date: values.date ?? undefined, note: values.note.trim() },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message ?? t("timesheet.added"));
          form.reset();
          onDone();
        },
        onError: (error) => {
          showFormErrors(form, error, FIELDS);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t("time_tracker.add_time_title")}>
      <Stack gap="xs">
        <Group gap="xs" align="flex-start" wrap="wrap">
          <NumberInput
            label={t("time_tracker.hours")}
            min={0}
            max={24}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            placeholder="0"
            w={96}
            data-autofocus
            autoFocus
            {...form.getInputProps("hour")}
          />
          <NumberInput
            label={t("time_tracker.minutes")}
            min={0}
            max={59}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            placeholder="0"
            w={96}
            {...form.getInputProps("minute")}
          />
          {!fixedDate && (
            <DatePickerInput
              label={t("time_tracker.date")}
              valueFormat={dateInputFormat()}
              leftSection={<IconCalendar size={16} />}
              popoverProps={{ withinPortal: true }}
              maxDate={todayString()}
              w={170}
              {...form.getInputProps("date")}
              onChange={(value) => form.setFieldValue("date", toDayString(value))}
            />
          )}
        </Group>
        {fixedDate && form.errors.date && (
          <Text size="xs" c="red" role="alert">
            {form.errors.date}
          </Text>
        )}
        <TextInput label={t("time_tracker.note")} placeholder={t("time_tracker.note_placeholder")} maxLength={1000} {...form.getInputProps("note")} />
        <Group gap="xs" justify="flex-end">
          <Button variant="default" size="xs" onClick={onCancel}>
            {t("time_tracker.cancel")}
          </Button>
          <Button type="submit" size="xs" loading={add.isPending}>
            {t("time_tracker.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

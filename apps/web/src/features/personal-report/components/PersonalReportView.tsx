import "@mantine/dates/styles.css";
import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { isoToUsDate, type PersonalReport, type PersonalReportUser } from "@plotline/contracts";
import { IconCalendar, IconReportAnalytics } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { EmptyState } from "../../../components/EmptyState.js";
import { ErrorState } from "../../../components/ErrorState.js";
import { todayString } from "../../../lib/dates.js";
import { useCurrentMe } from "../../auth/hooks/use-session.js";
import { useFirstDayOfWeek, useTaskStartField } from "../../site-settings/hooks/use-site-settings.js";
import { MyTasksTabs } from "../../time-tracker/components/MyTasksTabs.js";
import { usePersonalReport } from "../hooks/use-personal-report.js";
import { hasResults } from "../lib/report-figures.js";
import { presetRange, rangeFromParams, RANGE_PRESETS, type DayRange } from "../lib/report-range.js";
import { PersonalReportChart } from "./PersonalReportChart.js";
import { ReportProjects, ReportTaskRows, ReportTypes } from "./PersonalReportTables.js";

/** The UI's date format (the documents': MM/DD/YYYY). */
const UI_DATE_FORMAT = "MM/DD/YYYY";

/** One figure of a user's totals. */
function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} ff="monospace" data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

/** A user's totals over the range. */
function UserTotals({ user, isSubTasks, showName }: { user: PersonalReportUser; isSubTasks: boolean; showName: boolean }) {
  const { t } = useTranslation();
  const { meta } = user;
  return (
    <Stack gap="xs" data-testid={`personal-report-user-${user.id}`}>
      {showName && (
        <Title order={2} size="h4">
          {user.display_name}
        </Title>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        <Figure label={t("personal_report.totals.total_estimation")} value={meta.total_estimation_tf} testId="personal-report-total-estimation" />
        <Figure
          label={isSubTasks ? t("personal_report.totals.completed_sub_tasks") : t("personal_report.totals.completed_tasks")}
          value={String(meta.completed_tasks)}
          testId="personal-report-completed"
        />
        <Figure label={isSubTasks ? t("personal_report.totals.avg_hour_sub_task") : t("personal_report.totals.avg_hour_task")} value={meta.avg_hour_task_tf} testId="personal-report-avg-task" />
        <Figure label={t("personal_report.totals.avg_work_hour")} value={meta.avg_work_hour_tf} testId="personal-report-avg-work" />
        <Figure label={t("personal_report.totals.avg_task_day")} value={String(meta.avg_task_day)} testId="personal-report-avg-day" />
        <Figure label={t("personal_report.totals.total_logged")} value={meta.total_logged_tf} testId="personal-report-logged" />
      </SimpleGrid>
    </Stack>
  );
}

/** Every section of a report with results. */
function ReportSections({ report }: { report: PersonalReport }) {
  const isSubTasks = report.report_for === "sub_task";
  return (
    <Stack gap="md">
      {report.users.data.map((user) => (
        <UserTotals key={user.id} user={user} isSubTasks={isSubTasks} showName={report.users.data.length > 1} />
      ))}
      <PersonalReportChart projects={report.projects.data} />
      <ReportTaskRows report={report} />
      <ReportProjects report={report} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ReportTypes kind="task" rows={report.task_types.data} total={report.task_types.meta.total_tasks} estimation={report.task_types.meta.total_estimation_tf} />
        <ReportTypes
          kind="sub_task"
          rows={report.sub_task_types.data}
          total={report.sub_task_types.meta.total_sub_tasks}
          estimation={report.sub_task_types.meta.total_estimation_tf}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** The range picker: a range, or one day when tasks have no start date (the site's `task_start_field`). */
function RangePicker({ range, onChange }: { range: DayRange; onChange: (range: DayRange) => void }) {
  const { t } = useTranslation();
  const hasStartField = useTaskStartField();
  const firstDayOfWeek = useFirstDayOfWeek();
  const common = {
    valueFormat: UI_DATE_FORMAT,
    firstDayOfWeek,
    leftSection: <IconCalendar size={16} aria-hidden />,
    popoverProps: { withinPortal: true },
    w: { base: "100%", xs: hasStartField ? 260 : 180 },
  } as const;
  if (!hasStartField) {
    return (
      <DatePickerInput
        {...common}
        label={t("personal_report.day_label")}
        value={range.start}
        onChange={(day) => day && onChange({ start: day, end: day })}
        data-testid="personal-report-picker"
      />
    );
  }
  return (
    <DatePickerInput
      {...common}
      type="range"
      allowSingleDateInRange
      label={t("personal_report.range_label")}
      value={[range.start, range.end]}
      onChange={([start, end]) => start && end && onChange({ start, end })}
      data-testid="personal-report-picker"
    />
  );
}

/**
 * `mytask-reports`: a user's personal estimate report (their own; a manager may open a member's through
 * `user_id`). The range is in the address (`start_date`, `end_date`, YYYY-MM-DD), this month so far by default.
 */
export function PersonalReportView({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const me = useCurrentMe();
  const [params, setParams] = useSearchParams();
  const today = todayString();
  const range = rangeFromParams(params.get("start_date"), params.get("end_date"), today);
  const report = usePersonalReport(userId, range);
  const data = report.data?.data;
  const owner = data?.users.data[0];

  const show = (next: DayRange) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set("start_date", next.start);
      updated.set("end_date", next.end);
      return updated;
    });
  const activePreset = RANGE_PRESETS.find((preset) => {
    const candidate = presetRange(preset, today);
    return candidate.start === range.start && candidate.end === range.end;
  });

  return (
    <Stack maw={1200} mx="auto" gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={1} size="h2">
          {t("my_tasks.title")}
        </Title>
        <MyTasksTabs current="reports" />
      </Group>

      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
            <div>
              <Title order={2} size="h3">
                {t("personal_report.title")}
              </Title>
              <Text size="sm" c="dimmed">
                {owner && owner.id !== me.user.id ? t("personal_report.subtitle_other", { name: owner.display_name }) : t("personal_report.subtitle_own")}
              </Text>
            </div>
            <RangePicker range={range} onChange={show} />
          </Group>
          <Group gap={6} wrap="wrap" role="group" aria-label={t("personal_report.range_label")}>
            {RANGE_PRESETS.map((preset) => (
              <Button
                key={preset}
                size="compact-sm"
                radius="xl"
                variant={preset === activePreset ? "light" : "default"}
                aria-pressed={preset === activePreset}
                onClick={() => show(presetRange(preset, today))}
                data-testid={`personal-report-preset-${preset}`}
              >
                {t(`personal_report.presets.${preset}`)}
              </Button>
            ))}
          </Group>
          <Text size="sm" fw={500} aria-live="polite" data-testid="personal-report-range">
            {t("personal_report.range_text", { start: isoToUsDate(range.start), end: isoToUsDate(range.end) })}
          </Text>
        </Stack>
      </Card>

      {report.error ? (
        <ErrorState error={report.error} onRetry={() => void report.refetch()} />
      ) : !data ? (
        <Stack gap="sm" aria-busy="true" aria-label={t("common.loading")}>
          <Skeleton height={72} />
          <Skeleton height={260} />
          <Skeleton height={160} />
        </Stack>
      ) : !hasResults(data) ? (
        <Card withBorder radius="md">
          <EmptyState icon={<IconReportAnalytics />} title={t("personal_report.empty_title")} body={t("personal_report.empty_body")} />
        </Card>
      ) : (
        <div style={{ opacity: report.isPlaceholderData ? 0.6 : 1, transition: "opacity 120ms" }} aria-busy={report.isFetching}>
          <ReportSections report={data} />
        </div>
      )}
    </Stack>
  );
}

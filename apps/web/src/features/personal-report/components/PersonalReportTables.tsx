import { ActionIcon, Anchor, Card, Group, Stack, Table, Text, Title, Tooltip } from "@mantine/core";
import { routePath, type PersonalReport, type PersonalReportType } from "@plotline/contracts";
import { IconInfoCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate } from "../../../lib/dates.js";
import { estimatedProjects } from "../lib/report-figures.js";

/** A titled card holding a table that scrolls sideways on a phone rather than squeezing its columns. */
function Section({ title, extra, children, testId, minWidth = 520 }: { title: string; extra?: ReactNode; children: ReactNode; testId: string; minWidth?: number }) {
  return (
    <Card withBorder radius="md" padding={0} data-testid={testId}>
      <Group px="md" pt="md" pb="xs" gap={6}>
        <Title order={2} size="h4">
          {title}
        </Title>
        {extra}
      </Group>
      <Table.ScrollContainer minWidth={minWidth}>{children}</Table.ScrollContainer>
    </Card>
  );
}

/** The rows on a phone: one block per row under its day, so nothing scrolls sideways. */
function PhoneTaskRows({ report }: { report: PersonalReport }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0} hiddenFrom="sm" pb="xs">
      {report.tasks.data.map((group) => (
        <Stack key={group.date} gap={0}>
          <Group justify="space-between" px="md" py={6} bg="var(--mantine-color-default-hover)">
            <Text size="xs" fw={700}>
              {formatDate(group.date)}
            </Text>
            <Text size="xs" c="dimmed">
              {t("personal_report.day_total", { hours: group.meta.total_hours_tf })}
            </Text>
          </Group>
          {group.data.map((row) => (
            <Group key={row.id} justify="space-between" wrap="nowrap" gap="sm" px="md" py="xs" style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}>
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={routePath("single_task", { project_id: row.project_id, task_id: row.task.data?.id ?? row.id })} size="sm" fw={500}>
                  {row.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {[row.task.data?.title, row.project_title, row.type.data?.title ?? t("personal_report.no_type")].filter(Boolean).join(" · ")}
                </Text>
              </Stack>
              <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
                <Text size="sm" ff="monospace" fw={600}>
                  {row.estimation_tf}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {row.logged_tf}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      ))}
      <Group justify="space-between" px="md" pt="xs">
        <Text size="sm" fw={700}>
          {t("personal_report.total")}
        </Text>
        <Text size="sm" fw={700} ff="monospace">
          {report.tasks.meta.total_hours_tf}
        </Text>
      </Group>
    </Stack>
  );
}

/** The completed rows, by day, with each day's estimation. */
export function ReportTaskRows({ report }: { report: PersonalReport }) {
  const { t } = useTranslation();
  const isSubTasks = report.report_for === "sub_task";
  return (
    <Section title={isSubTasks ? t("personal_report.sub_tasks_title") : t("personal_report.tasks_title")} testId="personal-report-tasks" minWidth={0}>
      <PhoneTaskRows report={report} />
      <Table verticalSpacing="xs" highlightOnHover visibleFrom="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("personal_report.columns.completed_at")}</Table.Th>
            <Table.Th>{isSubTasks ? t("personal_report.columns.sub_task") : t("personal_report.columns.task")}</Table.Th>
            {isSubTasks && <Table.Th>{t("personal_report.columns.parent_task")}</Table.Th>}
            <Table.Th>{t("personal_report.columns.project")}</Table.Th>
            <Table.Th>{t("personal_report.columns.type")}</Table.Th>
            <Table.Th ta="right">{t("personal_report.columns.estimation")}</Table.Th>
            <Table.Th ta="right">{t("personal_report.columns.logged")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.tasks.data.map((group) =>
            group.data.map((row, index) => (
              <Table.Tr key={`${group.date}-${row.id}`}>
                <Table.Td>{index === 0 ? <Text size="sm" fw={500}>{formatDate(group.date)}</Text> : null}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={routePath("single_task", { project_id: row.project_id, task_id: row.task.data?.id ?? row.id })} size="sm">
                    {row.title}
                  </Anchor>
                </Table.Td>
                {isSubTasks && <Table.Td>{row.task.data?.title ?? ""}</Table.Td>}
                <Table.Td>
                  <Anchor component={Link} to={routePath("task_lists", { project_id: row.project_id })} size="sm" c="dimmed">
                    {row.project_title}
                  </Anchor>
                </Table.Td>
                <Table.Td>{row.type.data?.title ?? <Text span size="sm" c="dimmed">{t("personal_report.no_type")}</Text>}</Table.Td>
                <Table.Td ta="right" ff="monospace">{row.estimation_tf}</Table.Td>
                <Table.Td ta="right" ff="monospace">{row.logged_tf}</Table.Td>
              </Table.Tr>
            )),
          )}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={isSubTasks ? 5 : 4}>{t("personal_report.total")}</Table.Th>
            <Table.Th ta="right" ff="monospace" data-testid="personal-report-total-hours">{report.tasks.meta.total_hours_tf}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Section>
  );
}

/** Projects with an estimation: what was completed in each and its estimated hours. */
export function ReportProjects({ report }: { report: PersonalReport }) {
  const { t } = useTranslation();
  const projects = estimatedProjects(report.projects.data);
  const { meta } = report.projects;
  return (
    <Section title={t("personal_report.projects_title")} testId="personal-report-projects" minWidth={0}>
      {projects.length === 0 ? (
        <Text size="sm" c="dimmed" px="md" pb="md">
          {t("personal_report.projects_empty")}
        </Text>
      ) : (
        <>
          <Stack gap={0} hiddenFrom="sm" pb="xs">
            {projects.map((row) => (
              <Stack key={row.project.data.id} gap={2} px="md" py="xs" style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}>
                <Anchor component={Link} to={routePath("task_lists", { project_id: row.project.data.id })} size="sm" fw={500}>
                  {row.project.data.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {`${t("personal_report.columns.completed_tasks")}: ${row.completed_tasks} · ${t("personal_report.columns.completed_sub_tasks")}: ${row.completed_sub_tasks}`}
                </Text>
                <Text size="xs" c="dimmed">
                  {`${t("personal_report.columns.estimated_task_hours")}: ${row.estimated_task_hours_tf ?? "–"} · ${t("personal_report.columns.estimated_sub_task_hours")}: ${row.estimated_sub_task_hours_tf ?? "–"}`}
                </Text>
              </Stack>
            ))}
          </Stack>
          <Table verticalSpacing="xs" visibleFrom="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("personal_report.columns.project")}</Table.Th>
                <Table.Th ta="right">{t("personal_report.columns.completed_tasks")}</Table.Th>
                <Table.Th ta="right">{t("personal_report.columns.completed_sub_tasks")}</Table.Th>
                <Table.Th ta="right">{t("personal_report.columns.estimated_task_hours")}</Table.Th>
                <Table.Th ta="right">{t("personal_report.columns.estimated_sub_task_hours")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {projects.map((row) => (
                <Table.Tr key={row.project.data.id}>
                  <Table.Td>
                    <Anchor component={Link} to={routePath("task_lists", { project_id: row.project.data.id })} size="sm">
                      {row.project.data.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{row.completed_tasks}</Table.Td>
                  <Table.Td ta="right">{row.completed_sub_tasks}</Table.Td>
                  <Table.Td ta="right" ff="monospace">{row.estimated_task_hours_tf ?? "–"}</Table.Td>
                  <Table.Td ta="right" ff="monospace">{row.estimated_sub_task_hours_tf ?? "–"}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>{t("personal_report.total")}</Table.Th>
                <Table.Th ta="right">{meta.total_tasks}</Table.Th>
                <Table.Th ta="right">{meta.total_sub_tasks}</Table.Th>
                <Table.Th ta="right" ff="monospace">{meta.total_task_estimation_tf}</Table.Th>
                <Table.Th ta="right" ff="monospace">{meta.total_sub_task_estimation_tf}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </>
      )}
    </Section>
  );
}

/** Completed rows by task type (or sub-task type), with their estimated hours. */
export function ReportTypes({ kind, rows, total, estimation }: { kind: "task" | "sub_task"; rows: readonly PersonalReportType[]; total: number; estimation: string }) {
  const { t } = useTranslation();
  const isSubTasks = kind === "sub_task";
  const hint = t("personal_report.sub_task_types_hint");
  return (
    <Section
      title={isSubTasks ? t("personal_report.sub_task_types_title") : t("personal_report.task_types_title")}
      testId={`personal-report-${isSubTasks ? "sub-task" : "task"}-types`}
      minWidth={300}
      extra={
        isSubTasks ? (
          <Tooltip label={hint} withArrow multiline w={240}>
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label={hint}>
              <IconInfoCircle size={16} />
            </ActionIcon>
          </Tooltip>
        ) : null
      }
    >
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed" px="md" pb="md">
          {isSubTasks ? t("personal_report.sub_task_types_empty") : t("personal_report.empty_body")}
        </Text>
      ) : (
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("personal_report.columns.type")}</Table.Th>
              <Table.Th ta="right">{t("personal_report.columns.completed")}</Table.Th>
              <Table.Th ta="right">{t("personal_report.columns.estimated_hours")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.type.data?.id ?? 0}>
                <Table.Td>{row.type.data?.title ?? <Text span size="sm" c="dimmed">{t("personal_report.no_type")}</Text>}</Table.Td>
                <Table.Td ta="right">{row.completed}</Table.Td>
                <Table.Td ta="right" ff="monospace">{row.estimated_hours_tf}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>{t("personal_report.total")}</Table.Th>
              <Table.Th ta="right">{total}</Table.Th>
              <Table.Th ta="right" ff="monospace">{estimation}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      )}
    </Section>
  );
}

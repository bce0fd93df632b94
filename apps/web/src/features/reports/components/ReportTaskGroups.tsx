import { ActionIcon, Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { routePath } from "@plotline/contracts";
import { IconChevronDown, IconChevronRight, IconLayoutDashboard } from "@tabler/icons-react";
import { Fragment, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TaskTitleLink } from "../../../components/TaskTitleLink.js";
import { formatDate } from "../../../lib/dates.js";
import { hoursOf, statusWord, type ReportProjectGroup, type ReportRow } from "../lib/report-rows.js";

/** Which date the second column shows: the due date (overdue, unassigned ...) or the completion day. */
export type DateColumn = "due" | "completed";

const STATUS_COLORS: Record<number, string> = { 0: "gray", 1: "teal", 2: "yellow" };

/**
 * A report's results: a card per project (its title to the task lists, an icon to its overview), in it a
 * table per list (its title to the single list). Rows expand to show every field of the task.
 */
export function ReportTaskGroups({ groups, dateColumn }: { groups: readonly ReportProjectGroup[]; dateColumn: DateColumn }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      {groups.map((project) => (
        <Card key={project.id} withBorder radius="md" padding="md" className="report-group">
          <Group justify="space-between" gap="xs" mb="sm">
            <Title order={2} size="h4">
              <Anchor component={Link} to={routePath("task_lists", { project_id: project.id })} inherit>
                {project.title ?? t("reports.project_fallback", { id: project.id })}
              </Anchor>
            </Title>
            <ActionIcon
              component={Link}
              to={routePath("pm_overview", { project_id: project.id })}
              variant="subtle"
              color="gray"
              aria-label={t("reports.open_overview", { title: project.title ?? project.id })}
              className="report-no-print"
            >
              <IconLayoutDashboard size={18} aria-hidden />
            </ActionIcon>
          </Group>
          <Stack gap="md">
            {project.lists.map((list) => (
              <Stack key={list.id} gap={6}>
                <Anchor component={Link} to={routePath("single_list", { project_id: project.id, list_id: list.id })} fw={600} size="sm">
                  {list.title ?? t("reports.list_fallback", { id: list.id })}
                </Anchor>
                <ListTable rows={list.rows} dateColumn={dateColumn} />
              </Stack>
            ))}
            {project.total !== undefined && project.total > project.lists.reduce((sum, list) => sum + list.rows.length, 0) && (
              <Text size="sm" c="dimmed">
                {t("reports.advance.shown_of", { shown: project.lists.reduce((sum, list) => sum + list.rows.length, 0), total: project.total })}
              </Text>
            )}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

function ListTable({ rows, dateColumn }: { rows: readonly ReportRow[]; dateColumn: DateColumn }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing={6} highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>
              <VisuallyHidden>{t("reports.details")}</VisuallyHidden>
            </Table.Th>
            <Table.Th>{t("reports.columns.tasks")}</Table.Th>
            <Table.Th w={110}>{dateColumn === "due" ? t("reports.columns.due_date") : t("reports.columns.completed_at")}</Table.Th>
            {/* On a phone the row keeps its title and date; the expanded part has the rest. */}
            <Table.Th w={130} visibleFrom="sm">
              {t("reports.columns.created_at")}
            </Table.Th>
            <Table.Th w={160} visibleFrom="sm">
              {t("reports.columns.created_by")}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const isOpen = open.has(row.id);
            const day = dateColumn === "due" ? row.due : row.completed;
            return (
              <Fragment key={row.id}>
                <Table.Tr data-testid="report-row">
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      onClick={() => toggle(row.id)}
                      aria-expanded={isOpen}
                      aria-controls={`report-row-${row.id}`}
                      aria-label={t(isOpen ? "reports.collapse_row" : "reports.expand_row", { title: row.title })}
                      className="report-no-print"
                    >
                      {isOpen ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
                    </ActionIcon>
                  </Table.Td>
                  <Table.Td>
                    <TaskTitleLink task={row} done={row.status === 1} />
                  </Table.Td>
                  <Table.Td>{day ? formatDate(day) : t("reports.no_date")}</Table.Td>
                  <Table.Td visibleFrom="sm">{row.created ? formatDate(row.created) : t("reports.no_date")}</Table.Td>
                  <Table.Td visibleFrom="sm">{row.creator ?? t("reports.no_date")}</Table.Td>
                </Table.Tr>
                {isOpen && (
                  <Table.Tr id={`report-row-${row.id}`} className="report-row-details">
                    <Table.Td />
                    <Table.Td colSpan={4}>
                      <RowDetails row={row} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The expanded part of a row: status, people, every date and the estimation. */
function RowDetails({ row }: { row: ReportRow }) {
  const { t } = useTranslation();
  const dash = t("reports.no_date");
  const items: Array<[string, string]> = [
    [t("reports.columns.assignees"), row.assignees.length > 0 ? row.assignees.join(", ") : t("reports.nobody")],
    [t("reports.columns.start_date"), row.start ? formatDate(row.start) : dash],
    [t("reports.columns.due_date"), row.due ? formatDate(row.due) : dash],
    [t("reports.columns.completed_at"), row.completed ? formatDate(row.completed) : dash],
    [t("reports.columns.completed_by"), row.completer ?? dash],
    [t("reports.columns.created_at"), row.created ? formatDate(row.created) : dash],
    [t("reports.columns.created_by"), row.creator ?? dash],
    [t("reports.columns.estimation"), t("reports.hours", { hours: hoursOf(row.estimation) })],
  ];
  return (
    <Stack gap={6} py={4}>
      <Group gap="xs">
        <Badge variant="light" color={STATUS_COLORS[row.status] ?? "gray"}>
          {t(`reports.status_labels.${statusWord(row.status)}`)}
        </Badge>
        {row.payable && (
          <Badge variant="light" color="grape">
            {t("reports.advance.payable_labels.payable")}
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing={6} verticalSpacing={4}>
        {items.map(([label, value]) => (
          <Text key={label} size="sm">
            <Text span c="dimmed" size="sm">
              {label}:{" "}
            </Text>
            {value}
          </Text>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

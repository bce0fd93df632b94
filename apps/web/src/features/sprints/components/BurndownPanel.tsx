import "@mantine/charts/styles.css";
import { LineChart } from "@mantine/charts";
import { Anchor, Card, Group, SegmentedControl, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { routePath, type Sprint } from "@plotline/contracts";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ErrorState } from "../../../components/ErrorState.js";
import { formatDate, formatShortDate } from "../../../lib/dates.js";
import { useSprintBurndown } from "../hooks/use-sprints.js";
import { burndownRows, hasFigures, scopeChanged, summaryTable, type BurndownMode } from "../lib/burndown-chart.js";
import { formatMinutes } from "../lib/sprint-figures.js";

/**
 * The sprint's burndown: the ideal line against what remained at the end of each day, by task count or by
 * estimation (hours), with the scope line when work was added or removed. A completed sprint also shows
 * its report: original scope, added, removed, completed and carried over, as the server worked them out.
 */
export function BurndownPanel({ sprint, carriedTo }: { sprint: Sprint; carriedTo: { id: number; title: string } | null }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<BurndownMode>("count");
  const isPlanned = sprint.status === "planned";
  const burndown = useSprintBurndown(sprint.id, !isPlanned);

  let body;
  if (isPlanned) {
    body = (
      <Text size="sm" c="dimmed" py="md">
        {t("sprints.burndown_planned")}
      </Text>
    );
  } else if (burndown.isPending) {
    body = <Skeleton height={260} radius="md" aria-busy="true" aria-label={t("common.loading")} />;
  } else if (burndown.error) {
    body = <ErrorState error={burndown.error} onRetry={() => void burndown.refetch()} />;
  } else if (!hasFigures(burndown.data.days)) {
    body = (
      <Text size="sm" c="dimmed" py="md">
        {t("sprints.burndown_planned")}
      </Text>
    );
  } else {
    const rows = burndownRows(burndown.data.days, mode).map((row) => ({ ...row, label: formatShortDate(row.date) }));
    const unit = mode === "count" ? t("sprints.unit_tasks") : t("sprints.unit_hours");
    const showScope = scopeChanged(rows);
    const today = burndown.data.today;
    const todayIndex = sprint.status === "active" ? rows.findIndex((row) => row.date === today) : -1;
    const todayRow = rows[todayIndex];
    // The label reads on the side of the line with room: right of it in the sprint's first half, left after.
    const todaySide = todayIndex < rows.length / 2 ? "insideTopLeft" : "insideTopRight";
    body = (
      <>
        <LineChart
          h={260}
          data={rows}
          dataKey="label"
          series={[
            { name: "ideal", label: t("sprints.series_ideal"), color: "gray.5", strokeDasharray: "6 4" },
            { name: "remaining", label: t("sprints.series_remaining"), color: "blue.6" },
            ...(showScope ? [{ name: "scope", label: t("sprints.series_scope"), color: "orange.5", strokeDasharray: "2 3" }] : []),
          ]}
          curveType="linear"
          connectNulls={false}
          // The ideal line is a guide: dots on each day would make it look like figures.
          lineProps={(series) => (series.name === "ideal" ? { dot: false, activeDot: false } : {})}
          withLegend
          legendProps={{ verticalAlign: "bottom", height: 40 }}
          tickLine="none"
          gridAxis="y"
          xAxisProps={{ interval: "preserveStartEnd", minTickGap: 18 }}
          yAxisProps={{ allowDecimals: mode === "estimation", width: 36 }}
          referenceLines={todayRow ? [{ x: todayRow.label, color: "red.4", label: t("dates.today"), labelPosition: todaySide }] : []}
          yAxisLabel={unit}
          // The picture is hidden from screen readers (the list below says the same), so it takes no focus either.
          lineChartProps={{ accessibilityLayer: false }}
          aria-hidden
          data-testid="sprint-burndown-chart"
        />
        <VisuallyHidden>
          <ul>
            {rows.map((row) => (
              <li key={row.date}>
                {row.remaining === null
                  ? t("sprints.burndown_point_empty", { day: formatDate(row.date), ideal: `${row.ideal} ${unit}` })
                  : t("sprints.burndown_point", { day: formatDate(row.date), remaining: `${row.remaining} ${unit}`, ideal: `${row.ideal} ${unit}` })}
              </li>
            ))}
          </ul>
        </VisuallyHidden>
      </>
    );
  }

  const summary = burndown.data && sprint.status === "completed" ? summaryTable(burndown.data.summary) : null;

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="sprint-burndown-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id="sprint-burndown-title">
            {t("sprints.burndown")}
          </Title>
          {!isPlanned && (
            <SegmentedControl
              size="xs"
              value={mode}
              onChange={(value) => setMode(value as BurndownMode)}
              aria-label={t("sprints.burndown_mode")}
              data={[
                { value: "count", label: t("sprints.by_count") },
                { value: "estimation", label: t("sprints.by_estimation") },
              ]}
            />
          )}
        </Group>
        {body}
        {summary && (
          <Stack gap={6}>
            <Title order={3} size="h5">
              {t("sprints.summary_title")}
            </Title>
            <Table.ScrollContainer minWidth={320}>
              <Table striped withTableBorder verticalSpacing={6} data-testid="sprint-summary">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("sprints.summary_row")}</Table.Th>
                    <Table.Th ta="right">{t("sprints.summary_count")}</Table.Th>
                    <Table.Th ta="right">{t("sprints.summary_estimation")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {summary.map((line) => (
                    <Table.Tr key={line.row}>
                      <Table.Th scope="row" fw={500}>
                        {t(`sprints.summary_${line.row}`)}
                      </Table.Th>
                      <Table.Td ta="right">{line.count}</Table.Td>
                      <Table.Td ta="right">{formatMinutes(line.estimation)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {burndown.data && burndown.data.summary.carried_over.count > 0 && (
              <Text size="sm" c="dimmed">
                {carriedTo ? (
                  <Trans
                    i18nKey="sprints.carried_to_sprint"
                    values={{ title: carriedTo.title }}
                    components={{ target: <Anchor component={Link} to={routePath("single_sprint", { sprint_id: carriedTo.id })} inherit underline="always" /> }}
                  />
                ) : (
                  t("sprints.carried_to_backlog")
                )}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Card, Text, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ReportRow } from "../lib/report-rows.js";

/**
 * Overdue tasks per project on the page, as bars: which project is furthest behind shows at a glance.
 * Drawn only when the page spans two projects or more, where a comparison means something.
 */
export function OverdueChart({ rows, projectTitle }: { rows: readonly ReportRow[]; projectTitle: (id: number) => string | null }) {
  const { t } = useTranslation();
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(row.project_id, (counts.get(row.project_id) ?? 0) + 1);
  if (counts.size < 2) return null;
  const data = [...counts.entries()]
    .map(([id, count]) => ({ project: projectTitle(id) ?? t("reports.project_fallback", { id }), count }))
    .sort((left, right) => right.count - left.count);
  return (
    <Card withBorder radius="md" padding="md" className="report-no-print">
      <Text size="sm" fw={600} mb="xs">
        {t("reports.chart_overdue")}
      </Text>
      <BarChart
        h={Math.max(120, data.length * 32)}
        data={data}
        dataKey="project"
        orientation="vertical"
        series={[{ name: "count", label: t("reports.summary.total_tasks"), color: "red.6" }]}
        gridAxis="none"
        maxBarWidth={18}
        yAxisProps={{ width: 120 }}
        xAxisProps={{ allowDecimals: false }}
        barChartProps={{ accessibilityLayer: false }}
        aria-hidden
      />
      <VisuallyHidden>
        <ul>
          {data.map((entry) => (
            <li key={entry.project}>{`${entry.project}: ${entry.count}`}</li>
          ))}
        </ul>
      </VisuallyHidden>
    </Card>
  );
}

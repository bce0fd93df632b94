import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Skeleton, Text, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../../components/ErrorState.js";
import { formatShortDate } from "../../../lib/dates.js";
import { useActivityGraph } from "../hooks/use-activities.js";

/** A small bar chart of a project's activities per day over the last 30 days. */
export function ActivityGraph({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const graph = useActivityGraph(projectId, 30);

  if (graph.isPending) return <Skeleton height={160} radius="md" aria-busy="true" aria-label={t("common.loading")} />;
  if (graph.error) return <ErrorState error={graph.error} onRetry={() => void graph.refetch()} />;
  if (graph.data.total === 0) {
    return (
      <Text size="sm" c="dimmed" py="md">
        {t("overview.graph_empty")}
      </Text>
    );
  }
  const data = graph.data.series.map((day) => ({ ...day, label: formatShortDate(day.date) }));
  return (
    <>
      <BarChart
        h={160}
        data={data}
        dataKey="label"
        series={[{ name: "count", label: t("overview.graph_series"), color: "blue.6" }]}
        tickLine="none"
        gridAxis="x"
        maxBarWidth={14}
        xAxisProps={{ interval: "preserveStartEnd", minTickGap: 24 }}
        yAxisProps={{ allowDecimals: false, width: 28 }}
        // Hidden from screen readers (the list below says the same), so it must not take keyboard focus either.
        barChartProps={{ accessibilityLayer: false }}
        aria-hidden
      />
      {/* The chart is a picture; screen readers get the same numbers as a list. */}
      <VisuallyHidden>
        <ul>
          {data
            .filter((day) => day.count > 0)
            .map((day) => (
              <li key={day.date}>{`${day.label}: ${day.count}`}</li>
            ))}
        </ul>
      </VisuallyHidden>
    </>
  );
}

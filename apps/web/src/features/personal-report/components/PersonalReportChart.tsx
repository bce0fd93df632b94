import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Card, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import type { PersonalReportProject } from "@plotline/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { chartRows } from "../lib/report-figures.js";

/** The documents' delay before the chart is drawn again after the window changes size. */
const REDRAW_DELAY_MS = 100;

/** A number that changes 100 ms after the last resize, so the chart is drawn again at the new width. */
function useRedrawKey(): number {
  const [key, setKey] = useState(0);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setKey((current) => current + 1), REDRAW_DELAY_MS);
    };
    window.addEventListener("resize", onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("resize", onResize);
    };
  }, []);
  return key;
}

/** Estimated hours (orange) against completed hours (teal), for the projects with estimated hours above 0. */
export function PersonalReportChart({ projects }: { projects: readonly PersonalReportProject[] }) {
  const { t } = useTranslation();
  const redrawKey = useRedrawKey();
  const rows = chartRows(projects);
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t("personal_report.chart_title")}
        </Title>
        <Text size="xs" c="dimmed">
          {t("personal_report.chart_hint")}
        </Text>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed" py="md" ta="center">
            {t("personal_report.chart_empty")}
          </Text>
        ) : (
          <>
            <div data-testid="personal-report-chart" data-redraw={redrawKey}>
              <BarChart
                key={redrawKey}
                h={Math.max(220, Math.min(360, 120 + rows.length * 48))}
                data={rows}
                dataKey="project"
                withLegend
                // Estimated first, as the series are listed (the legend would sort them by label).
                legendProps={{ verticalAlign: "bottom", itemSorter: (item) => (item.dataKey === "estimated" ? 0 : 1) }}
                valueFormatter={(value) => t("personal_report.hours_suffix", { hours: value })}
                series={[
                  { name: "estimated", label: t("personal_report.chart_estimated"), color: "orange.6" },
                  { name: "completed", label: t("personal_report.chart_completed"), color: "teal.6" },
                ]}
                tickLine="y"
                aria-hidden
              />
            </div>
            <VisuallyHidden>
              <Table>
                <caption>{t("personal_report.chart_table")}</caption>
                <tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.project}>
                      <Table.Th scope="row">{row.project}</Table.Th>
                      <Table.Td>{`${t("personal_report.chart_estimated")}: ${row.estimated}`}</Table.Td>
                      <Table.Td>{`${t("personal_report.chart_completed")}: ${row.completed}`}</Table.Td>
                    </Table.Tr>
                  ))}
                </tbody>
              </Table>
            </VisuallyHidden>
          </>
        )}
      </Stack>
    </Card>
  );
}

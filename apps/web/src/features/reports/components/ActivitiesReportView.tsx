import { Anchor, Card, Group, Stack, Text } from "@mantine/core";
import { routePath, type Activity } from "@plotline/contracts";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ErrorState } from "../../../components/ErrorState.js";
import { formatDate } from "../../../lib/dates.js";
import { useReportActivities, useReportProjects, useReportUsers } from "../hooks/use-reports.js";
import { ACTIVITY_FIELDS, filtersSearch, type ReportFilters } from "../lib/report-filters.js";
import { ReportFilterModal } from "./ReportFilterModal.js";
import { ReportEmpty, ReportHeader, ReportLoading, ReportPagination, SummaryCards } from "./ReportFrame.js";

/** Activities of a page by day, in the order they came (oldest first). */
function byDay(activities: readonly Activity[]): Array<{ day: string; activities: Activity[] }> {
  const days: Array<{ day: string; activities: Activity[] }> = [];
  for (const activity of activities) {
    const day = activity.committed_at.date;
    const last = days.at(-1);
    if (last?.day === day) last.activities.push(activity);
    else days.push({ day, activities: [activity] });
  }
  return days;
}

/**
 * The User Activities report: one co-worker's entries in the range (a project optional), by day with the
 * day number and month, each with its time, project and sentence. No export is offered here.
 */
export function ActivitiesReportView({ filters, page }: { filters: ReportFilters; page: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hasUser = filters.user_id !== "";
  // The report needs a co-worker: without one the filter opens at once.
  const [filterOpen, setFilterOpen] = useState(!hasUser);
  const activities = useReportActivities(
    { user_id: filters.user_id || undefined, project_id: filters.project_id || undefined, updated_at_start: filters.start_date || undefined, updated_at: filters.end_date || undefined },
    page,
    hasUser,
  );
  const projects = useReportProjects();
  const users = useReportUsers();
  const search = filtersSearch(filters);
  const hrefOf = (target: number) => `${target === 1 ? routePath("report-user-activities") : routePath("user_activity_pagination", { current_page_number: target })}?${search}`;
  const apply = (next: ReportFilters) => {
    setFilterOpen(false);
    navigate(`${routePath("report-user-activities")}?${filtersSearch(next)}`);
  };
  const all = t("reports.summary.all");
  const cards = [
    { label: t("reports.summary.project"), value: projects.data?.find((project) => String(project.id) === filters.project_id)?.title ?? all },
    { label: t("reports.summary.user"), value: users.data?.find((user) => String(user.id) === filters.user_id)?.display_name ?? "–" },
    { label: t("reports.summary.total_activities"), value: String(activities.data?.meta.pagination.total ?? 0) },
  ];

  return (
    <Stack gap="md">
      <ReportHeader title={t("reports.pages.report-user-activities")} range={{ start: filters.start_date, end: filters.end_date }} onFilter={() => setFilterOpen(true)} exports={null} />
      <ReportFilterModal opened={filterOpen} onClose={() => setFilterOpen(false)} fields={ACTIVITY_FIELDS} filters={filters} onApply={apply} />
      {!hasUser ? (
        <ReportEmpty body={t("reports.pick_user_first")} />
      ) : activities.isError ? (
        <ErrorState error={activities.error} onRetry={() => void activities.refetch()} />
      ) : !activities.data ? (
        <ReportLoading />
      ) : (
        <>
          <SummaryCards cards={cards} />
          {activities.data.data.length === 0 ? (
            <ReportEmpty />
          ) : (
            <>
              <Stack gap="sm">
                {byDay(activities.data.data).map(({ day, activities: entries }) => (
                  <Card key={day} withBorder radius="md" padding="md" className="report-activity-day" component="section" aria-label={t("reports.activities.day_label", { day: formatDate(day) })}>
                    <div className="report-activity-date">
                      <Text fz={28} fw={700}>
                        {dayjs(day).format("DD")}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {dayjs(day).format("MMMM")}
                      </Text>
                    </div>
                    <ul className="report-activity-list">
                      {entries.map((activity) => (
                        <li key={activity.id}>
                          <Group gap="xs" wrap="nowrap" align="baseline" py={6}>
                            <Text size="sm" c="dimmed" w={48} style={{ flexShrink: 0 }}>
                              {activity.committed_at.time.slice(0, 5)}
                            </Text>
                            <Stack gap={0}>
                              <Text size="sm">{activity.message}</Text>
                              {activity.project?.data && (
                                <Anchor component={Link} to={routePath("pm_overview", { project_id: activity.project.data.id })} size="xs">
                                  {activity.project.data.title}
                                </Anchor>
                              )}
                            </Stack>
                          </Group>
                        </li>
                      ))}
                    </ul>
                  </Card>
                ))}
              </Stack>
              <ReportPagination page={page} totalPages={activities.data.meta.pagination.total_pages} hrefOf={hrefOf} />
            </>
          )}
        </>
      )}
    </Stack>
  );
}

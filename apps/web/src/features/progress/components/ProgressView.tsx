import { Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { routePath, type Activity } from "@plotline/contracts";
import { IconActivity } from "@tabler/icons-react";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { EmptyState } from "../../../components/EmptyState.js";
import { ErrorState } from "../../../components/ErrorState.js";
import { UserAvatar } from "../../../components/UserAvatar.js";
import { useProgress } from "../hooks/use-progress.js";
import { formatProgressDay, mergeProgressDays } from "../lib/progress-days.js";
import "./progress.css";

/** Badge colours by action type, so a day's deletions and completions stand out when scanning. */
const ACTION_COLORS: Record<Activity["action_type"], string> = {
  create: "blue",
  update: "gray",
  delete: "red",
  complete: "teal",
  incomplete: "yellow",
  archive: "orange",
  restore: "cyan",
  move: "violet",
  duplicate: "indigo",
};

/** Rows standing in for the feed while its first page loads. */
function FeedSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" aria-busy="true" aria-label={t("common.loading")}>
      <Skeleton height={18} width={120} />
      {[0, 1, 2, 3].map((key) => (
        <Skeleton key={key} height={52} radius="md" />
      ))}
    </Stack>
  );
}

/**
 * One activity: who, the project (linking to its overview), the action type, the sentence and the time it
 * was committed (the site's time, as the day above it).
 */
function ProgressEntry({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const project = activity.project?.data;
  const actor = activity.actor?.data;
  return (
    <li className="progress-entry">
      {actor ? <UserAvatar user={actor} size={32} /> : <span className="progress-entry-avatar-gap" aria-hidden />}
      <div className="progress-entry-body">
        <Group gap={8} wrap="wrap" className="progress-entry-head">
          {project && (
            <Anchor component={Link} to={routePath("pm_overview", { project_id: project.id })} size="sm" fw={600} className="progress-entry-project">
              {project.title}
            </Anchor>
          )}
          <Badge size="sm" variant="light" color={ACTION_COLORS[activity.action_type]}>
            {t(`progress.action_types.${activity.action_type}`)}
          </Badge>
        </Group>
        <Text size="sm" className="progress-entry-text">
          {activity.message}
        </Text>
      </div>
      <Text size="xs" c="dimmed" className="progress-entry-time" component="time" dateTime={activity.committed_at.datetime ?? undefined}>
        {activity.committed_at.datetime ? dayjs(activity.committed_at.datetime).format(t("dates.time")) : ""}
      </Text>
    </li>
  );
}

/**
 * The `progress` page: every project's activities, grouped by day (MMM DD YYYY), newest first. Load More
 * shows while fewer than the total are loaded; it moves the route to the next page (`progress_pagination`).
 */
export function ProgressView({ page }: { page: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feed = useProgress(page);
  // The route says how many pages show: back on `progress` after loading more shows the first page again.
  const pages = (feed.data?.pages ?? []).slice(0, page);
  const total = pages.at(-1)?.meta.pagination.total ?? 0;
  const loaded = pages.reduce((sum, item) => sum + item.meta.pagination.count, 0);
  const days = mergeProgressDays(pages.map((item) => item.data));

  const loadMore = () => void navigate(routePath("progress_pagination", { current_page_number: pages.length + 1 }), { replace: true });
  const isLoadingMore = feed.isFetchingNextPage || pages.length < page;

  return (
    <Stack gap="md" maw={880} mx="auto" w="100%">
      <div>
        <Title order={1} size="h2">
          {t("progress.title")}
        </Title>
        <Text c="dimmed" size="sm">
          {t("progress.subtitle")}
        </Text>
      </div>
      {feed.isPending ? (
        <FeedSkeleton />
      ) : feed.error && pages.length === 0 ? (
        <ErrorState error={feed.error} onRetry={() => void feed.refetch()} />
      ) : days.length === 0 ? (
        <Card withBorder radius="md">
          <EmptyState icon={<IconActivity />} title={t("progress.empty")} body={t("progress.empty_body")} />
        </Card>
      ) : (
        <>
          {days.map((day) => (
            <section key={day.id} aria-label={t("progress.day_label", { day: formatProgressDay(day.date) })}>
              <Title order={2} size="h5" className="progress-day" mb={6}>
                {formatProgressDay(day.date)}
              </Title>
              <Card withBorder radius="md" padding={0}>
                <ul className="progress-entries">
                  {day.activities.map((activity) => (
                    <ProgressEntry key={activity.id} activity={activity} />
                  ))}
                </ul>
              </Card>
            </section>
          ))}
          <Stack align="center" gap={6} pb="md">
            {feed.error && <ErrorState error={feed.error} onRetry={() => void feed.fetchNextPage()} />}
            <Text size="xs" c="dimmed" aria-live="polite">
              {t("progress.loaded", { count: loaded, total })}
            </Text>
            {total > loaded && (
              <Button variant="light" onClick={loadMore} loading={isLoadingMore} disabled={isLoadingMore}>
                {t("progress.load_more")}
              </Button>
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}

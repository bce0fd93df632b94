import { Badge, Button, Card, Group, Pagination, SimpleGrid, Skeleton, Stack, Tabs, Title } from "@mantine/core";
import { routePath, type Sprint } from "@plotline/contracts";
import { IconCalendarEvent, IconCalendarPlus, IconFlag, IconPlus, IconRun } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { EmptyState } from "../../../components/EmptyState.js";
import { ErrorState } from "../../../components/ErrorState.js";
import { useCompletedSprints, useOpenSprints, useSprintPlanning } from "../hooks/use-sprints.js";
import { completedPagePath, sprintTabPath, SPRINT_TABS, type SprintTab } from "../lib/sprint-tabs.js";
import { SprintCard } from "./SprintCard.js";
import { SprintFormModal } from "./SprintFormModal.js";
import "./sprints.css";

/** Cards standing in for sprints while they load. */
function CardsSkeleton() {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy="true" aria-label={t("common.loading")}>
      {[0, 1, 2].map((index) => (
        <Card key={index} withBorder radius="md" padding="md">
          <Stack gap="sm">
            <Skeleton height={20} width="60%" />
            <Skeleton height={12} width="40%" />
            <Skeleton height={12} />
            <Skeleton height={8} mt="md" />
            <Skeleton height={8} />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** The sprints of one tab as cards. */
function SprintGrid({ sprints, label }: { sprints: readonly Sprint[]; label: string }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" role="list" aria-label={label}>
      {sprints.map((sprint) => (
        <div role="listitem" key={sprint.id} className="sprint-card-cell">
          <SprintCard sprint={sprint} />
        </div>
      ))}
    </SimpleGrid>
  );
}

/** The Active or Planned tab: both read the caller's open sprints in one call. */
function OpenSprints({ tab, canPlan, onNew }: { tab: "active" | "planned"; canPlan: boolean; onNew: () => void }) {
  const { t } = useTranslation();
  const open = useOpenSprints();
  if (open.isPending) return <CardsSkeleton />;
  if (open.error) return <ErrorState error={open.error} onRetry={() => void open.refetch()} />;
  const sprints = open.data.filter((sprint) => sprint.status === tab);
  if (sprints.length > 0) return <SprintGrid sprints={sprints} label={t("sprints.list_label", { tab: t(`sprints.tab_${tab}`) })} />;
  if (tab === "active") {
    const hasPlanned = open.data.some((sprint) => sprint.status === "planned");
    return (
      <EmptyState
        icon={<IconRun size={28} />}
        title={t("sprints.empty_active_title")}
        body={t("sprints.empty_active_body")}
        action={
          hasPlanned ? (
            <Button component={Link} to={sprintTabPath("planned")} variant="light">
              {t("sprints.empty_active_action")}
            </Button>
          ) : undefined
        }
      />
    );
  }
  return (
    <EmptyState
      icon={<IconCalendarEvent size={28} />}
      title={t("sprints.empty_planned_title")}
      body={canPlan ? t("sprints.empty_planned_body") : t("sprints.empty_planned_reader")}
      action={
        canPlan ? (
          <Button leftSection={<IconPlus size={16} />} onClick={onNew}>
            {t("sprints.new_sprint")}
          </Button>
        ) : undefined
      }
    />
  );
}

/** The Completed tab, a page at a time; the page is in the address (`completed_sprint_pagination`). */
function CompletedSprints({ page }: { page: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const completed = useCompletedSprints(page);
  if (completed.isPending) return <CardsSkeleton />;
  if (completed.error) return <ErrorState error={completed.error} onRetry={() => void completed.refetch()} />;
  const { data, meta } = completed.data;
  if (data.length === 0 && page === 1) {
    return <EmptyState icon={<IconFlag size={28} />} title={t("sprints.empty_completed_title")} body={t("sprints.empty_completed_body")} />;
  }
  return (
    <Stack gap="lg">
      <SprintGrid sprints={data} label={t("sprints.list_label", { tab: t("sprints.tab_completed") })} />
      {meta.pagination.total_pages > 1 && (
        <Group justify="center">
          <Pagination
            total={meta.pagination.total_pages}
            value={Math.min(page, meta.pagination.total_pages)}
            onChange={(next) => void navigate(completedPagePath(next))}
            aria-label={t("sprints.page_label")}
          />
        </Group>
      )}
    </Stack>
  );
}

/**
 * The sprints page: tabs Active, Planned and Completed, the tab following the route (`sprints` for Active
 * and Planned, `completed_sprint` and its pages for Completed), each sprint a card. "New sprint" shows to
 * those the server says may plan one (`meta.abilities.can_create` of `GET sprints/refresh`).
 */
export function SprintsView({ tab, page }: { tab: SprintTab; page: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const planning = useSprintPlanning();
  const open = useOpenSprints();
  const [isCreating, setCreating] = useState(false);
  const canPlan = planning.data?.abilities.can_create ?? false;
  const countOf = (status: Sprint["status"]) => open.data?.filter((sprint) => sprint.status === status).length;

  const label = (name: SprintTab): ReactNode => {
    const count = name === "completed" ? undefined : countOf(name);
    return (
      <Group gap={6} wrap="nowrap">
        {t(`sprints.tab_${name}`)}
        {count !== undefined && count > 0 && (
          <Badge size="sm" variant="light" circle={count < 10}>
            {count}
          </Badge>
        )}
      </Group>
    );
  };

  return (
    <Stack maw={1200} mx="auto" gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {t("sprints.title")}
        </Title>
        {canPlan && (
          <Button leftSection={<IconCalendarPlus size={16} />} onClick={() => setCreating(true)}>
            {t("sprints.new_sprint")}
          </Button>
        )}
      </Group>
      <Tabs value={tab} onChange={(value) => value && void navigate(sprintTabPath(value as SprintTab))} keepMounted={false}>
        <Tabs.List aria-label={t("sprints.tabs_label")}>
          {SPRINT_TABS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {label(name)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {SPRINT_TABS.map((name) => (
          <Tabs.Panel key={name} value={name} pt="md">
            {name === "completed" ? <CompletedSprints page={page} /> : <OpenSprints tab={name} canPlan={canPlan} onNew={() => setCreating(true)} />}
          </Tabs.Panel>
        ))}
      </Tabs>
      {isCreating && (
        <SprintFormModal sprint={null} onClose={() => setCreating(false)} onSaved={(sprint) => void navigate(routePath("single_sprint", { sprint_id: sprint.id }))} />
      )}
    </Stack>
  );
}

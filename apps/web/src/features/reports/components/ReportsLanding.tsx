import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { routePath, type RouteName } from "@plotline/contracts";
import { IconActivity, IconAdjustmentsHorizontal, IconAlarm, IconCircleCheck, IconFlag, IconListDetails, IconUserQuestion } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ReportExtensionSlot } from "./ReportExtensionSlot.js";

type CardRoute = "overdue-tasks" | "completed-tasks" | "report-user-activities" | "milestone-tasks" | "unassigned-tasks" | "project-tasks" | "advance-tasks";

/** The documents' five cards, in their order. */
const MAIN_CARDS: ReadonlyArray<{ route: CardRoute; icon: ReactNode; color: string }> = [
  { route: "overdue-tasks", icon: <IconAlarm size={22} />, color: "red" },
  { route: "completed-tasks", icon: <IconCircleCheck size={22} />, color: "teal" },
  { route: "report-user-activities", icon: <IconActivity size={22} />, color: "blue" },
  { route: "milestone-tasks", icon: <IconFlag size={22} />, color: "grape" },
  { route: "unassigned-tasks", icon: <IconUserQuestion size={22} />, color: "orange" },
];

/** The other two reports, reached from here too, below the extension slot. */
const MORE_CARDS: ReadonlyArray<{ route: CardRoute; icon: ReactNode; color: string }> = [
  { route: "project-tasks", icon: <IconListDetails size={22} />, color: "indigo" },
  { route: "advance-tasks", icon: <IconAdjustmentsHorizontal size={22} />, color: "cyan" },
];

function ReportCard({ route, icon, color }: { route: CardRoute; icon: ReactNode; color: string }) {
  const { t } = useTranslation();
  const title = t(`reports.cards.${route}.title`);
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={title}>
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color={color} size={40} radius="md" aria-hidden>
            {icon}
          </ThemeIcon>
          <Title order={2} size="h4">
            {title}
          </Title>
        </Group>
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {t(`reports.cards.${route}.body`)}
        </Text>
        <Button component={Link} to={routePath(route as RouteName)} variant="default" aria-label={`${t("reports.view_full_report")}: ${title}`}>
          {t("reports.view_full_report")}
        </Button>
      </Stack>
    </Card>
  );
}

/** The reports landing page (`reports_component`): a card per report, then the extensions' slot. */
export function ReportsLanding() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t("reports.title")}
        </Title>
        <Text c="dimmed">{t("reports.subtitle")}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {MAIN_CARDS.map((card) => (
          <ReportCard key={card.route} {...card} />
        ))}
      </SimpleGrid>
      <ReportExtensionSlot name="after-task-report-contenet" />
      <Title order={2} size="h4">
        {t("reports.more_reports")}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {MORE_CARDS.map((card) => (
          <ReportCard key={card.route} {...card} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

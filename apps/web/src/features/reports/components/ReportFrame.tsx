import { Anchor, Button, Card, Center, Group, Loader, Menu, Pagination, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { routePath } from "@plotline/contracts";
import { IconArrowLeft, IconChevronDown, IconDownload, IconFilter, IconMoodEmpty } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { EmptyState } from "../../../components/EmptyState.js";
import { formatDate } from "../../../lib/dates.js";

/**
 * The head of a report page: back to the landing page, the title, "Date between X to Y" when both dates
 * are set, then the Filter button, the Export menu (when the report has exports) and any other actions.
 */
export function ReportHeader({
  title,
  range,
  onFilter,
  exports,
  actions,
}: {
  title: string;
  range?: { start: string; end: string };
  onFilter?: () => void;
  /** The export addresses; null for a report without exports (User Activities). */
  exports?: { csv: string; pdf?: string } | null;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Anchor component={Link} to={routePath("reports_component")} size="sm" className="report-no-print" w="fit-content">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {t("reports.back_to_reports")}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {title}
          </Title>
          {range && range.start && range.end && (
            <Text c="dimmed" size="sm" data-testid="report-range">
              {t("reports.date_between", { start: formatDate(range.start), end: formatDate(range.end) })}
            </Text>
          )}
        </Stack>
        <Group gap="xs" className="report-no-print">
          {onFilter && (
            <Button variant="default" leftSection={<IconFilter size={16} aria-hidden />} onClick={onFilter}>
              {t("reports.filter")}
            </Button>
          )}
          {exports && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} rightSection={<IconChevronDown size={14} aria-hidden />}>
                  {t("reports.export")}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {/* Plain links: the browser downloads the file under the name the server gives it. */}
                <Menu.Item component="a" href={exports.csv}>
                  {t("reports.export_csv")}
                </Menu.Item>
                {exports.pdf && (
                  <Menu.Item component="a" href={exports.pdf}>
                    {t("reports.export_pdf")}
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
          {actions}
        </Group>
      </Group>
    </Stack>
  );
}

/** The summary cards above the results: the project, the co-worker and the totals in view. */
export function SummaryCards({ cards }: { cards: ReadonlyArray<{ label: string; value: ReactNode }> }) {
  return (
    <SimpleGrid cols={{ base: 2, md: cards.length }} spacing="sm">
      {cards.map((card) => (
        <Card key={card.label} withBorder padding="sm" radius="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {card.label}
          </Text>
          <Text size="lg" fw={600} className="report-summary-value" mt={4} lineClamp={1}>
            {card.value}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** The spinner shown until the report's data arrives. */
export function ReportLoading() {
  const { t } = useTranslation();
  return (
    <Center py="xl" aria-busy="true">
      <Loader aria-label={t("common.loading")} />
    </Center>
  );
}

/** 'No Data Found' with 'Please search again!', or another hint when the report waits for a filter. */
export function ReportEmpty({ body }: { body?: string }) {
  const { t } = useTranslation();
  return <EmptyState icon={<IconMoodEmpty size={28} />} title={t("reports.empty")} body={body ?? t("reports.empty_body")} />;
}

/** Pages of 20: each page is an address (`pages/:current_page_number`), so Back and links keep the place. */
export function ReportPagination({ page, totalPages, hrefOf }: { page: number; totalPages: number; hrefOf: (page: number) => string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (totalPages <= 1) return null;
  return (
    <Group justify="center" className="report-no-print">
      <Pagination
        total={totalPages}
        value={Math.min(page, totalPages)}
        onChange={(next) => navigate(hrefOf(next))}
        getControlProps={(control) => ({ "aria-label": t(`reports.page_${control}`) })}
        getItemProps={(item) => ({ "aria-label": t("reports.page_number", { page: item }) })}
        aria-label={t("reports.pagination")}
        siblings={1}
      />
    </Group>
  );
}

import { ActionIcon, Button, Card, Group, MultiSelect, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { ADVANCE_FILTER_KEYS, ADVANCE_REPORT_MAX_FILTERS, routePath, type AdvanceFilterKey } from "@plotline/contracts";
import { IconMinus, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { ErrorState } from "../../../components/ErrorState.js";
import { useAdvanceReport, useReportProjects, useReportUsers } from "../hooks/use-reports.js";
import { advanceCsvUrl, apiRowsOf, draftRowsOf, emptyRow, keysUsedElsewhere, type AdvanceDraftRow } from "../lib/advance-filters.js";
import { groupsOfAdvanceReport, statusWord } from "../lib/report-rows.js";
import { ReportDateField } from "./ReportDateField.js";
import { ReportEmpty, ReportHeader, ReportLoading, ReportPagination, SummaryCards } from "./ReportFrame.js";
import { ReportTaskGroups } from "./ReportTaskGroups.js";

/**
 * The Advanced Report: filter rows (Load more adds one, - removes it), each key in one row only and five
 * at most; Generate writes the complete rows into the address, so its pages and a shared link keep them.
 */
export function AdvanceReportView({ page }: { page: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const applied = search.get("filters");
  const [rows, setRows] = useState<AdvanceDraftRow[]>(() => {
    const fromAddress = draftRowsOf(applied);
    return fromAddress.length > 0 ? fromAddress : [emptyRow()];
  });
  const report = useAdvanceReport(applied && draftRowsOf(applied).length > 0 ? applied : null, page);
  const ready = apiRowsOf(rows);
  const change = (id: number, patch: Partial<AdvanceDraftRow>) => setRows((current) => current.map((row) => (row.id === id ? { ...row, ...patch } : row)));
  const hrefOf = (target: number) =>
    `${target === 1 ? routePath("advance-tasks") : routePath("advance_pagination", { current_page_number: target })}?${new URLSearchParams({ filters: applied ?? "[]" }).toString()}`;
  const generate = () => {
    if (ready.length === 0) return;
    navigate(`${routePath("advance-tasks")}?${new URLSearchParams({ filters: JSON.stringify(ready) }).toString()}`);
  };

  return (
    <Stack gap="md">
      <ReportHeader title={t("reports.advance.title")} />
      <Card withBorder radius="md" padding="md" className="report-no-print">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            generate();
          }}
        >
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t("reports.advance.intro")}
            </Text>
            {rows.map((row, index) => (
              <FilterRow key={row.id} row={row} used={keysUsedElsewhere(rows, row.id)} onChange={(patch) => change(row.id, patch)} onRemove={index > 0 ? () => setRows((current) => current.filter((entry) => entry.id !== row.id)) : undefined} />
            ))}
            <Group justify="space-between" gap="xs">
              <Button
                variant="subtle"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => setRows((current) => [...current, emptyRow()])}
                disabled={rows.length >= ADVANCE_REPORT_MAX_FILTERS}
              >
                {t("reports.advance.load_more")}
              </Button>
              <Group gap="xs">
                {/* A download link once a filter is chosen; until then a disabled button, as Generate. */}
                {ready.length > 0 ? (
                  <Button component="a" variant="default" href={advanceCsvUrl(ready)}>
                    {t("reports.export_csv")}
                  </Button>
                ) : (
                  <Button variant="default" disabled>
                    {t("reports.export_csv")}
                  </Button>
                )}
                <Button type="submit" disabled={ready.length === 0}>
                  {t("reports.advance.generate")}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Card>
      {!applied || draftRowsOf(applied).length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {t("reports.advance.not_generated")}
        </Text>
      ) : report.isError ? (
        <ErrorState error={report.error} onRetry={() => void report.refetch()} />
      ) : !report.data || report.isFetching ? (
        <ReportLoading />
      ) : (
        <>
          <SummaryCards
            cards={[
              { label: t("reports.summary.projects"), value: String(report.data.meta.pagination.total) },
              { label: t("reports.summary.total_tasks"), value: String(report.data.meta.total_tasks) },
            ]}
          />
          {report.data.data.length === 0 ? (
            <ReportEmpty />
          ) : (
            <>
              <ReportTaskGroups groups={groupsOfAdvanceReport(report.data.data)} dateColumn="due" />
              <ReportPagination page={page} totalPages={report.data.meta.pagination.total_pages} hrefOf={hrefOf} />
            </>
          )}
        </>
      )}
    </Stack>
  );
}

/** One filter row: the key (those of other rows disabled), then the value its key takes, and its - button. */
function FilterRow({ row, used, onChange, onRemove }: { row: AdvanceDraftRow; used: ReadonlySet<AdvanceFilterKey>; onChange: (patch: Partial<AdvanceDraftRow>) => void; onRemove?: () => void }) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap" data-testid="advance-filter-row">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" style={{ flex: 1 }}>
        <Select
          label={t("reports.advance.filter_key")}
          placeholder={t("reports.advance.choose_filter")}
          data={ADVANCE_FILTER_KEYS.map((key) => ({ value: key, label: t(`reports.advance.keys.${key}`), disabled: used.has(key) }))}
          value={row.skey}
          onChange={(value) => onChange({ skey: (value as AdvanceFilterKey | null) ?? null, ids: [], choice: "", start_at: "", due_date: "" })}
          allowDeselect={false}
        />
        <FilterValue row={row} onChange={onChange} />
      </SimpleGrid>
      {onRemove && (
        <ActionIcon variant="default" size={36} onClick={onRemove} aria-label={t("reports.advance.remove_row")}>
          <IconMinus size={16} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}

function FilterValue({ row, onChange }: { row: AdvanceDraftRow; onChange: (patch: Partial<AdvanceDraftRow>) => void }) {
  const { t } = useTranslation();
  const projects = useReportProjects();
  const users = useReportUsers();
  const label = t("reports.advance.value");
  switch (row.skey) {
    case null:
      return <Select label={label} data={[]} disabled placeholder={t("reports.advance.choose_filter")} />;
    case "assigned":
      return (
        <MultiSelect
          label={t("reports.advance.keys.assigned")}
          data={(users.data ?? []).map((user) => ({ value: String(user.id), label: user.display_name }))}
          value={row.ids}
          onChange={(ids) => onChange({ ids })}
          searchable
          placeholder={t("reports.choose_user")}
        />
      );
    case "project":
      return (
        <MultiSelect
          label={t("reports.advance.keys.project")}
          data={(projects.data ?? []).map((project) => ({ value: String(project.id), label: project.title }))}
          value={row.ids}
          onChange={(ids) => onChange({ ids })}
          searchable
          placeholder={t("reports.choose_project")}
        />
      );
    case "status":
      return (
        <Select
          label={t("reports.advance.keys.status")}
          data={[0, 1, 2].map((value) => ({ value: String(value), label: t(`reports.status_labels.${statusWord(value)}`) }))}
          value={row.choice || null}
          onChange={(choice) => onChange({ choice: choice ?? "" })}
        />
      );
    case "payable":
      return (
        <Select
          label={t("reports.advance.keys.payable")}
          data={[0, 1].map((value) => ({ value: String(value), label: t(value === 1 ? "reports.advance.payable_labels.payable" : "reports.advance.payable_labels.not_payable") }))}
          value={row.choice || null}
          onChange={(choice) => onChange({ choice: choice ?? "" })}
        />
      );
    case "time":
      return (
        <SimpleGrid cols={2} spacing="xs">
          <ReportDateField label={t("reports.advance.start_at")} value={row.start_at} maxDate={row.due_date || undefined} onChange={(start_at) => onChange({ start_at })} required />
          <ReportDateField label={t("reports.advance.due_date")} value={row.due_date} minDate={row.start_at || undefined} onChange={(due_date) => onChange({ due_date })} required />
        </SimpleGrid>
      );
  }
}

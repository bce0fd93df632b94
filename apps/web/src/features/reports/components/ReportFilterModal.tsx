import { Button, Group, Modal, Radio, Select, Stack } from "@mantine/core";
import { PROJECT_REPORT_STATUS } from "@plotline/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useReportMilestones, useReportProjects, useReportUsers } from "../hooks/use-reports.js";
import { checkFilters, type FilterErrors, type FilterFields, type ReportFilters } from "../lib/report-filters.js";
import { ReportDateField } from "./ReportDateField.js";

/** The filter modal's width, as the documents fix it. */
const FILTER_MODAL_WIDTH = 400;

/**
 * A report's filter modal: the two dependent date pickers, then the project, co-worker and milestone
 * selects the report offers. Run Report checks the values with the spec's messages before applying them.
 */
export function ReportFilterModal({
  opened,
  onClose,
  fields,
  filters,
  onApply,
}: {
  opened: boolean;
  onClose: () => void;
  fields: FilterFields;
  filters: ReportFilters;
  onApply: (filters: ReportFilters) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t("reports.filter_title")} size={FILTER_MODAL_WIDTH} closeButtonProps={{ "aria-label": t("common.close") }}>
      {/* Mounted afresh on each opening, so the draft starts from the filters in force. */}
      {opened && <FilterForm fields={fields} filters={filters} onApply={onApply} />}
    </Modal>
  );
}

function FilterForm({ fields, filters, onApply }: { fields: FilterFields; filters: ReportFilters; onApply: (filters: ReportFilters) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(filters);
  const [errors, setErrors] = useState<FilterErrors>({});
  const projects = useReportProjects();
  const users = useReportUsers();
  const milestones = useReportMilestones(fields.milestone && draft.project_id ? Number(draft.project_id) : null);
  const set = (change: Partial<ReportFilters>) => {
    setDraft((current) => ({ ...current, ...change }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(change)) delete next[key as keyof FilterErrors];
      return next;
    });
  };
  const message = (key: keyof FilterErrors) => (errors[key] ? t(`reports.errors.${errors[key]}`) : undefined);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = checkFilters(fields, draft);
        setErrors(found);
        if (Object.keys(found).length === 0) onApply(draft);
      }}
    >
      <Stack gap="sm">
        {fields.dates && (
          <>
            <ReportDateField
              label={t(`reports.${fields.dates.start}`)}
              value={draft.start_date}
              maxDate={draft.end_date || undefined}
              onChange={(start_date) => set({ start_date })}
              error={message("start_date")}
              required={fields.needsStart}
            />
            <ReportDateField label={t(`reports.${fields.dates.end}`)} value={draft.end_date} minDate={draft.start_date || undefined} onChange={(end_date) => set({ end_date })} />
          </>
        )}
        {fields.project !== "none" && (
          <Select
            label={t("reports.project")}
            placeholder={fields.project === "required" ? t("reports.choose_project") : t("reports.any_project")}
            data={(projects.data ?? []).map((project) => ({ value: String(project.id), label: project.title }))}
            value={draft.project_id || null}
            onChange={(value) => set({ project_id: value ?? "", milestone: "" })}
            searchable
            clearable
            required={fields.project === "required"}
            error={message("project_id")}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {fields.milestone && (
          <Select
            label={t("reports.milestone")}
            placeholder={draft.project_id ? t("reports.choose_milestone") : t("reports.milestone_after_project")}
            data={(milestones.data ?? []).map((milestone) => ({ value: String(milestone.id), label: milestone.title }))}
            value={draft.milestone || null}
            onChange={(value) => set({ milestone: value ?? "" })}
            disabled={!draft.project_id}
            searchable
            clearable
            required
            error={message("milestone")}
          />
        )}
        {fields.user !== "none" && (
          <Select
            label={t("reports.user")}
            placeholder={fields.user === "required" ? t("reports.choose_user") : t("reports.any_user")}
            data={(users.data ?? []).map((user) => ({ value: String(user.id), label: user.display_name }))}
            value={draft.user_id || null}
            onChange={(value) => set({ user_id: value ?? "" })}
            searchable
            clearable
            required={fields.user === "required"}
            error={message("user_id")}
          />
        )}
        {fields.status && (
          <Radio.Group label={t("reports.project_radio.label")} value={draft.status} onChange={(status) => set({ status })}>
            <Group gap="md" mt={4}>
              <Radio value={String(PROJECT_REPORT_STATUS.all)} label={t("reports.project_radio.all")} />
              <Radio value={String(PROJECT_REPORT_STATUS.complete)} label={t("reports.project_radio.complete")} />
              <Radio value={String(PROJECT_REPORT_STATUS.incomplete)} label={t("reports.project_radio.incomplete")} />
            </Group>
          </Radio.Group>
        )}
        <Button type="submit" mt="xs">
          {t("reports.run_report")}
        </Button>
      </Stack>
    </form>
  );
}

import "@mantine/dates/styles.css";
import { ActionIcon, Badge, Button, Checkbox, Group, Input, NumberInput, Popover, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import type { CustomField } from "@plotline/contracts";
import { IconColumns, IconFilter, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { dateInputFormat, formatDate, toDayString } from "../../../lib/dates.js";
import { useProjectFields } from "../hooks/use-custom-fields.js";
import { useFieldColumns, useFieldFilters } from "../hooks/use-task-field-tools.js";
import type { FieldFilter, FieldFilters } from "../lib/field-filters.js";
import { filterKind, optionTitle } from "../lib/field-model.js";

function RangeInputs({ field, filter, onChange }: { field: CustomField; filter: FieldFilter; onChange: (filter: FieldFilter) => void }) {
  const { t } = useTranslation();
  if (field.type === "number") {
    const number = (part: "min" | "max") => (
      <NumberInput
        label={t(part === "min" ? "custom_fields.filter.min" : "custom_fields.filter.max")}
        aria-label={`${field.title}: ${t(part === "min" ? "custom_fields.filter.min" : "custom_fields.filter.max")}`}
        value={filter[part] ?? ""}
        hideControls
        decimalScale={6}
        size="xs"
        labelProps={{ fw: 400, c: "dimmed" }}
        onChange={(next) => onChange({ ...filter, [part]: next === "" ? undefined : String(next) })}
      />
    );
    return (
      <SimpleGrid cols={2} spacing="xs">
        {number("min")}
        {number("max")}
      </SimpleGrid>
    );
  }
  const day = (part: "min" | "max") => (
    <DatePickerInput
      label={t(part === "min" ? "custom_fields.filter.from" : "custom_fields.filter.to")}
      aria-label={`${field.title}: ${t(part === "min" ? "custom_fields.filter.from" : "custom_fields.filter.to")}`}
      value={filter[part] ?? null}
      valueFormat={dateInputFormat()}
      placeholder={dateInputFormat()}
      clearable
      size="xs"
      labelProps={{ fw: 400, c: "dimmed" }}
      popoverProps={{ withinPortal: false }}
      onChange={(next) => onChange({ ...filter, [part]: toDayString(next) ?? undefined })}
    />
  );
  return (
    <SimpleGrid cols={2} spacing="xs">
      {day("min")}
      {day("max")}
    </SimpleGrid>
  );
}

/** The filter form: one control per field that can filter, applied together. */
function FilterForm({ fields, filters, onApply }: { fields: readonly CustomField[]; filters: FieldFilters; onApply: (filters: FieldFilters) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Record<number, FieldFilter>>({ ...filters });
  const filterable = fields.filter((field) => filterKind(field.type) !== null);
  if (filterable.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("custom_fields.filter.none")}
      </Text>
    );
  }
  const set = (fieldId: number, filter: FieldFilter) => setDraft((current) => ({ ...current, [fieldId]: filter }));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onApply(draft);
      }}
    >
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {t("custom_fields.filter.title")}
        </Text>
        {filterable.map((field) => {
          const filter = draft[field.id] ?? {};
          if (filterKind(field.type) === "equals") {
            return (
              <Select
                key={field.id}
                label={field.title}
                size="xs"
                data={field.options.map((option) => ({ value: String(option.id), label: option.title }))}
                value={filter.value ?? null}
                placeholder={t("custom_fields.filter.any")}
                clearable
                comboboxProps={{ withinPortal: false }}
                onChange={(next) => set(field.id, { value: next ?? undefined })}
              />
            );
          }
          return (
            <fieldset key={field.id} style={{ border: 0, padding: 0, margin: 0 }}>
              <Input.Label component="legend" size="xs" mb={2}>
                {field.title}
              </Input.Label>
              <RangeInputs field={field} filter={filter} onChange={(next) => set(field.id, next)} />
            </fieldset>
          );
        })}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={() => onApply({})}>
            {t("custom_fields.filter.clear")}
          </Button>
          <Button type="submit" size="xs">
            {t("custom_fields.filter.apply")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type RangeKey = "range" | "since" | "at_least" | "until" | "at_most";

/** How a filter in force reads on its chip; `say` words a range with the catalogue's `custom_fields.filter.<key>`. */
function filterText(field: CustomField, filter: FieldFilter, say: (key: RangeKey, values: Record<string, string>) => string): string {
  if (filterKind(field.type) === "equals") return optionTitle(field, Number(filter.value)) ?? filter.value ?? "";
  const isDate = field.type === "date";
  const show = (value: string) => (isDate ? formatDate(value) : Number(value).toLocaleString());
  if (filter.min && filter.max) return say("range", { from: show(filter.min), to: show(filter.max) });
  if (filter.min) return say(isDate ? "since" : "at_least", { value: show(filter.min) });
  return say(isDate ? "until" : "at_most", { value: show(filter.max ?? "") });
}

/**
 * The custom-field tools of the task lists page: the Filter and Columns buttons. Nothing shows while the
 * module is off or the project has no field.
 */
export function TaskFieldToolbar({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const fields = useProjectFields(projectId);
  const columns = useFieldColumns(projectId, fields);
  const { filters, active, setFilters } = useFieldFilters(fields);
  const [filterOpened, setFilterOpened] = useState(false);
  if (fields.length === 0) return null;
  return (
    <>
      <Popover opened={filterOpened} onChange={setFilterOpened} position="bottom-end" width={320} withinPortal trapFocus shadow="md">
        <Popover.Target>
          <Button variant={active.length > 0 ? "light" : "default"} leftSection={<IconFilter size={16} />} onClick={() => setFilterOpened((opened) => !opened)}>
            {active.length > 0 ? t("custom_fields.filter.button_active", { count: active.length }) : t("custom_fields.filter.button")}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          {filterOpened && (
            <FilterForm
              fields={fields}
              filters={filters}
              onApply={(next) => {
                setFilters(next);
                setFilterOpened(false);
              }}
            />
          )}
        </Popover.Dropdown>
      </Popover>
      <Popover position="bottom-end" width={280} withinPortal trapFocus shadow="md">
        <Popover.Target>
          <Button variant={columns.shown.length > 0 ? "light" : "default"} leftSection={<IconColumns size={16} />}>
            {t("custom_fields.columns.button")}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs" role="group" aria-label={t("custom_fields.columns.label")}>
            <Text size="sm" fw={600}>
              {t("custom_fields.columns.label")}
            </Text>
            <Text size="xs" c="dimmed">
              {t("custom_fields.columns.hint")}
            </Text>
            {fields.map((field) => (
              <Checkbox key={field.id} label={field.title} checked={columns.ids.includes(field.id)} onChange={(event) => columns.toggle(field.id, event.currentTarget.checked)} />
            ))}
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </>
  );
}

/** The filters in force as chips, each with its own remove button, and "Clear filters". */
export function ActiveFieldFilters({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const fields = useProjectFields(projectId);
  const { filters, active, setFilters } = useFieldFilters(fields);
  if (active.length === 0) return null;
  return (
    <Group gap="xs" wrap="wrap" aria-label={t("custom_fields.filter.title")} role="group">
      {active.map(({ field, filter }) => {
        const value = filterText(field, filter, (key, values) => {
          if (key === "range") return t("custom_fields.filter.range", { from: values.from ?? "", to: values.to ?? "" });
          if (key === "since") return t("custom_fields.filter.since", { value: values.value ?? "" });
          if (key === "until") return t("custom_fields.filter.until", { value: values.value ?? "" });
          if (key === "at_least") return t("custom_fields.filter.at_least", { value: values.value ?? "" });
          return t("custom_fields.filter.at_most", { value: values.value ?? "" });
        });
        const label = t("custom_fields.filter.chip", { field: field.title, value });
        return (
          <Badge
            key={field.id}
            variant="light"
            size="lg"
            tt="none"
            rightSection={
              <ActionIcon
                size="xs"
                variant="transparent"
                color="gray"
                aria-label={t("custom_fields.filter.remove_chip", { field: field.title })}
                onClick={() => {
                  const { [field.id]: _removed, ...rest } = filters;
                  setFilters(rest);
                }}
              >
                <IconX size={12} />
              </ActionIcon>
            }
          >
            {label}
          </Badge>
        );
      })}
      <Button variant="subtle" size="xs" onClick={() => setFilters({})}>
        {t("custom_fields.filter.clear")}
      </Button>
    </Group>
  );
}

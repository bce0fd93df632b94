import { Anchor, Group, Text } from "@mantine/core";
import type { CustomField, Member, Task } from "@plotline/contracts";
import { createContext, use, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../lib/dates.js";
import { isEmptyValue, isSafeUrl, optionTitle, valueOf, type FieldValue } from "../lib/field-model.js";

/** What the task rows of a page show besides their own parts: the fields chosen as columns. */
export interface FieldColumns {
  fields: readonly CustomField[];
  members: readonly Pick<Member, "id" | "display_name">[];
}

/** Given by the task lists page; rows elsewhere get null and show no columns. */
export const FieldColumnsContext = createContext<FieldColumns | null>(null);

/** A value as short text for a row (options by name, members by name, days in the chosen format). */
export function valueText(field: CustomField, value: FieldValue, members: FieldColumns["members"], yesNo: { yes: string; no: string }): string {
  if (value === null) return "";
  switch (field.type) {
    case "dropdown":
      return typeof value === "number" ? (optionTitle(field, value) ?? "") : "";
    case "multi_select":
      return Array.isArray(value) ? value.flatMap((id) => optionTitle(field, id) ?? []).join(", ") : "";
    case "checkbox":
      return value === true ? yesNo.yes : yesNo.no;
    case "date":
      return typeof value === "string" ? formatDate(value) : "";
    case "user":
      return members.find((member) => member.id === value)?.display_name ?? `#${String(value)}`;
    case "number":
      return typeof value === "number" ? value.toLocaleString() : "";
    default:
      return String(value);
  }
}

function Cell({ field, value, members }: { field: CustomField; value: FieldValue; members: FieldColumns["members"] }) {
  const { t } = useTranslation();
  const empty = isEmptyValue(value) || (field.type === "checkbox" && value !== true);
  const text = empty ? t("custom_fields.value.none") : valueText(field, value, members, { yes: t("custom_fields.value.yes"), no: t("custom_fields.value.no") });
  let shown: ReactNode = empty ? "—" : text;
  if (!empty && field.type === "url" && typeof value === "string" && isSafeUrl(value)) {
    shown = (
      <Anchor href={value} target="_blank" rel="noopener noreferrer nofollow" size="xs" onClick={(event) => event.stopPropagation()}>
        {new URL(value).host}
      </Anchor>
    );
  }
  return (
    <Text
      size="xs"
      data-field-id={field.id}
      title={t("custom_fields.value.field_label", { title: field.title, value: text })}
      truncate="end"
      // Fixed widths at the row's end line the values up in columns; on a phone they follow the title.
      w={{ base: "auto", sm: CELL_WIDTH }}
      maw="100%"
    >
      <Text span size="xs" c="dimmed">
        {field.title}:
      </Text>{" "}
      <Text span size="xs" c={empty ? "dimmed" : undefined}>
        {shown}
      </Text>
    </Text>
  );
}

/** The width of one column on a wide screen. */
const CELL_WIDTH = 150;

/** The chosen custom fields of a task row, each as "Field: value"; nothing where no column is chosen. */
export function TaskFieldCells({ task }: { task: Task }) {
  const columns = use(FieldColumnsContext);
  if (!columns || columns.fields.length === 0) return null;
  return (
    <Group gap="sm" wrap="wrap" data-task-field-cells>
      {columns.fields.map((field) => (
        <Cell key={field.id} field={field} value={valueOf(field, task.custom_fields)} members={columns.members} />
      ))}
    </Group>
  );
}

import "@mantine/dates/styles.css";
import { Group, MultiSelect, NumberInput, Select, Stack, Switch, Text } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { dateOf, type Member, type Task, type UpdateTaskBody } from "@plotline/contracts";
import { IconCalendar } from "@tabler/icons-react";
import { useCallback, type FocusEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useTaskStartField } from "../../site-settings/hooks/use-site-settings.js";
import { useDraft } from "../hooks/use-draft.js";
import { dateInputFormat, formatDue } from "../../../lib/dates.js";
import { splitMinutes } from "../estimation.js";
import { PriorityField } from "./TaskPriority.js";

/** Saves part of a task; `onFailed` runs when the server refused, so the field can return to its old value. */
export type SaveTask = (body: UpdateTaskBody, onFailed?: () => void) => void;

const STATUS_KEYS = ["incomplete", "complete", "pending"] as const;

function StatusField({ task, canEdit, canComplete, onSave, onChangeStatus }: FieldsProps) {
  const { t } = useTranslation();
  const [value, setValue, reset] = useDraft(String(task.status));
  return (
    <Select
      label={t("tasks.status")}
      data={STATUS_KEYS.map((key, index) => ({ value: String(index), label: t(`tasks.status_${key}`) }))}
      value={value}
      allowDeselect={false}
      disabled={!canEdit && !canComplete}
      onChange={(next) => {
        if (next === null || next === value) return;
        setValue(next);
        // Assignees may change the status without edit rights, through change-status.
        if (canEdit) onSave({ status: Number(next) }, reset);
        else onChangeStatus(Number(next), reset);
      }}
    />
  );
}

function AssigneesField({ task, canEdit, members, onSave, focusField }: FieldsProps) {
  const { t } = useTranslation();
  const [value, setValue, reset] = useDraft(task.assignees.data.map((user) => String(user.id)));
  // People assigned earlier who have since left the project still show, so they can be removed.
  const people = new Map<number, string>(members.map((member) => [member.id, member.display_name]));
  for (const user of task.assignees.data) if (!people.has(user.id)) people.set(user.id, user.display_name);
  return (
    <MultiSelect
      label={t("tasks.assignees")}
      placeholder={value.length === 0 ? t("tasks.nobody_assigned") : undefined}
      data={[...people].map(([id, name]) => ({ value: String(id), label: name }))}
      value={value}
      searchable
      clearable
      disabled={!canEdit}
      nothingFoundMessage={t("tasks.no_member_found")}
      comboboxProps={{ withinPortal: true }}
      // Opened with `a` on a task row: the modal focuses this field and its choices show.
      data-autofocus={focusField === "assignees" || undefined}
      defaultDropdownOpened={focusField === "assignees" && canEdit}
      onChange={(next) => {
        setValue(next);
        onSave({ assignees: next.length > 0 ? next.map(Number) : [0] }, reset);
      }}
    />
  );
}

function DateField({ task, canEditDetails, onSave, field, focusField }: FieldsProps & { field: "start_at" | "due_date" }) {
  const { t } = useTranslation();
  // Opened with `d` on a task row: the modal focuses the due date and its calendar opens.
  const isFocused = focusField === field;
  const openOnMount = useCallback(
    (button: HTMLButtonElement | null) => {
      if (button && isFocused && canEditDetails) button.click();
    },
    [isFocused, canEditDetails],
  );
  const [value, setValue, reset] = useDraft<string | null>(dateOf(task[field]));
  // The due date also reads relative ("Tomorrow", "3 days late") under its label; the field shows the date.
  const due = field === "due_date" ? formatDue(value, task.status) : null;
  return (
    <DatePickerInput
      label={field === "start_at" ? t("tasks.start_date") : t("tasks.due_date")}
      description={due?.isRelative ? due.label : undefined}
      placeholder={dateInputFormat()}
      valueFormat={dateInputFormat()}
      value={value}
      clearable
      disabled={!canEditDetails}
      leftSection={<IconCalendar size={16} aria-hidden />}
      popoverProps={{ withinPortal: true }}
      ref={openOnMount}
      data-autofocus={isFocused || undefined}
      onChange={(next) => {
        const date = next === null ? null : String(next).slice(0, 10);
        setValue(date);
        onSave(field === "start_at" ? { start_at: date } : { due_date: date }, reset);
      }}
    />
  );
}

function EstimationField({ task, canEditDetails, onSave }: FieldsProps) {
  const { t } = useTranslation();
  const [value, setValue, reset] = useDraft(splitMinutes(task.estimation));
  // Saves once focus leaves both fields (or on Enter), so typing hours then minutes is one change.
  const commit = () => {
    const total = Math.max(0, Math.round(value.hours) * 60 + Math.round(value.minutes));
    if (total === task.estimation) reset();
    else onSave({ estimation: total }, reset);
  };
  const onNumber = (part: "hours" | "minutes") => (next: string | number) => setValue({ ...value, [part]: typeof next === "number" ? next : Number(next) || 0 });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter") commit();
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) commit();
  };
  const suffix = (text: string) => (
    <Text size="xs" c="dimmed" pr={6}>
      {text}
    </Text>
  );
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={`estimation-${task.id}`}>
        {t("tasks.estimation")}
      </Text>
      <Group gap="xs" grow wrap="nowrap" role="group" aria-labelledby={`estimation-${task.id}`} onBlur={onBlur}>
        <NumberInput
          aria-label={t("tasks.hours")}
          rightSection={suffix(t("tasks.hours_short"))}
          rightSectionWidth={36}
          min={0}
          max={16_000}
          allowDecimal={false}
          allowNegative={false}
          hideControls
          value={value.hours}
          disabled={!canEditDetails}
          onChange={onNumber("hours")}
          onKeyDown={onKeyDown}
        />
        <NumberInput
          aria-label={t("tasks.minutes")}
          rightSection={suffix(t("tasks.minutes_short"))}
          rightSectionWidth={36}
          min={0}
          max={59}
          clampBehavior="strict"
          allowDecimal={false}
          allowNegative={false}
          hideControls
          value={value.minutes}
          disabled={!canEditDetails}
          onChange={onNumber("minutes")}
          onKeyDown={onKeyDown}
        />
      </Group>
    </Stack>
  );
}

function PrivacyField({ task, canEdit, onSave }: FieldsProps) {
  const { t } = useTranslation();
  const [value, setValue, reset] = useDraft(task.meta.privacy === "1");
  return (
    <Switch
      label={t("tasks.private_switch")}
      description={t("tasks.private_hint")}
      checked={value}
      disabled={!canEdit}
      onChange={(event) => {
        const next = event.currentTarget.checked;
        setValue(next);
        onSave({ privacy: next }, reset);
      }}
    />
  );
}

interface FieldsProps {
  task: Task;
  canEdit: boolean;
  /**
   * Whether the title, description, dates and estimation may change: with `canEdit`, or as an assignee
   * when the project lets assignees edit (`can_edit_details`).
   */
  canEditDetails: boolean;
  canComplete: boolean;
  /** Whether to show the privacy switch: the task's can_set_privacy from the server. */
  canSetPrivacy: boolean;
  members: readonly Member[];
  onSave: SaveTask;
  onChangeStatus: (status: number, onFailed: () => void) => void;
  /** The field to start in, when a row key opened the modal (`a` assignees, `d` due date). */
  focusField?: "title" | "assignees" | "due_date" | "priority";
}

/** The side panel of the task modal: status, priority, assignees, dates, estimation and privacy, each saving as it changes. */
export function TaskFields(props: FieldsProps) {
  // With the site's task start date field off, the dates are single-date: the due date alone.
  const hasStartDate = useTaskStartField();
  return (
    <Stack gap="sm">
      <StatusField {...props} />
      <PriorityField task={props.task} canEdit={props.canEdit} onSave={props.onSave} isFocused={props.focusField === "priority"} />
      <AssigneesField {...props} />
      {hasStartDate && <DateField {...props} field="start_at" />}
      <DateField {...props} field="due_date" />
      <EstimationField {...props} />
      {props.canSetPrivacy && <PrivacyField {...props} />}
    </Stack>
  );
}

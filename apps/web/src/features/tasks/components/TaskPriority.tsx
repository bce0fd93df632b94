import { Group, Select, Text, Tooltip } from "@mantine/core";
import { TASK_PRIORITY_NAMES, type Task } from "@plotline/contracts";
import { IconAlertSquareFilled, IconAntennaBars2, IconAntennaBars3, IconAntennaBars5, IconLineDashed, type Icon } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useDraft } from "../hooks/use-draft.js";
import type { SaveTask } from "./TaskFields.js";

/** How each priority looks: bars that fill as it rises, and a red square for urgent, so colour is never the only cue. */
const LOOKS: Record<(typeof TASK_PRIORITY_NAMES)[number], { icon: Icon; color: string }> = {
  none: { icon: IconLineDashed, color: "var(--mantine-color-dimmed)" },
  low: { icon: IconAntennaBars2, color: "var(--mantine-color-dimmed)" },
  medium: { icon: IconAntennaBars3, color: "var(--mantine-color-yellow-light-color)" },
  high: { icon: IconAntennaBars5, color: "var(--mantine-color-orange-light-color)" },
  urgent: { icon: IconAlertSquareFilled, color: "var(--mantine-color-red-light-color)" },
};

function nameOf(priority: number): (typeof TASK_PRIORITY_NAMES)[number] {
  return TASK_PRIORITY_NAMES[priority] ?? "none";
}

/** A task's priority as a small icon on its row or card; nothing for a task without one. */
export function PriorityIcon({ priority, size = 18 }: { priority: number; size?: number }) {
  const { t } = useTranslation();
  const name = nameOf(priority);
  if (name === "none") return null;
  const { icon: IconOfPriority, color } = LOOKS[name];
  const label = t("tasks.priority_is", { priority: t(`tasks.priority_${name}`) });
  return (
    <Tooltip label={label} withArrow>
      <IconOfPriority size={size} stroke={2.2} color={color} aria-label={label} role="img" style={{ flexShrink: 0 }} />
    </Tooltip>
  );
}

/** The priority field of the task modal: saves as it changes, like the other fields. */
export function PriorityField({ task, canEdit, onSave, isFocused = false }: { task: Pick<Task, "priority">; canEdit: boolean; onSave: SaveTask; isFocused?: boolean }) {
  const { t } = useTranslation();
  const [value, setValue, reset] = useDraft(String(task.priority));
  return (
    <Select
      label={t("tasks.priority")}
      data={TASK_PRIORITY_NAMES.map((name, index) => ({ value: String(index), label: t(`tasks.priority_${name}`) }))}
      value={value}
      allowDeselect={false}
      disabled={!canEdit}
      // Opened with `p` on a task row: the modal focuses this field and its choices show.
      data-autofocus={isFocused || undefined}
      defaultDropdownOpened={isFocused && canEdit}
      leftSection={<PriorityGlyph priority={Number(value)} />}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <PriorityGlyph priority={Number(option.value)} />
          <Text size="sm">{option.label}</Text>
        </Group>
      )}
      onChange={(next) => {
        if (next === null || next === value) return;
        setValue(next);
        onSave({ priority: Number(next) }, reset);
      }}
    />
  );
}

/** The priority's icon without a label of its own, beside text that names it. */
export function PriorityGlyph({ priority }: { priority: number }) {
  const { icon: IconOfPriority, color } = LOOKS[nameOf(priority)];
  return <IconOfPriority size={14} color={color} aria-hidden />;
}

import { ColorSwatch, Group, isLightColor, MultiSelect, Pill, Stack, Text } from "@mantine/core";
import type { Task, UpdateTaskBody } from "@plotline/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLabels } from "../hooks/use-labels.js";
import { LabelChips } from "./LabelChips.js";

/**
 * The labels of a task in the single-task modal. Editors (can_edit_task) pick among the project's labels and
 * each change saves at once; everyone else sees the chips, or 'No label found!'.
 */
export function TaskLabelsField({
  projectId,
  task,
  canEdit,
  onSave,
}: {
  projectId: number;
  task: Task;
  canEdit: boolean;
  onSave: (body: UpdateTaskBody, onFailed?: () => void) => void;
}) {
  const { t } = useTranslation();
  const labels = useLabels(projectId, { enabled: canEdit });
  const saved = task.labels.data.map((label) => String(label.id));
  const [value, setValue] = useState(saved);
  const savedKey = saved.join(",");
  // The server's answer is the truth: follow it when the task changes (or a save is refused).
  useEffect(() => setValue(savedKey ? savedKey.split(",") : []), [savedKey]);

  if (!canEdit) {
    return (
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t("labels.field")}
        </Text>
        {task.labels.data.length > 0 ? (
          <LabelChips labels={task.labels.data} size="sm" />
        ) : (
          <Text size="sm" c="dimmed">
            {t("labels.none_on_task")}
          </Text>
        )}
      </Stack>
    );
  }

  // Labels already on the task stay listed while the project's list loads, so the field never looks empty.
  const options = new Map(task.labels.data.map((label) => [String(label.id), label]));
  for (const label of labels.data?.data ?? []) options.set(String(label.id), label);
  return (
    <MultiSelect
      label={t("labels.field")}
      placeholder={value.length === 0 ? t("labels.pick") : undefined}
      data={[...options.values()].map((label) => ({ value: String(label.id), label: label.title }))}
      value={value}
      searchable
      clearable
      nothingFoundMessage={t("labels.empty")}
      comboboxProps={{ withinPortal: true }}
      renderPill={({ option, onRemove, disabled }) => {
        const color = options.get(String(option.value))?.color ?? "#868e96";
        return (
          <Pill
            withRemoveButton
            onRemove={onRemove}
            disabled={disabled}
            removeButtonProps={{ "aria-label": t("labels.remove", { title: option.label }) }}
            style={{ backgroundColor: color, color: isLightColor(color) ? "var(--mantine-color-black)" : "var(--mantine-color-white)", fontWeight: 600 }}
          >
            {option.label}
          </Pill>
        );
      }}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch color={options.get(option.value)?.color ?? "#ccc"} size={14} aria-hidden />
          <span>{option.label}</span>
        </Group>
      )}
      onChange={(next) => {
        setValue(next);
        onSave({ task_labels: next.map(Number) }, () => setValue(saved));
      }}
    />
  );
}

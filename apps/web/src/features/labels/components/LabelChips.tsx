import { Badge, Group, Tooltip } from "@mantine/core";
import type { TaskLabel } from "@plotline/contracts";
import { useTranslation } from "react-i18next";

/** One label as a small chip in its own colour, the text kept readable on light and dark colours. */
export function LabelChip({ label, size = "sm" }: { label: Pick<TaskLabel, "title" | "color" | "description">; size?: "xs" | "sm" | "md" }) {
  const chip = (
    <Badge color={label.color} autoContrast variant="filled" size={size} radius="sm" tt="none" fw={600} maw={180} style={{ flexShrink: 0 }}>
      {label.title}
    </Badge>
  );
  if (!label.description) return chip;
  return (
    <Tooltip label={label.description} withArrow multiline maw={260}>
      {chip}
    </Tooltip>
  );
}

/** The labels of a task, as chips; nothing when it has none. */
export function LabelChips({ labels, size = "xs" }: { labels: readonly TaskLabel[]; size?: "xs" | "sm" | "md" }) {
  const { t } = useTranslation();
  if (labels.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap" role="list" aria-label={t("labels.on_task", { names: labels.map((label) => label.title).join(", ") })}>
      {labels.map((label) => (
        <div role="listitem" key={label.id}>
          <LabelChip label={label} size={size} />
        </div>
      ))}
    </Group>
  );
}

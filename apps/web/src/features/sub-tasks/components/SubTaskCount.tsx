import { Group, Progress, Text, Tooltip } from "@mantine/core";
import type { Task } from "@plotline/contracts";
import { IconSubtask } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useIsModuleOn } from "../hooks/use-module-on.js";
import { progressPercent } from "../lib/progress.js";

/**
 * A task's sub-tasks on its row and in its modal's header: "2/5" with a thin bar of how many are done.
 * Nothing for a task without sub-tasks, or while the sub-tasks module is off.
 */
export function SubTaskCount({ task }: { task: Pick<Task, "sub_tasks"> }) {
  const { t } = useTranslation();
  const isOn = useIsModuleOn("sub_tasks");
  const percent = progressPercent(task.sub_tasks);
  if (!isOn || percent === null) return null;
  const { complete, total } = task.sub_tasks;
  const label = t("sub_tasks.progress_bar", { complete, total });
  return (
    <Tooltip label={label} withArrow>
      <Group gap={4} wrap="nowrap" role="img" aria-label={label} data-testid="sub-task-count" style={{ flexShrink: 0 }}>
        <IconSubtask size={14} aria-hidden color="var(--mantine-color-dimmed)" />
        <Text size="xs" c="dimmed" style={{ fontVariantNumeric: "tabular-nums" }}>
          {t("sub_tasks.count", { complete, total })}
        </Text>
        <Progress value={percent} size={4} w={32} radius="xl" color={complete === total ? "teal" : "blue"} aria-hidden />
      </Group>
    </Tooltip>
  );
}

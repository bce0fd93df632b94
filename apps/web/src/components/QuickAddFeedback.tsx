import { Group, Loader, Text } from "@mantine/core";
import { IconCheck, IconPlus } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** How long the inline "Added" of a quick-add field stays after the last record was added. */
export const QUICK_ADDED_MS = 2500;

/** The sections of a quick-add field: a plus (a spinner while sending) before, "Added" after a success. */
export interface QuickAddSections {
  leftSection: ReactNode;
  rightSection: ReactNode;
  rightSectionWidth: number | undefined;
}

/**
 * What every quick-add field shows around its text: a spinner while titles are on their way, and a
 * check with "Added" once they all landed, so a fast typist sees each one go in without a toast.
 */
export function useQuickAddSections({ sending, added, testId }: { sending: number; added: unknown; testId: string }): QuickAddSections {
  const { t } = useTranslation();
  return {
    leftSection: sending > 0 ? <Loader size={14} /> : <IconPlus size={14} aria-hidden />,
    rightSectionWidth: added ? 80 : undefined,
    rightSection:
      added && sending === 0 ? (
        <Group gap={4} wrap="nowrap" c="var(--plotline-color-success)" aria-hidden data-testid={testId}>
          <IconCheck size={14} />
          <Text size="xs" fw={500}>
            {t("task_lists.quick_added")}
          </Text>
        </Group>
      ) : null,
  };
}

import { Modal, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { SHORTCUTS, type ShortcutGroup, type ShortcutId } from "../lib/shortcuts.js";
import { ShortcutKeys } from "./ShortcutKeys.js";

const GROUPS: readonly ShortcutGroup[] = ["general", "navigation", "tasks", "rows"];

/**
 * The `?` sheet: every shortcut that works here, by section, each with its keys. `available` leaves out
 * those this user has no use for (the calendar when its module is off).
 */
export function ShortcutsSheet({ opened, onClose, available }: { opened: boolean; onClose: () => void; available: ReadonlySet<ShortcutId> }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t("shortcuts.title")} size="lg" closeButtonProps={{ "aria-label": t("common.close") }}>
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {t("shortcuts.intro")}
        </Text>
        {GROUPS.map((group) => {
          // The row keys are the task lists' own: always listed, as they work on every list page.
          const rows = SHORTCUTS.filter((shortcut) => shortcut.group === group && (group === "rows" || available.has(shortcut.id)));
          if (rows.length === 0) return null;
          return (
            <Stack key={group} gap={4}>
              <Title order={3} size="h6" tt="uppercase" c="dimmed">
                {t(`shortcuts.groups.${group}`)}
              </Title>
              <Table verticalSpacing={6} horizontalSpacing="xs" data-testid={`shortcuts-${group}`}>
                <Table.Tbody>
                  {rows.map((shortcut) => (
                    <Table.Tr key={shortcut.id}>
                      <Table.Td>
                        <Text size="sm">{t(`shortcuts.actions.${shortcut.id}`)}</Text>
                      </Table.Td>
                      <Table.Td w={1} style={{ whiteSpace: "nowrap" }}>
                        <ShortcutKeys id={shortcut.id} justify="flex-end" />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          );
        })}
      </Stack>
    </Modal>
  );
}

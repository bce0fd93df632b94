import { ActionIcon, Affix, Box, Button, Group, Menu, Paper, Popover, ScrollArea, Stack, Text, Tooltip, Transition } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { TASK_PRIORITY_NAMES, type BulkTasksBody, type Member, type Task } from "@plotline/contracts";
import { IconCalendar, IconCheck, IconFlag, IconFolderShare, IconTrash, IconUserPlus, IconX } from "@tabler/icons-react";
import { useState, type ComponentPropsWithoutRef, type ReactNode, type Ref } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog.js";
import { LazyDatePicker } from "../../../components/LazyDatePicker.js";
import { UserAvatar } from "../../../components/UserAvatar.js";
import { ShortcutKeys } from "../../shortcuts/components/ShortcutKeys.js";
import { PriorityGlyph } from "../../tasks/components/TaskPriority.js";
import type { BulkActions } from "../hooks/use-bulk-actions.js";
import { useListOptions } from "../hooks/use-list-options.js";

/**
 * The bar that appears while tasks are selected: complete, move to a list, assign, set the due date or the
 * priority, delete (after asking). Each action is one bulk call, all or nothing, and its toast offers
 * Undo. It sits at the foot of the window, above the page, so the rows stay where they are.
 */
export function TaskBulkBar({
  projectId,
  selected,
  members,
  actions,
  onClear,
}: {
  projectId: number;
  selected: readonly Task[];
  members: readonly Member[];
  /** Runs an action on the selection (`useBulkActions`), shared with the row keys. */
  actions: BulkActions;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const [isMoveOpen, setMoveOpen] = useState(false);
  const lists = useListOptions(projectId, isMoveOpen);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const count = selected.length;
  const ids = selected.map((task) => task.id);
  const canComplete = selected.some((task) => task.status !== 1);
  const { bulk } = actions;
  const run = (body: BulkTasksBody) => actions.run(body, () => setConfirmingDelete(false));

  return (
    <>
      {/* Room under the lists, so the bar never covers their last rows once scrolled to the end. */}
      {count > 0 && <Box h={{ base: 140, sm: 72 }} aria-hidden />}
      <Transition mounted={count > 0} transition="slide-up" duration={150}>
        {(style) => (
          // The strip spans the window so the bar can center itself; only the bar takes clicks.
          <Affix position={{ bottom: 16, left: 12, right: 12 }} style={{ ...style, display: "flex", justifyContent: "center", pointerEvents: "none" }} zIndex={190}>
            <Paper
              shadow="lg"
              radius="md"
              withBorder
              px="sm"
              py={6}
              role="toolbar"
              aria-label={t("task_lists.bulk.toolbar")}
              data-bulk-bar
              style={{ pointerEvents: "auto" }}
            >
              <Group gap="xs" wrap="wrap" justify="center">
                <Text size="sm" fw={600} aria-live="polite" px={4}>
                  {t("task_lists.bulk.selected", { count })}
                </Text>
                {canComplete && (
                  <BarButton
                    variant="light"
                    icon={<IconCheck size={14} />}
                    label={t("task_lists.bulk.complete")}
                    loading={bulk.isPending && bulk.variables?.action === "complete"}
                    onClick={() => run({ action: "complete", task_ids: ids })}
                  />
                )}
                <Menu opened={isMoveOpen} onChange={setMoveOpen} position="top" withinPortal>
                  <Menu.Target>
                    <BarButton icon={<IconFolderShare size={14} />} label={t("task_lists.bulk.move")} />
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Label>{t("task_lists.bulk.move_to")}</Menu.Label>
                    <ScrollArea.Autosize mah={280}>
                      {lists.isPending && <Menu.Item disabled>{t("common.loading")}</Menu.Item>}
                      {lists.data?.map((list) => (
                        <Menu.Item key={list.id} onClick={() => run({ action: "move", task_ids: ids, task_list_id: list.id })}>
                          {list.title}
                        </Menu.Item>
                      ))}
                    </ScrollArea.Autosize>
                  </Menu.Dropdown>
                </Menu>
                <Menu position="top" withinPortal>
                  <Menu.Target>
                    <BarButton icon={<IconUserPlus size={14} />} label={t("task_lists.bulk.assign")} />
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Label>{t("task_lists.bulk.assign_to")}</Menu.Label>
                    <ScrollArea.Autosize mah={280}>
                      {members.map((member) => (
                        <Menu.Item key={member.id} leftSection={<UserAvatar user={member} size={20} />} onClick={() => run({ action: "assign", task_ids: ids, assignees: [member.id], mode: "add" })}>
                          {member.display_name}
                        </Menu.Item>
                      ))}
                    </ScrollArea.Autosize>
                    <Menu.Divider />
                    <Menu.Item onClick={() => run({ action: "assign", task_ids: ids, assignees: [], mode: "replace" })}>{t("task_lists.bulk.unassign")}</Menu.Item>
                  </Menu.Dropdown>
                </Menu>
                <DueDateButton onPick={(day) => run({ action: "due_date", task_ids: ids, due_date: day })} />
                <Menu position="top" withinPortal>
                  <Menu.Target>
                    <BarButton icon={<IconFlag size={14} />} label={t("task_lists.bulk.priority")} />
                  </Menu.Target>
                  <Menu.Dropdown>
                    {TASK_PRIORITY_NAMES.map((name, value) => (
                      <Menu.Item key={name} leftSection={<PriorityGlyph priority={value} />} onClick={() => run({ action: "priority", task_ids: ids, priority: value })}>
                        {t(`tasks.priority_${name}`)}
                      </Menu.Item>
                    ))}
                  </Menu.Dropdown>
                </Menu>
                <BarButton variant="subtle" color="red" icon={<IconTrash size={14} />} label={t("task_lists.bulk.delete")} onClick={() => setConfirmingDelete(true)} />
                <Tooltip label={<ClearHint />} withArrow>
                  <ActionIcon variant="subtle" color="gray" onClick={onClear} aria-label={t("task_lists.bulk.clear")}>
                    <IconX size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Paper>
          </Affix>
        )}
      </Transition>
      <ConfirmDialog
        opened={confirmingDelete}
        title={t("task_lists.bulk.delete_title", { count })}
        message={t("task_lists.bulk.delete_body", { count })}
        confirmLabel={t("task_lists.bulk.delete")}
        loading={bulk.isPending && bulk.variables?.action === "delete"}
        onConfirm={() => run({ action: "delete", task_ids: ids })}
        onClose={() => setConfirmingDelete(false)}
      />
    </>
  );
}

function ClearHint() {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      {t("task_lists.bulk.clear")}
      <ShortcutKeys id="close" size="xs" />
    </Group>
  );
}

/** A due date for every selected task: a calendar, or "No due date" to clear it. */
function DueDateButton({ onPick }: { onPick: (day: string | null) => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const pick = (day: string | null) => {
    setOpened(false);
    onPick(day);
  };
  return (
    <Popover opened={opened} onChange={setOpened} position="top" withinPortal trapFocus>
      <Popover.Target>
        <BarButton icon={<IconCalendar size={14} />} label={t("task_lists.bulk.due_date")} onClick={() => setOpened((value) => !value)} />
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <LazyDatePicker onChange={(value) => value && pick(String(value).slice(0, 10))} aria-label={t("task_lists.bulk.due_date")} />
          <Button size="compact-sm" variant="subtle" onClick={() => pick(null)}>
            {t("task_lists.bulk.no_due_date")}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * One action of the bar: its icon and word, or on a phone its icon alone, named by the word (and shown as
 * a tooltip), so the bar stays one line. Menus and popovers hand it their props and ref.
 */
function BarButton({
  icon,
  label,
  variant = "default",
  color,
  loading,
  ref,
  ...others
}: {
  icon: ReactNode;
  label: string;
  variant?: "default" | "light" | "subtle";
  color?: string;
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
} & Omit<ComponentPropsWithoutRef<"button">, "color">) {
  const isPhone = useMediaQuery("(max-width: 36em)") ?? false;
  if (isPhone) {
    return (
      <Tooltip label={label} withArrow>
        <ActionIcon ref={ref} size="lg" variant={variant} color={color} loading={loading} aria-label={label} {...others}>
          {icon}
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Button ref={ref} size="compact-sm" variant={variant} color={color} loading={loading} leftSection={icon} {...others}>
      {label}
    </Button>
  );
}

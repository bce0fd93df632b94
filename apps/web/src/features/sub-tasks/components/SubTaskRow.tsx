import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Box, Checkbox, Group, Loader, Stack, Text, TextInput, Tooltip, UnstyledButton } from "@mantine/core";
import type { Member, SubTask, UpdateSubTaskBody } from "@plotline/contracts";
import { IconGripVertical, IconTrash } from "@tabler/icons-react";
import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { isTypingTarget } from "../../shortcuts/lib/key-events.js";
import { useDraft } from "../../tasks/hooks/use-draft.js";
import { useUpdateSubTask } from "../hooks/use-sub-tasks.js";
import { subTaskActions, type SubTaskListState } from "../lib/abilities.js";
import { showSubTaskError } from "./show-error.js";
import { SubTaskAssignees } from "./SubTaskAssignees.js";
import { SubTaskDueDate } from "./SubTaskDueDate.js";

/** The fields a row shows a server message under. */
const ROW_FIELDS = ["title", "status", "assignees", "due_date"] as const;

interface RowProps {
  projectId: number;
  parentId: number;
  subTask: SubTask;
  members: readonly Member[];
  listState: SubTaskListState;
  /** The sub-tasks may be reordered (drag, Alt+arrows). */
  canSort: boolean;
  /** Moves this sub-task one place up or down (Alt+↑, Alt+↓). */
  onMove: (id: number, step: -1 | 1) => void;
  onDelete: (subTask: SubTask) => void;
}

/** The rename field, mounted for each rename so it starts from the title as it is then. */
function RenameField({ subTask, error, saving, onCancel, onSave }: { subTask: SubTask; error?: string; saving: boolean; onCancel: () => void; onSave: (title: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(subTask.title);
  // Escape unmounts the field; a blur that follows must not save what was cancelled.
  const cancelled = useRef(false);
  const commit = () => {
    if (cancelled.current || saving) return;
    const title = text.trim();
    if (!title) return;
    if (title === subTask.title) return onCancel();
    onSave(title);
  };
  return (
    <TextInput
      autoFocus
      size="xs"
      value={text}
      maxLength={255}
      readOnly={saving}
      aria-label={t("sub_tasks.title_label")}
      description={t("sub_tasks.rename_hint")}
      error={error ?? (text.trim() === "" ? t("tasks.title_required") : undefined)}
      rightSection={saving ? <Loader size={12} /> : null}
      onChange={(event) => setText(event.currentTarget.value)}
      onBlur={commit}
      // Mantine's modal skips Escape presses aimed at elements marked like this: Escape cancels the rename only.
      data-mantine-stop-propagation="true"
      onKeyDown={(event) => {
        if (event.key === "Enter" && !event.nativeEvent.isComposing) {
          event.preventDefault();
          commit();
        }
        if (event.key === "Escape") {
          event.preventDefault();
          cancelled.current = true;
          onCancel();
        }
      }}
      style={{ flex: "1 1 180px", minWidth: 0 }}
    />
  );
}

/** The title: a button that starts the rename (click, Enter, F2 on the row), or plain text without the right to rename. */
function SubTaskTitle({ subTask, canRename, onStart }: { subTask: SubTask; canRename: boolean; onStart: () => void }) {
  const { t } = useTranslation();
  const done = subTask.status === 1;
  const title = (
    <Text size="sm" c={done ? "dimmed" : undefined} td={done ? "line-through" : undefined} style={{ overflowWrap: "anywhere" }}>
      {subTask.title}
    </Text>
  );
  if (!canRename) return <Box style={{ flex: "1 1 180px", minWidth: 0 }}>{title}</Box>;
  return (
    <UnstyledButton
      onClick={onStart}
      aria-label={t("sub_tasks.rename", { title: subTask.title })}
      aria-keyshortcuts="F2"
      data-sub-task-title
      className="sub-task-title"
      style={{ flex: "1 1 180px", minWidth: 0, textAlign: "start" }}
    >
      {title}
    </UnstyledButton>
  );
}

/**
 * One sub-task: drag handle, complete toggle, title (renamed in place), assignees, due date and delete,
 * each as its abilities allow. F2 anywhere on the row renames, Alt+↑ and Alt+↓ move it. Messages the
 * server sends about a field show under the row.
 */
export function SubTaskRow({ projectId, parentId, subTask, members, listState, canSort, onMove, onDelete }: RowProps) {
  const { t } = useTranslation();
  const update = useUpdateSubTask(projectId, parentId);
  const actions = subTaskActions(subTask, listState);
  const [editing, setEditing] = useState(false);
  const [savingTitle, setSavingTitle] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone, resetDone] = useDraft(subTask.status === 1);
  const rowRef = useRef<HTMLDivElement | null>(null);
  // After a rename by keyboard, the title takes the focus back, so the person carries on from the same row.
  const refocusTitle = useRef(false);

  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: subTask.id, disabled: !canSort });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.5 : 1, position: "relative", zIndex: isDragging ? 1 : undefined };

  useEffect(() => {
    if (editing || !refocusTitle.current) return;
    refocusTitle.current = false;
    rowRef.current?.querySelector<HTMLElement>("[data-sub-task-title]")?.focus();
  }, [editing]);

  type Handlers = { onSaved?: () => void; onFailed?: () => void; onSettled?: () => void };
  // mutateAsync, not mutate: two fields saved at once (a date, then the checkbox) each hear their own answer.
  const save = (field: (typeof ROW_FIELDS)[number], body: UpdateSubTaskBody, handlers: Handlers = {}) => {
    setErrors(({ [field]: _cleared, ...rest }) => rest);
    update
      .mutateAsync({ id: subTask.id, body })
      .then(
        () => handlers.onSaved?.(),
        (error: unknown) => {
          const byField = showSubTaskError(error, ROW_FIELDS);
          setErrors((current) => ({ ...current, ...byField }));
          handlers.onFailed?.();
        },
      )
      .finally(() => handlers.onSettled?.());
  };

  const startRename = () => {
    if (!actions.canRename) return;
    setErrors(({ title: _cleared, ...rest }) => rest);
    setEditing(true);
  };
  const stopRename = () => {
    refocusTitle.current = rowRef.current?.contains(document.activeElement) ?? false;
    setEditing(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys pressed in a popover of the row (the date picker, the assignees) reach here through React's tree.
    if (event.defaultPrevented || editing || !event.currentTarget.contains(event.target as Node)) return;
    if (event.key === "F2" && !isTypingTarget(event.target as Element)) {
      event.preventDefault();
      startRename();
      return;
    }
    if (event.altKey && (event.key === "ArrowUp" || event.key === "ArrowDown") && canSort && !isTypingTarget(event.target as Element)) {
      event.preventDefault();
      onMove(subTask.id, event.key === "ArrowUp" ? -1 : 1);
    }
  };

  const fieldErrors = (["status", "assignees", "due_date"] as const).flatMap((field) => errors[field] ?? []);
  return (
    <Box
      ref={(element: HTMLDivElement | null) => {
        rowRef.current = element;
        setNodeRef(element);
      }}
      style={style}
      role="listitem"
      className="sub-task-row"
      data-testid={`sub-task-${subTask.id}`}
      data-sub-task-id={subTask.id}
      onKeyDown={onKeyDown}
    >
      <Stack gap={2}>
        <Group wrap="nowrap" align="flex-start" gap="xs">
          {canSort ? (
            <ActionIcon
              ref={setActivatorNodeRef}
              variant="subtle"
              color="gray"
              size="sm"
              mt={2}
              style={{ cursor: "grab", touchAction: "none" }}
              {...attributes}
              {...listeners}
              aria-label={t("sub_tasks.drag", { title: subTask.title })}
              aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
            >
              <IconGripVertical size={14} />
            </ActionIcon>
          ) : null}
          <Checkbox
            mt={4}
            checked={done}
            disabled={!actions.canComplete}
            onChange={(event) => {
              const next = event.currentTarget.checked;
              setDone(next);
              save("status", { status: next ? 1 : 0 }, { onFailed: resetDone });
            }}
            aria-label={done ? t("sub_tasks.reopen", { title: subTask.title }) : t("sub_tasks.complete", { title: subTask.title })}
          />
          <Group gap="xs" wrap="wrap" align="center" style={{ flex: 1, minWidth: 0 }}>
            {editing ? (
              <RenameField
                subTask={subTask}
                error={errors.title}
                saving={savingTitle}
                onCancel={stopRename}
                onSave={(title) => {
                  setSavingTitle(true);
                  save("title", { title }, { onSaved: stopRename, onSettled: () => setSavingTitle(false) });
                }}
              />
            ) : (
              <SubTaskTitle subTask={subTask} canRename={actions.canRename} onStart={startRename} />
            )}
            <Group gap="xs" wrap="nowrap" ml="auto" align="center">
              <SubTaskAssignees
                subTask={subTask}
                members={members}
                canAssign={actions.canAssign}
                error={errors.assignees}
                onSave={(assignees, onFailed) => save("assignees", { assignees }, { onFailed })}
              />
              <SubTaskDueDate
                subTask={subTask}
                canEdit={actions.canSetDueDate}
                onSave={(dueDate, onFailed) => save("due_date", { due_date: dueDate }, { onFailed })}
              />
              {actions.canDelete && (
                <Tooltip label={t("sub_tasks.delete", { title: subTask.title })}>
                  <ActionIcon variant="subtle" color="red" size="sm" onClick={() => onDelete(subTask)} aria-label={t("sub_tasks.delete", { title: subTask.title })}>
                    <IconTrash size={14} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </Group>
        </Group>
        {fieldErrors.length > 0 && (
          <Stack gap={0} pl={canSort ? 56 : 28} role="alert">
            {fieldErrors.map((message) => (
              <Text key={message} size="xs" c="var(--plotline-color-danger)">
                {message}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

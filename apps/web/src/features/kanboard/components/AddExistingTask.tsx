import { Button, Group, Loader, Popover, ScrollArea, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import { listEnvelope, taskSchema, type KanboardColumn, type Task } from "@plotline/contracts";
import { IconCircleCheckFilled, IconListSearch, IconSearch } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api/client.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** The spec's pause between the last key typed and the search (Kanban search debounce). */
export const KANBOARD_SEARCH_DEBOUNCE_MS = 2000;

/** Tasks one search shows. */
const SEARCH_PAGE_SIZE = 20;

const tasksAnswer = listEnvelope(taskSchema);

/**
 * `text` once typing has paused for `delay` ms; `flush` takes what is typed at once (Enter). Cleared text
 * is taken at once, so the results empty when the field does.
 */
function useSettledText(text: string, delay: number): [string, () => void] {
  const [settled, setSettled] = useState(text.trim());
  useEffect(() => {
    const value = text.trim();
    if (value === "") {
      setSettled("");
      return;
    }
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [text, delay]);
  return [settled, () => setSettled(text.trim())];
}

/** The project's tasks whose title holds `title` (`GET pm/v2/projects/{p}/tasks?title=`). */
function useTaskSearch(projectId: number, title: string) {
  return useQuery({
    queryKey: queryKeys.kanboard.search(projectId, title),
    queryFn: ({ signal }) => api.get(`pm/v2/projects/${projectId}/tasks`, { schema: tasksAnswer, query: { title, per_page: SEARCH_PAGE_SIZE }, signal }),
    enabled: title !== "",
    placeholderData: keepPreviousData,
  });
}

/**
 * "Add existing task" of a column: a search of the project's tasks by title, two seconds after typing
 * stops (or at Enter). A task already on the board says in which column it is and cannot be added again;
 * sub-tasks are not offered, since their parent goes on the board.
 */
export function AddExistingTask({
  projectId,
  column,
  getColumns,
  onAdd,
}: {
  projectId: number;
  column: KanboardColumn;
  /** The board's columns as they are now, to say in which one a task already is. */
  getColumns: () => readonly KanboardColumn[];
  onAdd: (task: Task, column: KanboardColumn) => void;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [text, setText] = useState("");
  const [settled, flush] = useSettledText(text, KANBOARD_SEARCH_DEBOUNCE_MS);
  const search = useTaskSearch(projectId, opened ? settled : "");
  const titleOf = (id: number) => getColumns().find((entry) => entry.id === id)?.title;
  const tasks = (settled ? (search.data?.data ?? []) : []).filter((task) => task.parent_id === 0);
  const waiting = text.trim() !== "" && (text.trim() !== settled || search.isFetching);

  let results;
  if (text.trim() === "") {
    results = (
      <Text size="xs" c="dimmed">
        {t("kanboard.search_hint")}
      </Text>
    );
  } else if (tasks.length === 0) {
    results = (
      <Group gap="xs">
        {waiting && <Loader size="xs" />}
        <Text size="sm" c="dimmed">
          {waiting ? t("kanboard.search_waiting") : t("kanboard.search_empty")}
        </Text>
      </Group>
    );
  } else {
    results = (
      <ScrollArea.Autosize mah={260} type="auto">
        <Stack gap={2} role="list" aria-busy={waiting}>
          {tasks.map((task) => {
            const where = task.kan_board_id === null ? undefined : (titleOf(task.kan_board_id) ?? t("kanboard.search_on_board"));
            return (
              <div role="listitem" key={task.id}>
                <UnstyledButton
                  className="kb-search-result"
                  disabled={where !== undefined}
                  onClick={() => onAdd(task, column)}
                  aria-label={where === undefined ? t("kanboard.search_add", { title: task.title, column: column.title }) : `${task.title}: ${t("kanboard.search_in_column", { title: where })}`}
                >
                  <Group gap={6} wrap="nowrap">
                    {task.status === 1 && <IconCircleCheckFilled size={14} color="var(--plotline-color-success)" aria-hidden />}
                    <Text size="sm" lineClamp={2} style={{ flex: 1 }}>
                      {task.title}
                    </Text>
                  </Group>
                  {where !== undefined && (
                    <Text size="xs" c="dimmed">
                      {t("kanboard.search_in_column", { title: where })}
                    </Text>
                  )}
                </UnstyledButton>
              </div>
            );
          })}
        </Stack>
      </ScrollArea.Autosize>
    );
  }

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" width={300} trapFocus withinPortal shadow="md">
      <Popover.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-xs"
          leftSection={<IconListSearch size={14} />}
          onClick={() => setOpened((value) => !value)}
          aria-label={t("kanboard.add_existing_label", { title: column.title })}
          aria-expanded={opened}
        >
          {t("kanboard.add_existing")}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <TextInput
            size="xs"
            label={t("kanboard.search_label")}
            placeholder={t("kanboard.search_placeholder")}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter" && !event.nativeEvent.isComposing) {
                event.preventDefault();
                flush();
              }
            }}
            leftSection={<IconSearch size={14} aria-hidden />}
            rightSection={waiting ? <Loader size={12} /> : null}
            data-autofocus
          />
          {results}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

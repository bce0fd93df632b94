import { Box, Loader, Modal, ScrollArea, Stack, Text, TextInput, VisuallyHidden } from "@mantine/core";
import { useId } from "@mantine/hooks";
import { routePath } from "@plotline/contracts";
import { IconSearch } from "@tabler/icons-react";
import { useEffect, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { searchResultPath } from "../../search/lib/result-path.js";
import { useListViewTypes } from "../../kanboard/hooks/use-kanboard-view.js";
import { useTaskById } from "../hooks/use-palette-search.js";
import { usePaletteCommands, type PaletteContext } from "../hooks/use-palette-commands.js";
import { usePaletteSearch } from "../hooks/use-palette-search.js";
import { useRecentItems } from "../hooks/use-recent-items.js";
import { isEntryShown, isRecentShown, orderEntries, sectionsOf, type PaletteEntry, type PaletteTarget } from "../lib/palette-entries.js";
import { takeBufferedKeys } from "../lib/key-buffer.js";
import { parsePaletteQuery, type PaletteQuery } from "../lib/palette-query.js";
import { recentItemKey, recentItemPath } from "../lib/recent-items.js";
import { PaletteOptionContent } from "./PaletteOption.js";
import "./CommandPalette.css";

interface PaletteProps {
  opened: boolean;
  onClose: () => void;
  /** Runs what the user chose; the palette closes itself. */
  onChoose: (target: PaletteTarget) => void;
  /** Runs once the palette has closed and given the focus back: actions that move the focus wait for it. */
  onClosed: () => void;
  context: PaletteContext;
}

/** The task asked for by `#123`, in any project the user may see it in. */
function useTaskEntry(query: PaletteQuery) {
  const { t } = useTranslation();
  const task = useTaskById(query.kind === "task-id" ? query.taskId : null);
  const data = task.data ?? undefined;
  const entries: PaletteEntry[] =
    data && query.kind === "task-id" && data.id === query.taskId
      ? [
          {
            key: `task:${data.id}`,
            group: "task",
            label: data.title,
            description: t("palette.task_number", { id: data.id }),
            icon: "task",
            target: { kind: "path", path: routePath("single_task", { project_id: data.project_id, task_id: data.id }) },
          },
        ]
      : [];
  return { entries, isLoading: task.isFetching };
}

/** The palette's content, mounted while it is open, so each opening starts blank with fresh recent items. */
function PaletteBody({ onChoose, context }: Pick<PaletteProps, "onChoose" | "context">) {
  const { t } = useTranslation();
  const baseId = useId();
  const listId = `${baseId}-list`;
  const [value, setValue] = useState("");
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const recent = useRecentItems();
  const [recentItems] = useState(recent.read);
  const query = parsePaletteQuery(value);
  const search = usePaletteSearch(query.kind === "text" ? query.text : "");
  const taskEntry = useTaskEntry(query);
  const commands = usePaletteCommands(context);
  const viewTypeOf = useListViewTypes();

  const typed = query.kind === "text" ? query.text : "";
  const results: PaletteEntry[] =
    typed === "" || !search.data
      ? []
      : search.data.data.map((result) => ({
          key: `result:${result.type}:${result.id}`,
          group: "results",
          label: result.title,
          icon: result.type === "project" ? "project" : result.type === "task_list" ? "task_list" : "task",
          target: { kind: "result", path: searchResultPath(result, viewTypeOf(result.project_id)), result },
        }));
  const entries = orderEntries({
    recent: recentItems.filter((item) => isRecentShown(item, query)).map((item) => ({
      key: `recent:${recentItemKey(item)}`,
      group: "recent",
      label: item.title,
      description: t(`search.types.${item.type}`),
      icon: item.type,
      target: { kind: "path", path: recentItemPath(item, viewTypeOf(item.projectId)), recent: item },
    })),
    task: taskEntry.entries,
    results,
    actions: commands.actions.filter((entry) => isEntryShown(entry, query)),
    pages: commands.pages.filter((entry) => isEntryShown(entry, query)),
  }, query);
  // Waiting: for the pause after typing, for the search's answer, or for the task asked by its number.
  const isWaiting = (typed !== "" && (search.settledText !== typed || search.isFetching)) || taskEntry.isLoading;
  const activeIndex = Math.max(0, entries.findIndex((entry) => entry.key === activeKey));
  const active = entries[activeIndex];
  const optionId = (index: number) => `${baseId}-option-${index}`;

  // Keeps the highlighted line in view as the arrows move it.
  useEffect(() => {
    if (entries.length > 0) document.getElementById(`${baseId}-option-${activeIndex}`)?.scrollIntoView({ block: "nearest" });
  }, [baseId, activeIndex, entries.length]);

  const move = (step: number) => {
    if (entries.length === 0) return;
    const next = entries[(activeIndex + step + entries.length) % entries.length];
    if (next) setActiveKey(next.key);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      move(event.key === "ArrowDown" ? 1 : -1);
    } else if (event.key === "Enter" && active) {
      event.preventDefault();
      onChoose(active.target);
    }
  };

  let emptyText: string | null = null;
  if (entries.length === 0 && !isWaiting) {
    if (query.kind === "task-id") emptyText = t("palette.task_not_found", { id: query.taskId });
    else emptyText = t("palette.empty", { text: value.trim() });
  }

  return (
    <Stack gap={0}>
      <Box p="sm">
        <TextInput
          data-autofocus
          data-palette-input
          // Keys typed while the palette was opening were kept (lib/key-buffer.ts); they start the text.
          onFocus={() => {
            const early = takeBufferedKeys();
            if (early) setValue((current) => current + early);
          }}
          size="md"
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setActiveKey(null);
          }}
          onKeyDown={onKeyDown}
          placeholder={t("palette.placeholder")}
          leftSection={<IconSearch size={18} aria-hidden />}
          rightSection={isWaiting ? <Loader size={16} role="img" aria-label={t("search.searching")} /> : null}
          aria-label={t("palette.input_label")}
          role="combobox"
          aria-expanded
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active ? optionId(activeIndex) : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
        />
      </Box>
      {/* The arrows move through the lines from the box; Tab reaches the list itself, to scroll it with the
          keyboard. A press on the list keeps the focus in the box, so the arrows still work after a click. */}
      <ScrollArea.Autosize
        mah="min(60vh, 480px)"
        type="auto"
        scrollbars="y"
        viewportProps={{ tabIndex: 0, role: "region", "aria-label": t("palette.results_label"), onMouseDown: (event) => event.preventDefault() }}
      >
        <div role="listbox" id={listId} aria-label={t("palette.results_label")} className="palette-list">
          {sectionsOf(entries).map(({ group, items }) => {
            const headingId = `${baseId}-${group}`;
            return (
              <div key={group} role="group" aria-labelledby={headingId}>
                <Text id={headingId} size="xs" fw={700} c="dimmed" tt="uppercase" px="md" pt="xs" pb={4} role="presentation">
                  {t(`palette.groups.${group}`)}
                </Text>
                {items.map(({ entry, index }) => (
                  <div
                    key={entry.key}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === activeIndex}
                    className="palette-option"
                    data-testid="palette-option"
                    onMouseMove={() => entry.key !== active?.key && setActiveKey(entry.key)}
                    onClick={() => onChoose(entry.target)}
                  >
                    <PaletteOptionContent entry={entry} />
                  </div>
                ))}
              </div>
            );
          })}
        </div>
        {emptyText && (
          <Text size="sm" c="dimmed" ta="center" px="md" py="lg">
            {emptyText}
          </Text>
        )}
      </ScrollArea.Autosize>
      <Text size="xs" c="dimmed" px="md" py="xs" className="palette-footer">
        {t("palette.footer")}
      </Text>
      {/* Said after each settled change, so a screen-reader user knows how many lines the arrows reach. */}
      <VisuallyHidden role="status" aria-live="polite" aria-atomic>
        {isWaiting ? t("search.searching") : emptyText ?? t("palette.count", { count: entries.length })}
      </VisuallyHidden>
    </Stack>
  );
}

/**
 * The command palette (Ctrl+K or ⌘K, or the header's button): jump to a project, list or task by title
 * or `#id`, to a page the user may see, or run an action. Recent items come first. The arrows move the
 * highlight (the box keeps the focus and names the highlighted line), Enter chooses, Escape closes.
 */
export function CommandPalette({ opened, onClose, onChoose, onClosed, context }: PaletteProps) {
  const { t } = useTranslation();
  return (
    <Modal.Root opened={opened} onClose={onClose} size={620} yOffset="10vh" onExitTransitionEnd={onClosed}>
      <Modal.Overlay />
      <Modal.Content aria-label={t("palette.title")} data-testid="command-palette">
        <Modal.Body p={0}>
          <PaletteBody onChoose={onChoose} context={context} />
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

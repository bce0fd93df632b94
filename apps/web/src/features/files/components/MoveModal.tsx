import { Button, Group, Loader, Modal, Select, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { FileFolder } from "@plotline/contracts";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFolderSearch, useMoveFileItem } from "../hooks/use-files.js";
import { truncate } from "../lib/file-display.js";
import { folderSubtree, type FileView } from "../lib/file-view.js";

/** The documents wait 2000 ms after typing before searching folders. */
const FOLDER_SEARCH_DEBOUNCE_MS = 2000;

/** Value of the project's top level in the select (the server's folder 0). */
const ROOT = "0";

/**
 * The move popup: a searchable select of folders and 'Move File'. Before anything is typed it offers the
 * files home and every folder; typing searches the server's folders 2000 ms after the last key. The item
 * itself, the folders below it (for a folder) and the folder it is already in are never offered; the
 * server refuses a folder moved below itself all the same.
 */
export function MoveModal({
  projectId,
  item,
  folders,
  onClose,
}: {
  projectId: number;
  item: Pick<FileView, "id" | "title" | "kind" | "parent">;
  /** Every folder the reader may see. */
  folders: readonly FileFolder[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, FOLDER_SEARCH_DEBOUNCE_MS);
  const [selected, setSelected] = useState<{ value: string; label: string } | null>(null);
  const found = useFolderSearch(projectId, debounced);
  const move = useMoveFileItem(projectId);
  const excluded = useMemo(() => {
    const ids = item.kind === "folder" ? folderSubtree(folders, item.id) : new Set([item.id]);
    ids.add(item.parent);
    return ids;
  }, [folders, item]);

  // Once something is typed, only the server's answer for it is offered (none until it comes).
  const typing = search.trim() !== "";
  const candidates = !typing ? folders : debounced.trim() !== "" ? (found.data?.data ?? []) : [];
  const options = [
    ...(typing || excluded.has(0) ? [] : [{ value: ROOT, label: t("files.home") }]),
    ...candidates.filter((folder) => !excluded.has(folder.id)).map((folder) => ({ value: String(folder.id), label: folder.title })),
  ];
  // The chosen folder stays choosable after the search text changes.
  if (selected && !options.some((option) => option.value === selected.value)) options.push(selected);
  const searching = search.trim() !== "" && (search !== debounced || found.isFetching);

  const submit = () => {
    if (!selected || move.isPending) return;
    move.mutate({ source: item.id, destination: Number(selected.value) }, { onSuccess: onClose });
  };

  return (
    <Modal opened onClose={onClose} title={t("files.move.title", { name: truncate(item.title) })} centered size="md">
      <Stack gap="sm">
        <Select
          label={t("files.move.destination")}
          placeholder={t("files.move.placeholder")}
          searchable
          data={options}
          value={selected?.value ?? null}
          onChange={(value, option) => setSelected(value && option ? { value, label: option.label } : null)}
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          rightSection={searching ? <Loader size="xs" /> : undefined}
          nothingFoundMessage={searching ? t("files.move.searching") : t("files.move.nothing_found")}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
        <Text size="xs" c="dimmed">
          {t("files.move.hint")}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button onClick={submit} disabled={!selected} loading={move.isPending}>
            {t("files.move.submit")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

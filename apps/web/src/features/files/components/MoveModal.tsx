import { Button, Group, Loader, Modal, Select, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFolderSearch, useMoveFileItem } from "../hooks/use-files.js";
import { truncate } from "../lib/file-display.js";

/** The documents wait 2000 ms after typing before searching folders. */
const FOLDER_SEARCH_DEBOUNCE_MS = 2000;

/** Value of the project's top level in the select (the server's folder 0). */
const ROOT = "0";

/**
 * The move popup: a searchable select of folders (the item itself excluded, and the top level always
 * offered) and 'Move File'. The server refuses moving a folder below itself.
 */
export function MoveModal({ projectId, item, onClose }: { projectId: number; item: { id: number; title: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, FOLDER_SEARCH_DEBOUNCE_MS);
  const [selected, setSelected] = useState<{ value: string; label: string } | null>(null);
  const folders = useFolderSearch(projectId, debounced);
  const move = useMoveFileItem(projectId);

  const found = (folders.data?.data ?? []).filter((folder) => folder.id !== item.id).map((folder) => ({ value: String(folder.id), label: folder.title }));
  const options = [{ value: ROOT, label: t("files.home") }, ...found];
  // The chosen folder stays choosable after the search text changes.
  if (selected && !options.some((option) => option.value === selected.value)) options.push(selected);
  const searching = search.trim() !== "" && (search !== debounced || folders.isFetching);

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
          nothingFoundMessage={searching ? undefined : t("files.move.nothing_found")}
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

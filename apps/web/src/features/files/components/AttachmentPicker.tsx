import { Button, FileButton, Group, Stack, Text } from "@mantine/core";
import type { Attachment } from "@plotline/contracts";
import { IconFile, IconPaperclip, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatSize } from "../lib/file-size.js";
import { AttachmentList } from "./AttachmentList.js";

/** A file chosen in a form, with a key that stays stable when others are removed. */
export interface ChosenFile {
  key: string;
  file: File;
}

/** What a form will send about its attachments: new files (`files[]`) and attached ones to remove (`files_to_delete[]`). */
export interface AttachmentDraft {
  added: readonly ChosenFile[];
  removed: readonly number[];
}

export const EMPTY_DRAFT: AttachmentDraft = { added: [], removed: [] };

let nextKey = 0;

/** Gives chosen files their stable keys. */
export function toChosen(files: readonly File[]): ChosenFile[] {
  return files.map((file) => ({ key: `f${nextKey++}`, file }));
}

/** Whether the draft changes anything: a file is only sent when there is one. */
export function draftChanges(draft: AttachmentDraft): boolean {
  return draft.added.length > 0 || draft.removed.length > 0;
}

/** Files chosen in a form and not sent yet: name, size and a 'Delete File' button each; nothing when empty. */
export function ChosenFileList({ files, label, onRemove }: { files: readonly ChosenFile[]; label: string; onRemove: (key: string) => void }) {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={label}>
      {files.map((entry) => (
        <Group key={entry.key} component="li" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <IconFile size={16} style={{ flexShrink: 0 }} aria-hidden />
            <Text size="sm" truncate title={entry.file.name}>
              {entry.file.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {formatSize(entry.file.size)}
            </Text>
          </Group>
          <Button size="compact-sm" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => onRemove(entry.key)} style={{ flexShrink: 0 }}>
            {t("files.upload_form.delete_file")}
          </Button>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * The attachments of a form: the files already attached (each removable after a confirmation; they are not
 * sent again) and new ones chosen with 'Attach files' (each with 'Delete File'). Only new files are
 * uploaded, and removed ones go as `files_to_delete`, as the documents' forms do.
 */
export function AttachmentPicker({
  existing = [],
  value,
  onChange,
  disabled = false,
  actions,
}: {
  existing?: readonly Attachment[];
  value: AttachmentDraft;
  onChange: (draft: AttachmentDraft) => void;
  disabled?: boolean;
  /** The form's own buttons, shown on the row of 'Attach files' at its right end. */
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const kept = existing.filter((file) => !value.removed.includes(file.id));
  const add = (files: File[]) => onChange({ ...value, added: [...value.added, ...toChosen(files)] });

  return (
    <Stack gap="xs">
      <AttachmentList
        files={kept}
        label={t("attachments.attached")}
        onRemove={async (file) => onChange({ ...value, removed: [...value.removed, file.id] })}
      />
      <ChosenFileList files={value.added} label={t("attachments.chosen")} onRemove={(key) => onChange({ ...value, added: value.added.filter((other) => other.key !== key) })} />
      <Group justify="space-between" gap="xs">
        <FileButton onChange={add} multiple disabled={disabled}>
          {(props) => (
            <Button variant="light" size="xs" leftSection={<IconPaperclip size={14} />} {...props}>
              {t("attachments.attach")}
            </Button>
          )}
        </FileButton>
        {actions}
      </Group>
    </Stack>
  );
}

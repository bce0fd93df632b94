import { Button, Checkbox, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconFolder } from "@tabler/icons-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useCreateFileItem } from "../hooks/use-files.js";
import { GuardedModal, useDiscardGuard } from "../../../components/DiscardGuard.js";

/** The documents fix the create-folder modal at 400 px. */
const FOLDER_MODAL_WIDTH = 400;

/**
 * Creates a folder in `parent`: a required name with a preview beside a folder icon, and the private box
 * for people who may see private files. Create stays disabled while the name is empty.
 */
export function FolderFormModal({
  projectId,
  parent,
  canSetPrivate,
  onClose,
}: {
  projectId: number;
  parent: number;
  canSetPrivate: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateFileItem(projectId);
  const [name, setName] = useState("");
  const [isPrivate, setPrivate] = useState(false);
  const empty = name.trim() === "";

  const guard = useDiscardGuard(!empty, onClose);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A second Enter while the first request runs must not create a twin.
    if (empty || create.isPending) return;
    create.mutate({ type: "folder", parent, title: name.trim(), private: canSetPrivate && isPrivate }, { onSuccess: onClose });
  };

  return (
    <GuardedModal guard={guard} opened title={t("files.folder_form.title")} size={FOLDER_MODAL_WIDTH} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t("files.folder_form.name")}
            placeholder={t("files.folder_form.name_placeholder")}
            required
            data-autofocus
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Group gap="xs" wrap="nowrap" aria-hidden data-testid="folder-preview">
            <IconFolder size={40} color="var(--mantine-color-yellow-6)" style={{ flexShrink: 0 }} />
            <Text fw={600} style={{ overflowWrap: "anywhere" }} c={empty ? "dimmed" : undefined}>
              {empty ? t("files.folder_form.preview_placeholder") : name}
            </Text>
          </Group>
          {canSetPrivate && <Checkbox label={t("files.private_label")} checked={isPrivate} onChange={(event) => setPrivate(event.currentTarget.checked)} />}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={guard.requestClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={empty} loading={create.isPending}>
              {t("files.folder_form.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </GuardedModal>
  );
}

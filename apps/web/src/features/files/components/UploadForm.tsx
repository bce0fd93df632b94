import { Button, Checkbox, FileButton, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconPaperclip, IconUpload } from "@tabler/icons-react";
import { useState, type FormEvent } from "react";
import { useDropzone } from "react-dropzone";
import { useTranslation } from "react-i18next";
import { useCreateFileItem } from "../hooks/use-files.js";
import { ChosenFileList, toChosen, type ChosenFile } from "./AttachmentPicker.js";
import { FormActions, FormFrame } from "./FormFrame.js";

/**
 * The upload form: a drop zone and an 'Attach a File' picker, each chosen file with its 'Delete File'
 * button, the private box for people who may see private files, and Upload (disabled with no file).
 * The server sniffs and refuses unsafe files; its message is toasted and the form stays open.
 */
export function UploadForm({ projectId, parent, canSetPrivate, onClose }: { projectId: number; parent: number; canSetPrivate: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateFileItem(projectId);
  const [chosen, setChosen] = useState<ChosenFile[]>([]);
  const [isPrivate, setPrivate] = useState(false);

  const add = (files: readonly File[]) => setChosen((current) => [...current, ...toChosen(files)]);
  // react-dropzone 14 directly rather than @mantine/dropzone, whose current major wants Node 22 to install.
  const dropzone = useDropzone({ onDrop: add, multiple: true });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0 || create.isPending) return;
    create.mutate(
      { type: "pro_file", parent, private: canSetPrivate && isPrivate, files: chosen.map((entry) => entry.file) },
      { onSuccess: onClose },
    );
  };

  return (
    <FormFrame bare={false} onSubmit={submit} onClose={onClose} isDirty={chosen.length > 0} labelledBy="upload-form-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="upload-form-title">
          {t("files.upload_form.title")}
        </Title>
        <Paper
          {...dropzone.getRootProps({ "aria-label": t("files.upload_form.drop") })}
          withBorder
          radius="md"
          p="md"
          bg={dropzone.isDragActive ? "var(--mantine-primary-color-light)" : undefined}
          style={{ borderStyle: "dashed", borderWidth: 2, cursor: "pointer" }}
        >
          <input {...dropzone.getInputProps()} />
          <Group justify="center" gap="sm" mih={90} style={{ pointerEvents: "none" }}>
            <IconUpload size={32} color="var(--mantine-color-dimmed)" />
            <Text c="dimmed">{t("files.upload_form.drop")}</Text>
          </Group>
        </Paper>
        <Group>
          <FileButton onChange={add} multiple>
            {(props) => (
              <Button variant="light" leftSection={<IconPaperclip size={16} />} {...props}>
                {t("files.upload_form.attach")}
              </Button>
            )}
          </FileButton>
        </Group>
        <ChosenFileList files={chosen} label={t("files.upload_form.chosen")} onRemove={(key) => setChosen((current) => current.filter((other) => other.key !== key))} />
        {canSetPrivate && <Checkbox label={t("files.private_label")} checked={isPrivate} onChange={(event) => setPrivate(event.currentTarget.checked)} />}
        <FormActions onCancel={onClose} submitLabel={t("files.upload_form.submit")} disabled={chosen.length === 0} pending={create.isPending} />
      </Stack>
    </FormFrame>
  );
}

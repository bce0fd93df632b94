import { ActionIcon, Anchor, Group, Image, Paper, SimpleGrid, Stack, Text, ThemeIcon, Tooltip } from "@mantine/core";
import type { Attachment } from "@plotline/contracts";
import { IconDownload, IconFile, IconMovie, IconPaperclip, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog.js";
import { isImageMime, isVideoMime, PRO_FILE_NAME_LIMIT, truncate } from "../lib/file-display.js";
import { formatSize } from "../lib/file-size.js";

/** The picture of an attachment: its thumbnail, or an icon by kind. */
function AttachmentThumb({ file }: { file: Pick<Attachment, "thumb" | "mime_type"> }) {
  if (file.thumb && isImageMime(file.mime_type)) return <Image src={file.thumb} alt="" w={40} h={40} radius="sm" fit="cover" style={{ flexShrink: 0 }} />;
  return (
    <ThemeIcon size={40} variant="light" color={isVideoMime(file.mime_type) ? "grape" : "gray"} radius="sm" aria-hidden style={{ flexShrink: 0 }}>
      {isVideoMime(file.mime_type) ? <IconMovie size={20} /> : <IconFile size={20} />}
    </ThemeIcon>
  );
}

/**
 * The files attached to a discussion, task, comment or doc: thumbnail, name, size and a download link
 * (pictures, video and PDF open in a new tab, anything else downloads). With `onRemove`, each has a remove
 * button that asks first. Nothing is shown when there are no files, unless `emptyText` is given.
 */
export function AttachmentList({
  files,
  onRemove,
  removing = false,
  emptyText,
  label,
}: {
  files: readonly Attachment[];
  /** Removes one file; the list asks for confirmation first. Resolve once removed to close the dialog. */
  onRemove?: (file: Attachment) => Promise<unknown>;
  removing?: boolean;
  emptyText?: string;
  /** Accessible name of the list. */
  label?: string;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<Attachment | null>(null);
  if (files.length === 0) {
    return emptyText ? (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    ) : null;
  }
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={label ?? t("attachments.list")}>
        {files.map((file) => (
          <Paper key={file.id} component="li" withBorder radius="md" p={6} data-testid="attachment">
            <Group gap="xs" wrap="nowrap">
              <AttachmentThumb file={file} />
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Anchor href={file.url} target="_blank" rel="noopener" size="sm" fw={500} title={file.name} truncate>
                  {truncate(file.name, PRO_FILE_NAME_LIMIT)}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatSize(file.size)}
                </Text>
              </Stack>
              <Tooltip label={t("attachments.download")}>
                <ActionIcon component="a" href={file.url} download={file.name} variant="subtle" color="gray" aria-label={t("attachments.download_named", { name: file.name })}>
                  <IconDownload size={16} />
                </ActionIcon>
              </Tooltip>
              {onRemove && (
                <Tooltip label={t("attachments.remove")}>
                  <ActionIcon variant="subtle" color="red" onClick={() => setConfirming(file)} aria-label={t("attachments.remove_named", { name: file.name })}>
                    <IconX size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
      <ConfirmDialog
        opened={confirming !== null}
        title={t("attachments.remove_title")}
        message={t("attachments.remove_body", { name: confirming?.name ?? "" })}
        confirmLabel={t("attachments.remove")}
        loading={removing}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          if (!confirming || !onRemove) return;
          void onRemove(confirming).then(() => setConfirming(null), () => setConfirming(null));
        }}
      />
    </>
  );
}

/** The heading of an attachment section: a paperclip, the title and the count. */
export function AttachmentHeading({ count, title }: { count: number; title: string }) {
  return (
    <Group gap={6}>
      <IconPaperclip size={16} aria-hidden />
      <Text fw={600} size="sm">
        {title}
      </Text>
      <Text size="sm" c="dimmed">
        {count}
      </Text>
    </Group>
  );
}

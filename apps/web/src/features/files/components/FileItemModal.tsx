import { Anchor, Button, Grid, Group, Image, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import type { FileItem, FileRevision, Project } from "@plotline/contracts";
import { IconDownload, IconExternalLink, IconHistory, IconPaperclip, IconPencil } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CommentsPanel } from "../../comments/components/CommentsPanel.js";
import { GuardedModal, useDiscardGuard } from "../../../components/DiscardGuard.js";
import { NotAvailable, PageErrorState } from "../../../components/NotAvailable.js";
import { LoadingScreen } from "../../../components/LoadingScreen.js";
import { RichTextView } from "../../../components/RichTextView.js";
import { formatDateTime } from "../../../lib/dates.js";
import { downloadUrl, mayDownload, useFileItem } from "../hooks/use-files.js";
import { isImageMime, isVideoMime, truncate } from "../lib/file-display.js";
import { AttachmentHeading, AttachmentList } from "./AttachmentList.js";
import { DocForm } from "./DocForm.js";
import { LinkForm } from "./LinkForm.js";
import { useAlertDialog } from "../../../components/AlertDialog.js";

/** The body of a doc, link or upload, or of one of its revisions (`kind` is the revised item's type). */
function ItemContent({ projectId, item, kind }: { projectId: number; item: FileItem | FileRevision; kind: FileItem["type"] }) {
  const { t } = useTranslation();
  const { showAlert, alertDialog } = useAlertDialog();
  if (kind === "doc") return <RichTextView html={item.description.html} />;
  if (kind === "link")
    return (
      <Stack gap="xs">
        <Anchor href={item.url} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: "anywhere" }}>
          <Group gap={4} wrap="nowrap" component="span">
            <IconExternalLink size={16} style={{ flexShrink: 0 }} />
            {item.url}
          </Group>
        </Anchor>
        {item.description.html && <RichTextView html={item.description.html} />}
      </Stack>
    );
  const source = item.url || downloadUrl(projectId, item.id);
  const download = () =>
    void mayDownload(projectId, item.id).then((allowed) => {
      if (allowed) window.open(downloadUrl(projectId, item.id), "_blank", "noopener");
      else showAlert(t("files.permission_denied"));
    });
  return (
    <Stack gap="sm">
      {alertDialog}
      {isVideoMime(item.mime_type) && (
        <video controls preload="metadata" style={{ width: "100%", maxHeight: 420, background: "black", borderRadius: 8 }} data-testid="file-video">
          <source src={source} type={item.mime_type} />
          {t("files.single.video_unsupported")}
        </video>
      )}
      {isImageMime(item.mime_type) && <Image src={source} alt={item.name} radius="sm" mah={420} fit="contain" />}
      <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
        {item.name} · {item.mime_type}
      </Text>
      {item.abilities.can_download && (
        <Group>
          <Button variant="light" leftSection={<IconDownload size={16} />} onClick={download}>
            {t("files.single.download")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * The single doc, file or link view: its content, a side list of revisions (picking one shows it until
 * 'View current doc.'), the edit form for docs and links, and the item's comments.
 */
export function FileItemModal({ project, itemId, onClose }: { project: Project; itemId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const item = useFileItem(project.id, itemId);
  const [revision, setRevision] = useState<FileRevision | null>(null);
  const [editing, setEditing] = useState(false);
  const data = item.data;
  const revisions = data?.revisions?.data ?? [];
  const editable = data !== undefined && (data.type === "doc" || data.type === "link") && data.abilities.can_edit;

  // Nothing here is a form of its own; the doc, link and comment editors inside report what they hold.
  const guard = useDiscardGuard(false, onClose);

  let body;
  const close = { onClick: onClose, label: t("common.close") };
  if (!Number.isInteger(itemId)) body = <NotAvailable backTo={close} />;
  else if (item.error) body = <PageErrorState error={item.error} onRetry={() => void item.refetch()} backTo={close} />;
  else if (!data) body = <LoadingScreen />;
  else if (editing && data.type === "doc")
    body = (
      <DocForm
        bare
        projectId={project.id}
        parent={data.parent}
        initial={{ id: data.id, title: data.title, description: data.description.content, files: data.files?.data ?? [] }}
        mentionUsers={project.assignees.data}
        onClose={() => setEditing(false)}
      />
    );
  else if (editing && data.type === "link")
    body = (
      <LinkForm
        bare
        projectId={project.id}
        parent={data.parent}
        initial={{ id: data.id, title: data.title, url: data.url, description: data.description.content }}
        onClose={() => setEditing(false)}
      />
    );
  else
    body = (
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <Stack gap="md">
            <Group justify="space-between" align="center">
              <Text size="xs" c="dimmed">
                {t("files.by", { name: data.creator.data.display_name })} · {formatDateTime(data.created_at)}
              </Text>
              {editable && !revision && (
                <Button size="compact-sm" variant="light" leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
                  {t("files.single.edit")}
                </Button>
              )}
            </Group>
            {revision && (
              <Group justify="space-between" gap="xs" p="xs" bg="var(--mantine-color-yellow-light)" style={{ borderRadius: 8 }}>
                <Text size="sm">{t("files.single.viewing_revision", { date: formatDateTime(revision.created_at) })}</Text>
                <Button size="compact-sm" variant="white" onClick={() => setRevision(null)}>
                  {t("files.single.view_current")}
                </Button>
              </Group>
            )}
            {data.fileable && (
              <Text size="sm" c="dimmed">
                <IconPaperclip size={14} aria-hidden style={{ verticalAlign: "middle" }} /> {t("files.attached_to_prefix")}{" "}
                {data.content_link ? (
                  <Anchor component={Link} to={data.content_link} size="sm">
                    {data.fileable.title}
                  </Anchor>
                ) : (
                  data.fileable.title
                )}
              </Text>
            )}
            <ItemContent projectId={project.id} item={revision ?? data} kind={data.type} />
            {/* Docs take attachments in their form; a link shows the list only when it has some (sent through the API). */}
            {data.files && !revision && (data.type === "doc" || data.files.data.length > 0) && (
              <Stack gap="xs" component="section" aria-label={t("attachments.title")}>
                <AttachmentHeading title={t("attachments.title")} count={data.files.data.length} />
                <AttachmentList files={data.files.data} emptyText={t("attachments.none")} />
              </Stack>
            )}
            {/* An attachment has no thread of its own: it belongs to the record that holds it. */}
            {!data.fileable_type && <CommentsPanel projectId={project.id} commentableType="file" commentableId={data.id} mentionUsers={project.assignees.data} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Stack gap="xs" component="aside" aria-labelledby="revisions-title">
            <Title order={3} size="h6" id="revisions-title">
              <Group gap={4} component="span">
                <IconHistory size={16} />
                {t("files.single.revisions")}
              </Group>
            </Title>
            {revisions.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("files.single.no_revision")}
              </Text>
            ) : (
              <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: "none" }}>
                {revisions.map((entry) => (
                  <li key={entry.id}>
                    <UnstyledButton
                      onClick={() => setRevision(entry)}
                      p={6}
                      w="100%"
                      style={{ borderRadius: 6, background: revision?.id === entry.id ? "var(--mantine-color-blue-light)" : undefined }}
                      aria-pressed={revision?.id === entry.id}
                    >
                      <Text size="sm" fw={500} truncate>
                        {entry.title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(entry.created_at)} · {entry.creator.data.display_name}
                      </Text>
                    </UnstyledButton>
                  </li>
                ))}
              </Stack>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    );

  return (
    <GuardedModal guard={guard} opened title={data ? truncate(data.title || data.name) : ""} size="xl" centered>
      {body}
    </GuardedModal>
  );
}

import { ActionIcon, Anchor, Badge, Box, Card, Group, Image, Menu, Stack, Text, TextInput, ThemeIcon, Tooltip } from "@mantine/core";
import {
  IconArrowsMove,
  IconBrandDropbox,
  IconBrandGoogleDrive,
  IconCloud,
  IconDots,
  IconDownload,
  IconExternalLink,
  IconFile,
  IconFileText,
  IconFolder,
  IconLink,
  IconLock,
  IconLockOpen,
  IconMessage,
  IconMovie,
  IconPresentation,
  IconTable,
  IconTrash,
} from "@tabler/icons-react";
import { useState, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { RichTextView } from "../../../components/RichTextEditor.js";
import "./FileRow.css";
import { PRO_FILE_NAME_LIMIT, TITLE_LIMIT, linkKind, truncate, type LinkKind } from "../lib/file-display.js";
import type { FileView } from "../lib/file-view.js";

/** What a row can ask its list to do. */
export interface FileRowActions {
  open: (item: FileView) => void;
  rename: (item: FileView, title: string) => void;
  download: (item: FileView) => void;
  move: (item: FileView) => void;
  remove: (item: FileView) => void;
  togglePrivacy: (item: FileView) => void;
}

const LINK_ICONS: Record<LinkKind, ReactNode> = {
  docs: <IconFileText size={22} />,
  sheets: <IconTable size={22} />,
  slides: <IconPresentation size={22} />,
  drive: <IconBrandGoogleDrive size={22} />,
  file_sharing: <IconBrandDropbox size={22} />,
  personal_cloud: <IconCloud size={22} />,
  other: <IconLink size={22} />,
};

/** The picture at the start of a row: an image's thumbnail, or an icon by kind. */
function Thumb({ item }: { item: FileView }) {
  if (item.thumbUrl) return <Image src={item.thumbUrl} alt="" w={44} h={44} radius="sm" fit="cover" style={{ flexShrink: 0 }} />;
  const [icon, color] =
    item.kind === "folder"
      ? [<IconFolder size={26} />, "yellow"]
      : item.kind === "doc"
        ? [<IconFileText size={22} />, "blue"]
        : item.kind === "link"
          ? [LINK_ICONS[linkKind(item.url ?? "")], "teal"]
          : item.isVideo
            ? [<IconMovie size={22} />, "grape"]
            : [<IconFile size={22} />, "gray"];
  return (
    <ThemeIcon size={44} variant="light" color={color} radius="sm" aria-hidden style={{ flexShrink: 0 }}>
      {icon}
    </ThemeIcon>
  );
}

/**
 * One item of a folder. A folder opens on double-click and a click on its name switches to an inline
 * rename, saved on blur or Enter; other items open their single view. The lock shows private items.
 */
export function FileRow({ item, actions }: { item: FileView; actions: FileRowActions }) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState(false);
  const [draft, setDraft] = useState(item.title);
  const limit = item.kind === "pro_file" || item.kind === "attachment" ? PRO_FILE_NAME_LIMIT : TITLE_LIMIT;
  const hasMenu = item.downloadable || item.canEdit;

  const finishRename = () => {
    setRenaming(false);
    const title = draft.trim();
    if (title !== "" && title !== item.title) actions.rename(item, title);
    else setDraft(item.title);
  };
  const onRenameKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      event.currentTarget.blur();
    } else if (event.key === "Escape") {
      setDraft(item.title);
      setRenaming(false);
    }
  };

  let name: ReactNode;
  if (item.kind === "folder" && renaming) {
    name = (
      <TextInput
        size="xs"
        autoFocus
        aria-label={t("files.rename_folder")}
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onBlur={finishRename}
        onKeyDown={onRenameKey}
        onDoubleClick={(event) => event.stopPropagation()}
      />
    );
  } else if (item.kind === "folder") {
    name = (
      <Text
        fw={600}
        title={item.title}
        style={{ cursor: item.canEdit ? "text" : "pointer" }}
        onClick={item.canEdit ? () => setRenaming(true) : undefined}
        data-testid="folder-name"
      >
        {truncate(item.title, limit)}
      </Text>
    );
  } else {
    name = (
      <Anchor component="button" type="button" fw={600} c="inherit" title={item.title} onClick={() => actions.open(item)} ta="left">
        {truncate(item.title, limit)}
      </Anchor>
    );
  }

  return (
    <Card
      component="li"
      withBorder
      radius="md"
      padding="xs"
      data-testid="file-item"
      data-kind={item.kind}
      onDoubleClick={item.kind === "folder" && !renaming ? () => actions.open(item) : undefined}
      style={{ userSelect: item.kind === "folder" ? "none" : undefined }}
    >
      <Group wrap="nowrap" gap="sm" align="center">
        <Thumb item={item} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            {name}
          </Group>
          {item.excerpt && (
            // The description as rich text, cut to two lines so that big text or long docs keep rows even.
            <Box className="plotline-file-excerpt" c="dimmed" fz="sm" mah="3em" style={{ overflow: "hidden" }} title={item.excerpt}>
              <RichTextView html={item.descriptionHtml} />
            </Box>
          )}
          <Group gap="xs">
            {item.attachedTo ? (
              <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {t("files.attached_to_prefix")} {t(`files.attached_kinds.${item.attachedTo.type}`)}{" "}
                {item.attachedTo.href ? (
                  <Anchor component={Link} to={item.attachedTo.href} size="xs" title={item.attachedTo.title}>
                    {truncate(item.attachedTo.title, TITLE_LIMIT)}
                  </Anchor>
                ) : (
                  truncate(item.attachedTo.title, TITLE_LIMIT)
                )}{" "}
                {t("files.by", { name: item.creatorName })}
              </Text>
            ) : (
              <Text size="xs" c="dimmed">
                {t("files.by", { name: item.creatorName })}
              </Text>
            )}
            {item.kind !== "folder" && item.kind !== "attachment" && (
              <Badge variant="light" color="gray" size="sm" tt="none" leftSection={<IconMessage size={12} />}>
                {t("files.comment_count", { count: item.commentCount })}
              </Badge>
            )}
          </Group>
        </Stack>
        {item.canTogglePrivacy ? (
          <Tooltip label={item.private ? t("files.make_public") : t("files.make_private")}>
            <ActionIcon variant="subtle" color={item.private ? "orange" : "gray"} onClick={() => actions.togglePrivacy(item)} aria-label={item.private ? t("files.make_public") : t("files.make_private")}>
              {item.private ? <IconLock size={18} /> : <IconLockOpen size={18} />}
            </ActionIcon>
          </Tooltip>
        ) : (
          <Tooltip label={item.private ? t("files.private") : t("files.public")}>
            <span role="img" aria-label={item.private ? t("files.private") : t("files.public")} style={{ display: "inline-flex", color: item.private ? "var(--mantine-color-orange-6)" : "var(--mantine-color-dimmed)" }}>
              {item.private ? <IconLock size={18} /> : <IconLockOpen size={18} />}
            </span>
          </Tooltip>
        )}
        {/* Rows without a menu keep its room, so that the locks line up down the list. */}
        {!hasMenu && <Box w={28} aria-hidden style={{ flexShrink: 0 }} />}
        {hasMenu && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={t("files.actions", { name: item.title })}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {item.kind === "link" && item.url && (
                <Menu.Item component="a" href={item.url} target="_blank" rel="noopener noreferrer" leftSection={<IconExternalLink size={14} />}>
                  {t("files.open_link")}
                </Menu.Item>
              )}
              {item.downloadable && (
                <Menu.Item leftSection={<IconDownload size={14} />} onClick={() => actions.download(item)}>
                  {t("files.download")}
                </Menu.Item>
              )}
              {item.canEdit && (
                <Menu.Item leftSection={<IconArrowsMove size={14} />} onClick={() => actions.move(item)}>
                  {t("files.move.action")}
                </Menu.Item>
              )}
              {item.canEdit && (
                <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => actions.remove(item)}>
                  {t("files.delete")}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Card>
  );
}

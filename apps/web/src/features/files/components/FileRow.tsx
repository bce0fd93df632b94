import { ActionIcon, Anchor, Badge, Box, Card, Group, Image, Menu, Stack, Text, TextInput, ThemeIcon, Tooltip } from "@mantine/core";
import {
  IconArrowsMove,
  IconBrandGoogleDrive,
  IconCloud,
  IconDots,
  IconDownload,
  IconExternalLink,
  IconFile,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypeDoc,
  IconFolder,
  IconFolderOpen,
  IconFolderShare,
  IconLink,
  IconLock,
  IconLockOpen,
  IconMessage,
  IconMovie,
  IconPencil,
  IconPresentation,
  IconTrash,
} from "@tabler/icons-react";
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { RichTextView } from "../../../components/RichTextView.js";
import "./FileRow.css";
import { PRO_FILE_NAME_LIMIT, TITLE_LIMIT, linkHost, linkKind, truncate, type LinkKind } from "../lib/file-display.js";
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

/** A link's icon and colour by the kind of service it points to, so that links never look like docs. */
const LINK_ICONS: Record<LinkKind, [ReactNode, string]> = {
  docs: [<IconFileTypeDoc size={22} />, "indigo"],
  sheets: [<IconFileSpreadsheet size={22} />, "green"],
  slides: [<IconPresentation size={22} />, "orange"],
  drive: [<IconBrandGoogleDrive size={22} />, "teal"],
  file_sharing: [<IconFolderShare size={22} />, "cyan"],
  personal_cloud: [<IconCloud size={22} />, "violet"],
  other: [<IconLink size={22} />, "teal"],
};

/** How long a click on a folder's name waits for a second click (which opens the folder) before renaming. */
const DOUBLE_CLICK_MS = 250;

/** The picture at the start of a row: an image's thumbnail, or an icon by kind. */
function Thumb({ item }: { item: FileView }) {
  if (item.thumbUrl) return <Image src={item.thumbUrl} alt="" w={44} h={44} radius="sm" fit="cover" style={{ flexShrink: 0 }} />;
  const [icon, color] =
    item.kind === "folder"
      ? [<IconFolder size={26} />, "yellow"]
      : item.kind === "doc"
        ? [<IconFileText size={22} />, "blue"]
        : item.kind === "link"
          ? LINK_ICONS[linkKind(item.url ?? "")]
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
  const renameTimer = useRef<number | undefined>(undefined);
  const limit = item.kind === "pro_file" || item.kind === "attachment" ? PRO_FILE_NAME_LIMIT : TITLE_LIMIT;
  // A folder always has a menu: its Open item is the way in for keyboards.
  const hasMenu = item.kind === "folder" || item.downloadable || item.canEdit;
  const host = item.kind === "link" ? linkHost(item.url ?? "") : "";

  useEffect(() => () => window.clearTimeout(renameTimer.current), []);

  // A click on the name renames, unless a second click follows: a double click opens the folder.
  const onNameClick = (event: MouseEvent) => {
    window.clearTimeout(renameTimer.current);
    if (event.detail > 1) return;
    renameTimer.current = window.setTimeout(() => {
      setDraft(item.title);
      setRenaming(true);
    }, DOUBLE_CLICK_MS);
  };
  // The menu's Rename waits until the menu has gone and handed focus back, or the field would lose it at once.
  const renameAfterMenu = useRef(false);
  const startRenameAfterMenu = () => {
    if (!renameAfterMenu.current) return;
    renameAfterMenu.current = false;
    setDraft(item.title);
    setRenaming(true);
  };
  const openFolder = () => {
    window.clearTimeout(renameTimer.current);
    actions.open(item);
  };

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
        onClick={item.canEdit ? onNameClick : undefined}
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
      onDoubleClick={item.kind === "folder" && !renaming ? openFolder : undefined}
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
            {host && (
              <Anchor href={item.url ?? undefined} target="_blank" rel="noopener noreferrer" size="xs" c="dimmed" title={item.url ?? undefined} style={{ overflowWrap: "anywhere" }}>
                <IconExternalLink size={12} aria-hidden style={{ verticalAlign: "-1px", marginRight: 2 }} />
                {host}
              </Anchor>
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
          <Menu position="bottom-end" withinPortal onExitTransitionEnd={startRenameAfterMenu}>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={t("files.actions", { name: item.title })}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {item.kind === "folder" && (
                <Menu.Item leftSection={<IconFolderOpen size={14} />} onClick={openFolder}>
                  {t("files.open_folder")}
                </Menu.Item>
              )}
              {item.kind === "folder" && item.canEdit && (
                <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => (renameAfterMenu.current = true)}>
                  {t("files.rename")}
                </Menu.Item>
              )}
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

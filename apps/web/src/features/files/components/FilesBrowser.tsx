import { Anchor, Breadcrumbs, Button, Card, Group, Stack, Text, Title, Transition } from "@mantine/core";
import { routePath, type Project } from "@plotline/contracts";
import { IconFilePlus, IconFolderPlus, IconHome, IconLink, IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { PageErrorState } from "../../../components/NotAvailable.js";
import { LoadingScreen } from "../../../components/LoadingScreen.js";
import { ConfirmDialog } from "../../../components/ConfirmDialog.js";
import { downloadUrl, mayDownload, useAllFolders, useDeleteFileItem, useFolderItems, useUpdateFileItem } from "../hooks/use-files.js";
import { TITLE_LIMIT, truncate } from "../lib/file-display.js";
import { folderChain, singleRoute, toFileView, type FileView } from "../lib/file-view.js";
import { DocForm } from "./DocForm.js";
import { FileRow, type FileRowActions } from "./FileRow.js";
import { FolderFormModal } from "./FolderFormModal.js";
import { useAlertDialog } from "../../../components/AlertDialog.js";
import { LinkForm } from "./LinkForm.js";
import { MoveModal } from "./MoveModal.js";
import { UploadForm } from "./UploadForm.js";

/** The form that is open above the list, if any. */
type OpenForm = "folder" | "upload" | "doc" | "link" | null;

/**
 * A folder of the project's files (0 for the files home): the breadcrumb from the home icon through the
 * parent chain, the four create buttons for people who may create files, and the items, folders first.
 */
export function FilesBrowser({ project, folderId }: { project: Project; folderId: number }) {
  const { t } = useTranslation();
  const { showAlert, alertDialog } = useAlertDialog();
  const navigate = useNavigate();
  const projectId = project.id;
  const items = useFolderItems(projectId, folderId);
  const folders = useAllFolders(projectId);
  const update = useUpdateFileItem(projectId);
  const remove = useDeleteFileItem(projectId);
  const [form, setForm] = useState<OpenForm>(null);
  const [moving, setMoving] = useState<FileView | null>(null);
  // The item asked about stays set while the dialog closes, so that its text does not change as it fades.
  const [deleting, setDeleting] = useState<FileView | null>(null);
  const [confirming, setConfirming] = useState(false);
  const abilities = project.abilities;
  const canCreate = abilities.create_file;
  const canSetPrivate = abilities.can_set_privacy_file;
  const mentionUsers = project.assignees.data;
  const chain = folderChain(folders.data?.data ?? [], folderId);

  const actions: FileRowActions = {
    open: (item) => {
      if (item.kind === "folder") void navigate(routePath("pro_file_lists", { project_id: projectId, folder_id: item.id }));
      else void navigate(singleRoute(projectId, folderId, item));
    },
    rename: (item, title) => update.mutate({ id: item.id, fields: { title } }),
    download: (item) => {
      // The permission check runs first; the file opens in a new tab only when it is allowed. The check is
      // quick, so the click's user activation still lets the tab open.
      void mayDownload(projectId, item.id).then((allowed) => {
        if (allowed) window.open(downloadUrl(projectId, item.id), "_blank", "noopener");
        else {
          showAlert(t("files.permission_denied"));
          // The file may have gone or turned private meanwhile: show the folder as it is now.
          void items.refetch();
        }
      });
    },
    move: setMoving,
    // Every delete asks first; a folder's question says that its contents go too.
    remove: (item) => {
      setDeleting(item);
      setConfirming(true);
    },
    togglePrivacy: (item) => update.mutate({ id: item.id, fields: { private: !item.private } }),
  };

  const views = (items.data?.data ?? []).map((item) => toFileView(item));
  // Folders first, as the documents list them; the server's order is kept within each group.
  const sorted = [...views.filter((view) => view.kind === "folder"), ...views.filter((view) => view.kind !== "folder")];

  let body;
  if (items.isPending) body = <LoadingScreen />;
  else if (items.error)
    body = (
      <PageErrorState error={items.error} onRetry={() => void items.refetch()} backTo={{ to: routePath("pm_files", { project_id: projectId }), label: t("files.home") }} />
    );
  else if (sorted.length === 0)
    body = (
      <Card withBorder radius="md">
        <Text ta="center" c="dimmed" py="lg">
          {t("files.no_results")}
        </Text>
      </Card>
    );
  else
    body = (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={t("files.list_label")}>
        {sorted.map((item) => (
          <FileRow key={item.id} item={item} actions={actions} />
        ))}
      </Stack>
    );

  const closeForm = () => setForm(null);
  const panel = (name: Exclude<OpenForm, "folder" | null>, content: React.ReactNode) => (
    <Transition mounted={form === name} transition="slide-down" duration={180} keepMounted={false}>
      {(style) => <div style={style}>{content}</div>}
    </Transition>
  );

  return (
    <Stack gap="md">
      {alertDialog}
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {t("files.title")}
          </Title>
          <Breadcrumbs separator="›" aria-label={t("files.breadcrumb")} style={{ flexWrap: "wrap" }}>
            <Anchor component={Link} to={routePath("pm_files", { project_id: projectId })} aria-label={t("files.home")} display="inline-flex">
              <IconHome size={18} />
            </Anchor>
            {chain.map((folder) =>
              folder.id === folderId ? (
                <Text key={folder.id} size="sm" fw={600} aria-current="page">
                  {truncate(folder.title, TITLE_LIMIT)}
                </Text>
              ) : (
                <Anchor key={folder.id} component={Link} size="sm" to={routePath("pro_file_lists", { project_id: projectId, folder_id: folder.id })}>
                  {truncate(folder.title, TITLE_LIMIT)}
                </Anchor>
              ),
            )}
          </Breadcrumbs>
        </Stack>
        {canCreate && (
          <Group gap="xs">
            <Button size="sm" variant="light" leftSection={<IconFolderPlus size={16} />} onClick={() => setForm("folder")}>
              {t("files.create_folder")}
            </Button>
            <Button size="sm" variant="light" leftSection={<IconUpload size={16} />} onClick={() => setForm("upload")}>
              {t("files.upload_file")}
            </Button>
            <Button size="sm" variant="light" leftSection={<IconFilePlus size={16} />} onClick={() => setForm("doc")}>
              {t("files.create_doc")}
            </Button>
            <Button size="sm" variant="light" leftSection={<IconLink size={16} />} onClick={() => setForm("link")}>
              {t("files.link_docs")}
            </Button>
          </Group>
        )}
      </Group>
      {panel("upload", <UploadForm projectId={projectId} parent={folderId} canSetPrivate={canSetPrivate} onClose={closeForm} />)}
      {panel("doc", <DocForm projectId={projectId} parent={folderId} mentionUsers={mentionUsers} onClose={closeForm} />)}
      {panel("link", <LinkForm projectId={projectId} parent={folderId} onClose={closeForm} />)}
      {body}
      {form === "folder" && <FolderFormModal projectId={projectId} parent={folderId} canSetPrivate={canSetPrivate} onClose={closeForm} />}
      {moving && <MoveModal projectId={projectId} item={moving} folders={folders.data?.data ?? []} onClose={() => setMoving(null)} />}
      <ConfirmDialog
        opened={confirming}
        title={deleting?.kind === "folder" ? t("files.delete_folder_title") : t("files.delete_item_title", { name: truncate(deleting?.title ?? "", TITLE_LIMIT) })}
        message={deleting?.kind === "folder" ? t("files.delete_folder_body") : t("files.delete_item_body")}
        confirmLabel={t("files.delete")}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

import { ActionIcon, Anchor, Badge, Button, Group, Select, Stack, Table, Text, TextInput, Tooltip } from "@mantine/core";
import { useForm, type GetInputPropsReturnType } from "@mantine/form";
import { createSitePageBody, type SitePage, type SiteSettingsEnvelope } from "@plotline/contracts";
import { IconCheck, IconExternalLink, IconFileOff, IconPlus, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog.js";
import { EmptyState } from "../../../components/EmptyState.js";
import { ErrorState } from "../../../components/ErrorState.js";
import { LoadingScreen } from "../../../components/LoadingScreen.js";
import { RowActions } from "../../../components/RowActions.js";
import { fieldErrors } from "../../../lib/form-errors.js";
import { validateWith } from "../../../lib/schema-validate.js";
import { useCreatePage, useDeletePage, usePages, useUpdatePage } from "../hooks/use-pages.js";
import { useSaveSiteSettings } from "../hooks/use-site-settings.js";

const FIELDS = ["post_title", "path"] as const;
const validate = validateWith(createSitePageBody);

interface PageValues {
  post_title: string;
  path: string;
}

/** Title and path inputs of a page, used by the add form and by a row being edited. */
function PageInputs({ form, compact = false }: { form: { getInputProps: (path: keyof PageValues) => GetInputPropsReturnType }; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={compact ? undefined : t("site_settings.page_title")}
        aria-label={t("site_settings.page_title")}
        placeholder={t("site_settings.page_title_placeholder")}
        size={compact ? "xs" : "sm"}
        maxLength={200}
        style={{ flex: 1 }}
        {...form.getInputProps("post_title")}
      />
      <TextInput
        label={compact ? undefined : t("site_settings.page_path")}
        aria-label={t("site_settings.page_path")}
        placeholder={t("site_settings.page_path_placeholder")}
        size={compact ? "xs" : "sm"}
        maxLength={100}
        style={{ flex: 1 }}
        {...form.getInputProps("path")}
      />
    </>
  );
}

function EditRow({ page, onDone }: { page: SitePage; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdatePage();
  const form = useForm<PageValues>({ initialValues: { post_title: page.post_title, path: page.path }, validate });
  const submit = form.onSubmit((values) =>
    update.mutate(
      { id: page.id, body: values },
      { onSuccess: onDone, onError: (error) => form.setErrors(fieldErrors(error, FIELDS).byField) },
    ),
  );
  return (
    <Table.Tr>
      <Table.Td colSpan={3}>
        <form onSubmit={submit} noValidate>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <PageInputs form={form} compact />
            <Tooltip label={t("site_settings.page_save")}>
              <ActionIcon type="submit" variant="filled" loading={update.isPending} aria-label={t("site_settings.page_save")} mt={2}>
                <IconCheck size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t("site_settings.page_cancel")}>
              <ActionIcon variant="default" onClick={onDone} aria-label={t("site_settings.page_cancel")} mt={2}>
                <IconX size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </form>
      </Table.Td>
    </Table.Tr>
  );
}

function AddPageForm() {
  const { t } = useTranslation();
  const create = useCreatePage();
  const form = useForm<PageValues>({ initialValues: { post_title: "", path: "" }, validate });
  const submit = form.onSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => form.reset(),
      onError: (error) => form.setErrors(fieldErrors(error, FIELDS).byField),
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t("site_settings.page_add")}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <PageInputs form={form} />
        <Button type="submit" leftSection={<IconPlus size={16} />} loading={create.isPending} mb={Object.keys(form.errors).length > 0 ? 22 : 0}>
          {t("site_settings.page_add")}
        </Button>
      </Group>
    </form>
  );
}

/** The site's front-end pages: which one is the front-end page, and adding, renaming and deleting pages. */
export function PagesPanel({ settings }: { settings: SiteSettingsEnvelope }) {
  const { t } = useTranslation();
  const pages = usePages();
  const save = useSaveSiteSettings();
  const remove = useDeletePage();
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<SitePage | null>(null);
  const frontEndId = settings.data.front_end_page;
  const frontEnd = settings.meta.front_end_page;

  if (pages.isPending) return <LoadingScreen />;
  if (pages.error) return <ErrorState error={pages.error} onRetry={() => void pages.refetch()} />;
  const list = pages.data.data;

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t("site_settings.front_end_page")}
          data={[{ value: "0", label: t("site_settings.front_end_none") }, ...list.map((page) => ({ value: String(page.id), label: `${page.post_title} (${page.path})` }))]}
          value={String(frontEndId)}
          allowDeselect={false}
          disabled={save.isPending}
          w={320}
          onChange={(value) => value !== null && value !== String(frontEndId) && save.mutate({ key: "front_end_page", value: Number(value) })}
        />
        {frontEnd && (
          <Anchor href={frontEnd.path} target="_blank" rel="noopener" size="sm" pb={8}>
            <Group gap={4} wrap="nowrap">
              <IconExternalLink size={14} aria-hidden />
              {t("site_settings.front_end_open", { path: frontEnd.path })}
            </Group>
          </Anchor>
        )}
      </Group>

      {list.length === 0 ? (
        <EmptyState icon={<IconFileOff />} title={t("site_settings.pages_empty")} body={t("site_settings.pages_empty_hint")} />
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("site_settings.page_title")}</Table.Th>
                <Table.Th>{t("site_settings.page_path")}</Table.Th>
                <Table.Th w={90} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((page) =>
                editing === page.id ? (
                  <EditRow key={page.id} page={page} onDone={() => setEditing(null)} />
                ) : (
                  <Table.Tr key={page.id}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Text size="sm" fw={500}>
                          {page.post_title}
                        </Text>
                        {page.id === frontEndId && (
                          <Badge size="sm" variant="light">
                            {t("site_settings.front_end_badge")}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {page.path}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <RowActions
                        editLabel={t("site_settings.page_edit", { title: page.post_title })}
                        deleteLabel={t("site_settings.page_delete", { title: page.post_title })}
                        onEdit={() => setEditing(page.id)}
                        onDelete={() => setDeleting(page)}
                      />
                    </Table.Td>
                  </Table.Tr>
                ),
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <AddPageForm />

      <ConfirmDialog
        opened={deleting !== null}
        title={t("site_settings.page_delete_title")}
        message={deleting ? t(deleting.id === frontEndId ? "site_settings.page_delete_front" : "site_settings.page_delete_body", { path: deleting.path }) : ""}
        confirmLabel={t("site_settings.page_delete_confirm")}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </Stack>
  );
}

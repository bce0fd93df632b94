import { Button, Group, Select, Stack, Text, Title } from "@mantine/core";
import { IconWorld } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../../components/ErrorState.js";
import { LoadingScreen } from "../../../components/LoadingScreen.js";
import { useSaveFrontEndPage, useSitePages, useSiteSettings } from "../hooks/use-front-end-page.js";

/**
 * The Pages tab (site managers): which of the site's front-end pages serves Plotline without the admin area
 * (`front_end_page`, 0 for none). A site-wide setting, shown here as the documents place it.
 */
export function PagesTab() {
  const { t } = useTranslation();
  const pages = useSitePages();
  const settings = useSiteSettings();
  const save = useSaveFrontEndPage();
  const current = settings.data?.data.front_end_page;
  const [value, setValue] = useState<string>("0");
  useEffect(() => {
    if (current !== undefined) setValue(String(current));
  }, [current]);

  const error = pages.error ?? settings.error;
  if (error) {
    return (
      <ErrorState
        error={error}
        onRetry={() => {
          void pages.refetch();
          void settings.refetch();
        }}
      />
    );
  }

  if (!pages.data || !settings.data) return <LoadingScreen />;

  const options = [
    { value: "0", label: t("project_settings.page_none") },
    ...pages.data.data.map((page) => ({ value: String(page.id), label: t("project_settings.page_option", { title: page.post_title, id: page.id }) })),
  ];
  const servedAt = settings.data.meta.front_end_page?.path;

  return (
    <Stack gap="md" maw={560}>
      <Stack gap={4}>
        <Title order={3} size="h5">
          {t("project_settings.pages_title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("project_settings.pages_intro")}
        </Text>
      </Stack>
      <Select
        label={t("project_settings.front_end_page")}
        placeholder={t("project_settings.front_end_page_placeholder")}
        data={options}
        value={value}
        onChange={(next) => setValue(next ?? "0")}
        allowDeselect={false}
        searchable
        nothingFoundMessage={t("project_settings.pages_empty")}
        leftSection={<IconWorld size={16} aria-hidden />}
        description={pages.data.data.length === 0 ? t("project_settings.pages_empty") : servedAt ? t("project_settings.current_page", { path: servedAt }) : undefined}
        comboboxProps={{ withinPortal: true }}
      />
      <Group justify="flex-end">
        <Button
          loading={save.isPending}
          disabled={value === String(current ?? 0)}
          onClick={() => {
            if (save.isPending) return;
            save.mutate(Number(value));
          }}
        >
          {t("project_settings.save_page")}
        </Button>
      </Group>
    </Stack>
  );
}

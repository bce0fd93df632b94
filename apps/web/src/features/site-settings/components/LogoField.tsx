import { Button, FileButton, Group, Image, Paper, Stack, Text } from "@mantine/core";
import type { SiteFile } from "@plotline/contracts";
import { IconPhoto, IconTrash, IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog.js";
import { useSaveSiteSettings, useUploadLogo } from "../hooks/use-site-settings.js";

const ACCEPT = "image/png,image/jpeg,image/gif,image/webp,image/svg+xml";

/** The logo row: the current logo's thumbnail and name, an upload button, and removal after a confirmation. */
export function LogoField({ logo }: { logo: SiteFile | null }) {
  const { t } = useTranslation();
  const upload = useUploadLogo();
  const save = useSaveSiteSettings();
  const [confirming, setConfirming] = useState(false);

  return (
    <Stack gap="xs">
      <Group gap="md" wrap="nowrap" align="center">
        <Paper withBorder radius="md" w={120} h={64} p={6} bg="var(--plotline-color-panel)" style={{ display: "flex", alignItems: "center", justifyContent: "center", flexShrink: 0 }}>
          {logo ? (
            <Image src={logo.thumb} alt={t("site_settings.logo_alt")} mah={52} maw={108} fit="contain" />
          ) : (
            <IconPhoto size={28} color="var(--mantine-color-gray-5)" aria-hidden />
          )}
        </Paper>
        <Stack gap={6} style={{ minWidth: 0 }}>
          {logo ? (
            <Text size="sm" fw={500} truncate="end" data-testid="logo-name">
              {logo.name}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              {t("site_settings.logo_none")}
            </Text>
          )}
          <Group gap="xs">
            <FileButton accept={ACCEPT} onChange={(file) => file && upload.mutate(file)}>
              {(props) => (
                <Button {...props} size="xs" variant="light" leftSection={<IconUpload size={14} />} loading={upload.isPending}>
                  {logo ? t("site_settings.logo_replace") : t("site_settings.logo_upload")}
                </Button>
              )}
            </FileButton>
            {logo && (
              <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => setConfirming(true)}>
                {t("site_settings.logo_remove")}
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
      <Text size="xs" c="dimmed">
        {t("site_settings.logo_hint")}
      </Text>
      <ConfirmDialog
        opened={confirming}
        title={t("site_settings.logo_remove_title")}
        message={t("site_settings.logo_remove_body")}
        confirmLabel={t("site_settings.logo_remove")}
        loading={save.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => save.mutate({ key: "logo", value: 0 }, { onSuccess: () => setConfirming(false) })}
      />
    </Stack>
  );
}

import { Box, Group, Image, Text, ThemeIcon, UnstyledButton } from "@mantine/core";
import { routePath } from "@plotline/contracts";
import { IconChartLine } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSiteSettings } from "../hooks/use-site-settings.js";

/** The header's home link: the site logo when one is set, else the Plotline mark and name. */
export function SiteBrand() {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  const logo = settings.data?.meta.logo ?? null;
  // Nothing until the settings are known, so the name does not flash before the logo replaces it.
  if (settings.isPending) return <Box h={34} w={120} />;
  return (
    <UnstyledButton component={Link} to={routePath("project_lists")} aria-label={t("app.name")} data-testid="site-brand">
      {logo ? (
        <Image src={logo.url} alt={t("site_settings.logo_alt")} h={34} w="auto" maw={180} fit="contain" />
      ) : (
        <Group gap={8} wrap="nowrap">
          <ThemeIcon radius="md" aria-hidden>
            <IconChartLine size={18} />
          </ThemeIcon>
          <Text fw={700}>{t("app.name")}</Text>
        </Group>
      )}
    </UnstyledButton>
  );
}

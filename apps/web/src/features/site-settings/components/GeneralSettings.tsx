import { Card, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../../components/ErrorState.js";
import { LoadingScreen } from "../../../components/LoadingScreen.js";
import { CustomFieldsTab } from "../../custom-fields/components/CustomFieldsTab.js";
import { DepartmentsPanel } from "../../departments/components/DepartmentsPanel.js";
import { useIsModuleOn } from "../../sub-tasks/hooks/use-module-on.js";
import { useSiteSettings } from "../hooks/use-site-settings.js";
import { GeneralSettingsTable } from "./GeneralSettingsTable.js";
import { PagesPanel } from "./PagesPanel.js";

/** The site's settings screen: the general settings table, the front-end pages and the departments. */
export function GeneralSettings() {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  const hasCustomFields = useIsModuleOn("custom_fields");

  return (
    <Stack maw={960} mx="auto" gap="lg">
      <div>
        <Title order={1} size="h2">
          {t("site_settings.title")}
        </Title>
        <Text c="dimmed" size="sm">
          {t("site_settings.intro")}
        </Text>
      </div>
      {settings.isPending ? (
        <LoadingScreen />
      ) : settings.error ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <>
          <Card withBorder padding="lg" component="section" aria-labelledby="general-settings-title">
            <Title order={2} size="h4" id="general-settings-title" mb="sm">
              {t("site_settings.general_title")}
            </Title>
            <GeneralSettingsTable settings={settings.data} />
          </Card>
          <Card withBorder padding="lg" component="section" aria-labelledby="pages-title">
            <Title order={2} size="h4" id="pages-title">
              {t("site_settings.pages_title")}
            </Title>
            <Text c="dimmed" size="sm" mb="md">
              {t("site_settings.pages_intro")}
            </Text>
            <PagesPanel settings={settings.data} />
          </Card>
          <Card withBorder padding="lg" component="section" aria-labelledby="departments-title">
            <DepartmentsPanel integrationOn={settings.data.data.hrm_integration === "1"} />
          </Card>
          {hasCustomFields && (
            <Card withBorder padding="lg" component="section" aria-labelledby="site-custom-fields-title">
              <Title order={2} size="h4" id="site-custom-fields-title" mb="sm">
                {t("custom_fields.site_title")}
              </Title>
              <CustomFieldsTab scope={{ kind: "site" }} />
            </Card>
          )}
        </>
      )}
    </Stack>
  );
}

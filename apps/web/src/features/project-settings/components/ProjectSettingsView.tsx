import { Paper, Stack, Tabs, Title } from "@mantine/core";
import { useLocalStorage } from "@mantine/hooks";
import { ROUTES, routePath, type Project } from "@plotline/contracts";
import { IconForms, IconPlugConnected, IconShieldLock, IconTag, IconWorld } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useMatch, useNavigate } from "react-router";
import { LoadingScreen } from "../../../components/LoadingScreen.js";
import { lazyPage } from "../../../routes/lazy-page.js";
import { useCurrentMe } from "../../auth/hooks/use-session.js";
import { LabelsTab } from "../../labels/components/LabelsTab.js";
import { CustomFieldsTab } from "../../custom-fields/components/CustomFieldsTab.js";
import { useIsModuleOn } from "../../sub-tasks/hooks/use-module-on.js";
import { CapabilitiesTab } from "./CapabilitiesTab.js";

/** The tabs of project settings. Pages has its own route (`page_settings_tab`); the others share the page's. */
export type SettingsTab = "capabilities" | "integrations" | "labels" | "custom_fields" | "pages";
const TABS: readonly SettingsTab[] = ["capabilities", "integrations", "labels", "custom_fields", "pages"];

/** The Integrations tab loads with its own chunk (and strings) when first opened. */
const IntegrationsTab = lazyPage(() => import("../../integrations/components/IntegrationsTab.js"), "IntegrationsTab", <LoadingScreen />);

/** Where the last active tab is remembered, for every project alike. */
const TAB_STORAGE_KEY = "plotline.project-settings.tab";

/**
 * Project settings (`pm_pro_settings`): for site managers and the project's managers (the project's
 * `can_manage`); anyone else is sent to the project's task lists. The last active tab is remembered in local
 * storage. The Pages tab holds a site-wide setting and shows to site managers only.
 */
export function ProjectSettingsView({ project }: { project: Project }) {
  const { t } = useTranslation();
  const me = useCurrentMe();
  const navigate = useNavigate();
  const onPagesRoute = useMatch(ROUTES.page_settings_tab) !== null;
  const [stored, setStored] = useLocalStorage<SettingsTab>({
    key: TAB_STORAGE_KEY,
    defaultValue: "capabilities",
    getInitialValueInEffect: false,
    deserialize: (value) => (TABS.includes(value as SettingsTab) ? (value as SettingsTab) : "capabilities"),
    serialize: (value) => value,
  });
  const canPages = me.capabilities.manage_pm;
  const hasCustomFields = useIsModuleOn("custom_fields");
  const base = routePath("pm_pro_settings", { project_id: project.id });
  const pagesPath = routePath("page_settings_tab", { project_id: project.id });

  if (!project.abilities.can_manage) return <Navigate to={routePath("task_lists", { project_id: project.id })} replace />;
  if (onPagesRoute && !canPages) return <Navigate to={base} replace />;
  if (!onPagesRoute && stored === "pages" && canPages) return <Navigate to={pagesPath} replace />;
  const active: SettingsTab = onPagesRoute ? "pages" : stored === "pages" || (stored === "custom_fields" && !hasCustomFields) ? "capabilities" : stored;

  const select = (value: string | null) => {
    if (!value || !TABS.includes(value as SettingsTab)) return;
    const tab = value as SettingsTab;
    setStored(tab);
    if (tab === "pages") void navigate(pagesPath);
    else if (onPagesRoute) void navigate(base);
  };

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t("project_settings.title")}
      </Title>
      <Paper withBorder radius="md" p="md">
        <Tabs value={active} onChange={select} keepMounted={false}>
          <Tabs.List aria-label={t("project_settings.tabs_label")} mb="md">
            <Tabs.Tab value="capabilities" leftSection={<IconShieldLock size={16} aria-hidden />}>
              {t("project_settings.tab_capabilities")}
            </Tabs.Tab>
            <Tabs.Tab value="integrations" leftSection={<IconPlugConnected size={16} aria-hidden />}>
              {t("project_settings.tab_integrations")}
            </Tabs.Tab>
            <Tabs.Tab value="labels" leftSection={<IconTag size={16} aria-hidden />}>
              {t("project_settings.tab_labels")}
            </Tabs.Tab>
            {hasCustomFields && (
              <Tabs.Tab value="custom_fields" leftSection={<IconForms size={16} aria-hidden />}>
                {t("custom_fields.tab")}
              </Tabs.Tab>
            )}
            {canPages && (
              <Tabs.Tab value="pages" leftSection={<IconWorld size={16} aria-hidden />}>
                {t("project_settings.tab_pages")}
              </Tabs.Tab>
            )}
          </Tabs.List>
          <Tabs.Panel value="capabilities">
            <CapabilitiesTab projectId={project.id} />
          </Tabs.Panel>
          <Tabs.Panel value="integrations">
            <IntegrationsTab />
          </Tabs.Panel>
          <Tabs.Panel value="labels">
            <LabelsTab projectId={project.id} />
          </Tabs.Panel>
          {hasCustomFields && (
            <Tabs.Panel value="custom_fields">
              <CustomFieldsTab scope={{ kind: "project", projectId: project.id }} />
            </Tabs.Panel>
          )}
          {canPages && (
            <Tabs.Panel value="pages">
              <Outlet />
            </Tabs.Panel>
          )}
        </Tabs>
      </Paper>
    </Stack>
  );
}

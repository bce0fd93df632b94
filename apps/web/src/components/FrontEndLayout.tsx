import { AppShell, Button, Group, Menu } from "@mantine/core";
import { routePath, type RouteName } from "@plotline/contracts";
import { IconLayoutDashboard } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { TranslationKey } from "../i18n/keys.js";
import { Link, Outlet, useLocation } from "react-router";
import { useCurrentMe } from "../features/auth/hooks/use-session.js";
import { CommandCenter } from "../features/command-palette/components/CommandCenter.js";
import { HeaderCommandButtons } from "../features/command-palette/components/HeaderCommandButtons.js";
import { SiteBrand } from "../features/site-settings/components/SiteBrand.js";
import { siteMenu } from "./site-menu.js";
import { SkipLink } from "./SkipLink.js";
import { UserMenu } from "./UserMenu.js";

/**
 * The frame of the front-end page (the app served at the `front_end_page` path, for co-workers and
 * clients): a simple header with the logo, the everyday pages and the user menu, and no admin chrome.
 */
export function FrontEndLayout({ pages }: { pages: ReadonlySet<RouteName> }) {
  const { t } = useTranslation();
  const me = useCurrentMe();
  const location = useLocation();
  // Entries of the admin area never show on the front-end page, whoever is signed in.
  const entries = siteMenu(me, pages).filter((entry) => entry.audience !== "site_manager");

  const isCurrent = (route: RouteName) => {
    const path = routePath(route);
    return path === "/" ? location.pathname === "/" || location.pathname.startsWith("/projects") : location.pathname.startsWith(path);
  };

  return (
    <CommandCenter siteEntries={entries} pages={pages}>
      <AppShell header={{ height: 56 }} padding="md" data-testid="front-end-layout">
        <AppShell.Header>
          <SkipLink />
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="lg" wrap="nowrap">
              <SiteBrand />
              <Group gap={4} wrap="nowrap" component="nav" aria-label={t("menu.main_navigation")} visibleFrom="sm">
                {entries.map((entry) => (
                  <Button
                    key={entry.route}
                    component={Link}
                    to={routePath(entry.route)}
                    variant={isCurrent(entry.route) ? "light" : "subtle"}
                    color={isCurrent(entry.route) ? undefined : "gray"}
                    size="compact-md"
                    aria-current={isCurrent(entry.route) ? "page" : undefined}
                  >
                    {t(entry.label as TranslationKey)}
                  </Button>
                ))}
              </Group>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <HeaderCommandButtons />
              <UserMenu>
                {entries.map((entry) => (
                  <Menu.Item key={entry.route} component={Link} to={routePath(entry.route)} hiddenFrom="sm">
                    {t(entry.label as TranslationKey)}
                  </Menu.Item>
                ))}
                {entries.length > 0 && <Menu.Divider hiddenFrom="sm" />}
                {me.capabilities.manage_pm && (
                  <Menu.Item component="a" href="/" leftSection={<IconLayoutDashboard size={16} />}>
                    {t("site_settings.admin_area")}
                  </Menu.Item>
                )}
              </UserMenu>
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Main bg="var(--plotline-color-page)" id="main-content" tabIndex={-1} style={{ outline: "none" }}>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </CommandCenter>
  );
}

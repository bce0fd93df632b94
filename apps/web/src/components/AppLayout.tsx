import { AppShell, Burger, Group, NavLink, ScrollArea, VisuallyHidden } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { routePath, type RouteName } from "@plotline/contracts";
import { useTranslation } from "react-i18next";
import type { TranslationKey } from "../i18n/keys.js";
import { Link, Outlet, useLocation } from "react-router";
import { useCurrentMe } from "../features/auth/hooks/use-session.js";
import { CommandCenter } from "../features/command-palette/components/CommandCenter.js";
import { HeaderCommandButtons } from "../features/command-palette/components/HeaderCommandButtons.js";
import { LicenseNotice } from "../features/license/components/LicenseNotice.js";
import { SiteBrand } from "../features/site-settings/components/SiteBrand.js";
import { siteMenu } from "./site-menu.js";
import { SkipLink } from "./SkipLink.js";
import { UserMenu } from "./UserMenu.js";
import { InboxBell } from "../features/notifications/components/InboxBell.js";
import { CompletionQuestionHost } from "../features/sub-tasks/components/CompletionQuestionHost.js";
import { HeaderTimer } from "../features/time-tracker/components/HeaderTimer.js";

/**
 * The admin area's frame: header with the palette's button and the user menu, the site menu, and the
 * page, inside the keyboard layer (palette, shortcuts).
 */
export function AppLayout({ pages }: { pages: ReadonlySet<RouteName> }) {
  const { t } = useTranslation();
  const me = useCurrentMe();
  const [opened, { toggle, close }] = useDisclosure();
  const location = useLocation();
  const entries = siteMenu(me, pages);

  const isUnder = (path: string) => location.pathname === path || location.pathname.startsWith(path.endsWith("/") ? path : `${path}/`);
  // The longest matching entry wins: `/settings/store-link` is Store link's page, not Settings'.
  const current = entries
    .map((entry) => routePath(entry.route))
    .filter((path) => path !== "/" && isUnder(path))
    .sort((a, b) => b.length - a.length)[0];
  const isCurrent = (route: RouteName) => {
    const path = routePath(route);
    return path === "/" ? location.pathname === "/" || location.pathname.startsWith("/projects") : path === current;
  };

  return (
    <CommandCenter siteEntries={entries} pages={pages}>
      <AppShell header={{ height: 56 }} navbar={{ width: 232, breakpoint: "sm", collapsed: { mobile: !opened } }} padding="md">
        <AppShell.Header>
          <SkipLink />
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t("menu.open_navigation")} />
              <SiteBrand />
            </Group>
            <Group gap="xs" wrap="nowrap">
              <HeaderCommandButtons />
              <HeaderTimer />
              <InboxBell enabled={pages.has("inbox") && entries.some((entry) => entry.route === "inbox")} />
              <UserMenu />
            </Group>
          </Group>
        </AppShell.Header>

        <AppShell.Navbar p="xs" aria-label={t("menu.main_navigation")}>
          <VisuallyHidden>
            <h2>{t("menu.main_navigation")}</h2>
          </VisuallyHidden>
          <AppShell.Section grow component={ScrollArea}>
            {entries.map((entry) => (
              <NavLink
                key={entry.route}
                component={Link}
                to={routePath(entry.route)}
                label={t(entry.label as TranslationKey)}
                active={isCurrent(entry.route)}
                onClick={close}
                style={{ borderRadius: 6 }}
              />
            ))}
          </AppShell.Section>
          {me.capabilities.manage_pm && (
            <AppShell.Section>
              <LicenseNotice />
            </AppShell.Section>
          )}
        </AppShell.Navbar>

        <AppShell.Main bg="var(--plotline-color-page)" id="main-content" tabIndex={-1} style={{ outline: "none" }}>
          <Outlet />
        </AppShell.Main>
      </AppShell>
      {/* "Complete its open sub-tasks too?", asked from wherever a task is completed. */}
      <CompletionQuestionHost />
    </CommandCenter>
  );
}



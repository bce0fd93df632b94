import { Anchor, AppShell, Burger, Group, Menu, NavLink, ScrollArea, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { routePath, type RouteName } from "@plotline/contracts";
import { IconChartLine, IconChevronDown, IconLogout, IconUserCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation } from "react-router";
import { useCurrentMe, useLogout } from "../features/auth/hooks/use-session.js";
import { notifySuccess } from "../lib/notify.js";
import { siteMenu } from "./site-menu.js";
import { UserAvatar } from "./UserAvatar.js";

/** The admin area's frame: header with the user menu, the site menu, and the page. */
export function AppLayout({ pages }: { pages: ReadonlySet<RouteName> }) {
  const { t } = useTranslation();
  const me = useCurrentMe();
  const [opened, { toggle, close }] = useDisclosure();
  const location = useLocation();
  const logout = useLogout();
  const entries = siteMenu(me, pages);

  const isCurrent = (route: RouteName) => {
    const path = routePath(route);
    return path === "/" ? location.pathname === "/" || location.pathname.startsWith("/projects") : location.pathname.startsWith(path);
  };

  const signOut = () => logout.mutate(undefined, { onSettled: () => notifySuccess(t("auth.signed_out")) });

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 232, breakpoint: "sm", collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Anchor href="#main-content" className="skip-link" onClick={(event) => {
          event.preventDefault();
          document.getElementById("main-content")?.focus();
        }}>
          {t("menu.skip_to_content")}
        </Anchor>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t("menu.open_navigation")} />
            <UnstyledButton component={Link} to={routePath("project_lists")} aria-label={t("app.name")}>
              <Group gap={8} wrap="nowrap">
                <ThemeIcon radius="md" aria-hidden>
                  <IconChartLine size={18} />
                </ThemeIcon>
                <Text fw={700}>{t("app.name")}</Text>
              </Group>
            </UnstyledButton>
          </Group>
          <Menu position="bottom-end" width={220} withinPortal>
            <Menu.Target>
              <UnstyledButton aria-label={t("menu.account")} data-testid="user-menu">
                <Group gap={8} wrap="nowrap">
                  <UserAvatar user={me.user} size={30} />
                  <Text size="sm" fw={500} visibleFrom="xs" truncate maw={160}>
                    {me.user.display_name}
                  </Text>
                  <IconChevronDown size={14} aria-hidden />
                </Group>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{me.user.email}</Menu.Label>
              <Menu.Item component={Link} to={routePath("account")} leftSection={<IconUserCircle size={16} />}>
                {t("menu.account")}
              </Menu.Item>
              <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={signOut}>
                {t("menu.sign_out")}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
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
              label={t(entry.label)}
              active={isCurrent(entry.route)}
              onClick={close}
              style={{ borderRadius: 6 }}
            />
          ))}
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main bg="gray.0" id="main-content" tabIndex={-1} style={{ outline: "none" }}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}



import { Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { routePath } from "@plotline/contracts";
import { IconChevronDown, IconLogout, IconUserCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCurrentMe, useLogout } from "../features/auth/hooks/use-session.js";
import { ColorSchemeMenuItems } from "../features/color-scheme/components/ColorSchemeMenuItems.js";
import { notifySuccess } from "../lib/notify.js";
import { UserAvatar } from "./UserAvatar.js";

/**
 * The signed-in user's menu in the header: the theme, their account and sign-out, plus any items a layout
 * adds first.
 */
export function UserMenu({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const me = useCurrentMe();
  const logout = useLogout();
  const signOut = () => logout.mutate(undefined, { onSettled: () => notifySuccess(t("auth.signed_out")) });
  return (
    // No focus placeholder: it is a child a menu may not have (axe's aria-required-children); without it
    // the menu focuses its first item on opening.
    <Menu position="bottom-end" width={240} withinPortal withInitialFocusPlaceholder={false}>
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
        {children}
        <ColorSchemeMenuItems />
        <Menu.Item component={Link} to={routePath("account")} leftSection={<IconUserCircle size={16} />}>
          {t("menu.account")}
        </Menu.Item>
        <Menu.Item c="var(--plotline-color-danger)" leftSection={<IconLogout size={16} />} onClick={signOut}>
          {t("menu.sign_out")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

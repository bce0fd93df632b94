import { ActionIcon, Indicator, Tooltip } from "@mantine/core";
import { routePath } from "@plotline/contracts";
import { IconBell } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useUnreadCount } from "../hooks/use-notifications.js";

/** The header bell: a link to the Inbox, with the number of unread entries when there are any. */
export function InboxBell({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const unread = useUnreadCount(enabled).data ?? 0;
  const label = unread > 0 ? t("inbox.bell_unread", { count: unread }) : t("inbox.bell");
  return (
    <Tooltip label={label} withArrow>
      <Indicator label={unread > 99 ? "99+" : unread} size={16} disabled={unread === 0} offset={4} color="red">
        <ActionIcon component={Link} to={routePath("inbox")} variant="subtle" color="gray" size="lg" aria-label={label} data-testid="inbox-bell">
          <IconBell size={20} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}

import { ActionIcon, Anchor, Box, Button, Card, Divider, Group, SegmentedControl, Stack, Text, Title, Tooltip, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { routePath, type Notification, type RouteName } from "@plotline/contracts";
import { IconBellCheck, IconCheck, IconInbox } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { EmptyState } from "../../../components/EmptyState.js";
import { ErrorState } from "../../../components/ErrorState.js";
import { LoadingScreen } from "../../../components/LoadingScreen.js";
import { UserAvatar } from "../../../components/UserAvatar.js";
import { formatAgo, formatDate, formatDateTime } from "../../../lib/dates.js";
import { translateServerMessage } from "../../../lib/server-messages.js";
import { DueBadge } from "../../tasks/components/DueBadge.js";
import { TASK_LINK_STATE } from "../../../lib/task-link-state.js";
import { useMarkAllRead, useMarkRead, useNotifications } from "../hooks/use-notifications.js";

/** Where an entry leads: its route with its parameters, or nowhere when this build has no such route. */
function hrefOf(entry: Notification): string | null {
  try {
    return routePath(entry.link.route as RouteName, entry.link.params);
  } catch {
    return null;
  }
}

/** The entry's sentence parameters with a due day in the reader's date format rather than the API's. */
function withDueDateFormatted(entry: Notification): Notification["message"] {
  if (!entry.due_on || typeof entry.message.params.date !== "string") return entry.message;
  return { ...entry.message, params: { ...entry.message.params, date: formatDate(entry.due_on) } };
}

function InboxEntry({ entry }: { entry: Notification }) {
  const { t } = useTranslation();
  const markRead = useMarkRead();
  const href = hrefOf(entry);
  const sentence = translateServerMessage(withDueDateFormatted(entry), entry.text);
  const open = () => {
    if (!entry.read) markRead.mutate(entry);
  };
  return (
    <Group wrap="nowrap" align="flex-start" gap="sm" px="md" py="sm" data-testid={`notification-${entry.id}`} data-read={entry.read}>
      <Box w={8} pt={12} aria-hidden>
        {!entry.read && <Box w={8} h={8} style={{ borderRadius: "50%", background: "var(--mantine-primary-color-filled)" }} />}
      </Box>
      {entry.actor ? <UserAvatar user={entry.actor} size={32} /> : <IconBellCheck size={32} stroke={1.2} color="var(--mantine-color-dimmed)" aria-hidden />}
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        {href ? (
          <Anchor
            component={Link}
            to={href}
            // A task opens as a modal over the Inbox, so closing it comes back here.
            state={entry.subject.type === "task" ? TASK_LINK_STATE : undefined}
            onClick={open}
            size="sm"
            fw={entry.read ? 400 : 600}
            c="var(--mantine-color-text)"
            style={{ overflowWrap: "anywhere" }}
          >
            {!entry.read && <VisuallyHidden>{t("inbox.unread_dot")}: </VisuallyHidden>}
            {sentence}
          </Anchor>
        ) : (
          <Text size="sm" fw={entry.read ? 400 : 600}>
            {sentence}
          </Text>
        )}
        {entry.excerpt && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {entry.excerpt}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          <time dateTime={new Date(entry.created_at.timestamp * 1000).toISOString()} title={formatDateTime(entry.created_at)}>
            {formatAgo(entry.created_at)}
          </time>{" "}
          · {entry.subject.type !== "task" && <>{t(`inbox.subject.${entry.subject.type}`)} </>}
          {t("inbox.in_project", { project: entry.project.title })}
        </Text>
        {entry.due_on && (
          <div>
            <DueBadge due={entry.due_on} status={null} />
          </div>
        )}
      </Stack>
      {!entry.read && (
        <Tooltip label={t("inbox.mark_read")} withArrow>
          <ActionIcon variant="subtle" color="gray" onClick={open} loading={markRead.isPending} aria-label={`${t("inbox.mark_read")}: ${sentence}`}>
            <IconCheck size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/** The Inbox: what concerns the signed-in user, newest first, with read state and a link to each record. */
export function InboxView() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const unreadOnly = params.get("show") === "unread";
  const query = useNotifications(unreadOnly);
  const markAll = useMarkAllRead();
  const entries = query.data?.pages.flatMap((page) => page.data) ?? [];
  const unread = query.data?.pages[0]?.meta.unread ?? 0;
  const newest = entries[0]?.id;

  return (
    <Stack maw={860} mx="auto" gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t("inbox.title")}</Title>
        <Group gap="sm">
          <SegmentedControl
            aria-label={t("inbox.show")}
            value={unreadOnly ? "unread" : "all"}
            onChange={(value) => setParams(value === "unread" ? { show: "unread" } : {}, { replace: true })}
            data={[
              { value: "all", label: t("inbox.all") },
              { value: "unread", label: `${t("inbox.unread")} (${unread})` },
            ]}
          />
          <Button variant="light" leftSection={<IconCheck size={16} />} disabled={unread === 0} loading={markAll.isPending} onClick={() => markAll.mutate(newest)}>
            {t("inbox.mark_all_read")}
          </Button>
        </Group>
      </Group>
      {query.isPending ? (
        <LoadingScreen />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState
          icon={<IconInbox size={28} />}
          title={unreadOnly ? t("inbox.empty_unread_title") : t("inbox.empty_title")}
          body={unreadOnly ? t("inbox.empty_unread_body") : t("inbox.empty_body")}
        />
      ) : (
        <Card withBorder padding={0} component="section" aria-label={t("inbox.title")}>
          {entries.map((entry, index) => (
            <Box key={entry.id}>
              {index > 0 && <Divider />}
              <InboxEntry entry={entry} />
            </Box>
          ))}
          {query.hasNextPage && (
            <UnstyledButton p="sm" ta="center" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              <Text size="sm" c="blue">
                {t("inbox.load_more")}
              </Text>
            </UnstyledButton>
          )}
        </Card>
      )}
    </Stack>
  );
}

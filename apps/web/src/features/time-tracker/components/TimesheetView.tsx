import "./time-tracker.css";
import { ActionIcon, Alert, Box, Button, Card, Group, Skeleton, Stack, Text, Title, Tooltip } from "@mantine/core";
import { IconChevronLeft, IconChevronRight, IconClockHour4, IconEye } from "@tabler/icons-react";
import type { TimesheetRow } from "@plotline/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { EmptyState } from "../../../components/EmptyState.js";
import { ErrorState } from "../../../components/ErrorState.js";
import { formatDayRange, todayString } from "../../../lib/dates.js";
import { useCurrentMe } from "../../auth/hooks/use-session.js";
import { useTimesheet } from "../hooks/use-timesheet.js";
import { withPickedRows } from "../lib/timesheet-rows.js";
import { shiftWeek, weekDays, weekFromParam, weekStart } from "../lib/week.js";
import { AddTaskRow } from "./AddTaskRow.js";
import { MyTasksTabs } from "./MyTasksTabs.js";
import { TimesheetGrid } from "./TimesheetGrid.js";
import { TimesheetMemberPicker } from "./TimesheetMemberPicker.js";

/**
 * The week's grid in its card, with the empty state, and on one's own sheet "Add a task" for tasks
 * without time yet this week. Keyed by week and member, so the picked rows belong to one sheet.
 */
function SheetCard({ sheet, myId, today }: { sheet: ReturnType<typeof useTimesheet>; myId: number; today: string }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<TimesheetRow[]>([]);
  const data = sheet.data;
  const rows = data ? withPickedRows(data.rows, picked) : [];
  const owner = data?.user.data;
  return (
    <>
      <Card withBorder padding={0} radius="md" style={{ opacity: sheet.isPlaceholderData ? 0.6 : 1, transition: "opacity 120ms" }} aria-busy={sheet.isFetching}>
        {sheet.error ? (
          <Box p="md">
            <ErrorState error={sheet.error} onRetry={() => void sheet.refetch()} />
          </Box>
        ) : !data ? (
          <Stack gap="xs" p="md" aria-busy="true" aria-label={t("common.loading")}>
            <Skeleton height={32} />
            <Skeleton height={32} />
            <Skeleton height={32} />
          </Stack>
        ) : rows.length === 0 ? (
          <EmptyState
            icon={<IconClockHour4 />}
            title={t("timesheet.empty_title")}
            body={owner && owner.id !== myId ? t("timesheet.empty_other_body", { name: owner.display_name }) : t("timesheet.empty_body")}
          />
        ) : (
          <TimesheetGrid sheet={{ ...data, rows }} today={today} />
        )}
        {data?.editable && !sheet.isPlaceholderData && (data.days[0] ?? today) <= today && (
          <Group px="md" py="sm" justify={rows.length === 0 ? "center" : "flex-start"} style={{ borderTop: rows.length === 0 ? undefined : "1px solid var(--mantine-color-default-border)" }}>
            <AddTaskRow userId={myId} shown={new Set(rows.map((row) => row.task.id))} onAdd={(row) => setPicked((current) => [...current, row])} />
          </Group>
        )}
      </Card>
      {data?.editable && rows.length > 0 && (
        <Text size="xs" c="dimmed">
          {t("timesheet.hint_editable")}
        </Text>
      )}
    </>
  );
}

/** The member the address asks for (`?user_id=`), or null for the signed-in user's own sheet. */
function memberFromParam(param: string | null, myId: number): number | null {
  if (!param || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return id === myId ? null : id;
}

/**
 * `timesheet`: a week of logged time, the signed-in user's own or, for managers, a member's. The week
 * (`?start=`, its Monday) and the member (`?user_id=`) are in the address, so Back and a shared link
 * show the same sheet. Without `start` it is this week as the server counts days (the site's time zone).
 */
export function TimesheetView() {
  const { t } = useTranslation();
  const me = useCurrentMe();
  const [params, setParams] = useSearchParams();
  const start = weekFromParam(params.get("start"));
  const member = memberFromParam(params.get("user_id"), me.user.id);
  const sheet = useTimesheet(member, start);
  const today = todayString();
  // The week asked for names the columns at once; the server's days only stand for "this week" (its zone).
  const serverDays = sheet.isPlaceholderData ? undefined : sheet.data?.days;
  const days = start ? weekDays(start) : serverDays?.length ? serverDays : weekDays(weekStart(today));
  const monday = days[0] as string;

  const show = (changes: { start?: string | null; member?: number | null }) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (changes.start !== undefined) {
        if (changes.start === null) next.delete("start");
        else next.set("start", changes.start);
      }
      if (changes.member !== undefined) {
        if (changes.member === null) next.delete("user_id");
        else next.set("user_id", String(changes.member));
      }
      return next;
    });

  const owner = sheet.data?.user.data ?? null;
  const isThisWeek = days.includes(today);

  return (
    <Stack maw={1200} mx="auto" gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={1} size="h2">
          {t("my_tasks.title")}
        </Title>
        <MyTasksTabs current="timesheet" />
      </Group>

      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap" align="center">
          <Group gap="xs" wrap="nowrap">
            <Tooltip label={t("timesheet.previous_week")} withArrow>
              <ActionIcon variant="default" size="lg" onClick={() => show({ start: shiftWeek(monday, -1) })} aria-label={t("timesheet.previous_week")}>
                <IconChevronLeft size={18} />
              </ActionIcon>
            </Tooltip>
            <Button variant="default" onClick={() => show({ start: null })} disabled={isThisWeek}>
              {t("timesheet.this_week")}
            </Button>
            <Tooltip label={t("timesheet.next_week")} withArrow>
              <ActionIcon variant="default" size="lg" onClick={() => show({ start: shiftWeek(monday, 1) })} aria-label={t("timesheet.next_week")}>
                <IconChevronRight size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <Title order={2} size="h4" aria-live="polite" data-testid="timesheet-range">
            {formatDayRange(monday, days[days.length - 1] as string)}
          </Title>
        </Group>
        <TimesheetMemberPicker isSiteManager={me.capabilities.manage_pm} me={me.user} owner={owner} onChange={(id) => show({ member: id })} />
      </Group>

      {sheet.data && !sheet.data.editable && owner && owner.id !== me.user.id && (
        <Alert variant="light" color="blue" icon={<IconEye size={16} />}>
          {t("timesheet.read_only", { name: owner.display_name })}
        </Alert>
      )}

      <SheetCard key={`${member ?? "me"}:${start ?? "this-week"}`} sheet={sheet} myId={me.user.id} today={today} />
    </Stack>
  );
}

import type { CalendarRef } from "@fullcalendar/react";
import { Alert, Group, Loader, Paper, Stack, Title } from "@mantine/core";
import { ROUTES, routePath, type CalendarEvent } from "@plotline/contracts";
import { IconCalendarOff } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useMatch, useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../../api/client.js";
import { EmptyState } from "../../../components/EmptyState.js";
import { ErrorState } from "../../../components/ErrorState.js";
import { LoadingScreen } from "../../../components/LoadingScreen.js";
import { invalidateAfter } from "../../../lib/query-keys.js";
import { useCurrentMe } from "../../auth/hooks/use-session.js";
import { useFirstDayOfWeek } from "../../site-settings/hooks/use-site-settings.js";
import { formatDayRange, todayString } from "../../../lib/dates.js";
import { useCalendarEvents, useCalendarProjects, useCalendarResource, type CalendarRange } from "../hooks/use-calendar.js";
import { useCalendarMoves } from "../hooks/use-calendar-moves.js";
import { addDays, weekOf } from "../lib/calendar-dates.js";
import { CalendarFilters, type CalendarFilterValues } from "./CalendarFilters.js";
import { CalendarLegend } from "./CalendarLegend.js";
import { CalendarToolbar, PHONE_QUERY, type CalendarViewName } from "./CalendarToolbar.js";
import { DayCalendar, FULLCALENDAR_VIEWS, type ShownRange } from "./DayCalendar.js";
import { NewTaskModal, type NewTaskDraft } from "./NewTaskModal.js";
import { UserView } from "./UserView.js";

/** "Mar 1 – 7, 2026": the user view's week as its heading. */
function weekTitle(days: readonly string[]): string {
  return formatDayRange(days[0] ?? "", days[days.length - 1] ?? "");
}

/** The filters the address holds; without `filter`, the users filter is the signed-in user (the spec's default). */
function useAppliedFilters(currentUserId: number): CalendarFilterValues {
  const [searchParams] = useSearchParams();
  const projectMatch = useMatch(ROUTES.project_calendar);
  const rawProject = projectMatch?.params.project_id ?? searchParams.get("project_id");
  const projectId = rawProject && /^\d+$/.test(rawProject) && rawProject !== "0" ? Number(rawProject) : null;
  const users = searchParams.get("filter")
    ? searchParams.getAll("users").filter((value) => /^\d+$/.test(value)).map(Number)
    : [currentUserId];
  return { projectId, users };
}

/**
 * The calendar page: filters, legend, toolbar, then the month, week and day views (FullCalendar) or the
 * user view. A day click opens the New Task popup; a task opens the single task over the calendar (a
 * child route, so the view and date stay); a milestone goes to its project's milestones.
 */
export function CalendarScreen() {
  const { t } = useTranslation();
  const me = useCurrentMe();
  const navigate = useNavigate();
  const location = useLocation();
  const applied = useAppliedFilters(me.user.id);
  const projectsQuery = useCalendarProjects();
  const moves = useCalendarMoves();
  const calendarRef = useRef<CalendarRef>(null);
  const firstDay = useFirstDayOfWeek();
  // A phone opens on the list: a month grid that narrow shows only "+1" chips.
  const [view, setView] = useState<CalendarViewName>(() => (window.matchMedia(PHONE_QUERY).matches ? "list" : "month"));
  const [anchor, setAnchor] = useState(todayString);
  const [shown, setShown] = useState<ShownRange | null>(null);
  const [draft, setDraft] = useState<NewTaskDraft | null>(null);

  const week = useMemo(() => weekOf(anchor, firstDay), [anchor, firstDay]);
  const usersKey = applied.users.join(",");
  const range: CalendarRange | null = useMemo(() => {
    const bounds = view === "user" ? { start: week[0] ?? anchor, end: addDays(week[6] ?? anchor, 1) } : shown && { start: shown.start, end: shown.end };
    return bounds && { ...bounds, projectId: applied.projectId, users: usersKey ? usersKey.split(",").map(Number) : [] };
  }, [view, week, anchor, shown, applied.projectId, usersKey]);
  const eventsQuery = useCalendarEvents(view === "user" ? null : range);
  const resourceQuery = useCalendarResource(view === "user" ? range : null);
  const activeQuery = view === "user" ? resourceQuery : eventsQuery;

  // Switched off in the modules list meanwhile: the session's module list is stale, and reloading it makes
  // the page and its menu entry go.
  const queryClient = useQueryClient();
  const switchedOff = [projectsQuery.error, activeQuery.error].some((error) => error instanceof ApiError && error.code === "module_inactive");
  useEffect(() => {
    if (switchedOff) void invalidateAfter(queryClient, { entity: "session" });
  }, [switchedOff, queryClient]);

  const api = () => calendarRef.current?.getApi();
  const navigation = {
    onToday: () => (view === "user" ? setAnchor(todayString()) : api()?.today()),
    onPrev: () => (view === "user" ? setAnchor(addDays(anchor, -7)) : api()?.prev()),
    onNext: () => (view === "user" ? setAnchor(addDays(anchor, 7)) : api()?.next()),
    onView: (next: CalendarViewName) => {
      if (next !== "user" && view !== "user") api()?.changeView(FULLCALENDAR_VIEWS[next]);
      setView(next);
    },
  };

  const applyFilters = (values: CalendarFilterValues) => {
    const search = new URLSearchParams();
    if (values.projectId !== null) search.set("project_id", String(values.projectId));
    for (const id of values.users) search.append("users", String(id));
    search.set("filter", "1");
    void navigate({ pathname: routePath("calendar"), search: `?${search.toString()}` });
  };

  const open = (event: CalendarEvent) => {
    if (event.type === "milestone") {
      void navigate(routePath("milestones", { project_id: event.project_id }));
      return;
    }
    // The project filter of a project calendar rides along, so closing the task finds the same calendar.
    const search = new URLSearchParams(location.search);
    if (applied.projectId !== null) search.set("project_id", String(applied.projectId));
    const query = search.toString();
    void navigate(
      { pathname: routePath("calendar_single_task", { project_id: event.project_id, task_id: event.id }), search: query ? `?${query}` : "" },
      { state: { backToPrevious: true } },
    );
  };

  if (projectsQuery.isPending) return <LoadingScreen />;
  if (projectsQuery.error) return <ErrorState error={projectsQuery.error} onRetry={() => void projectsQuery.refetch()} />;
  const { projects, users } = projectsQuery.data;
  const canCreate = projects.some((project) => project.abilities.create_task);
  const newTask = (day: string, assigneeId: number | null = null) => {
    if (canCreate) setDraft({ day, projectId: applied.projectId, assigneeId });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {t("calendar.title")}
        </Title>
        <CalendarFilters key={`${applied.projectId}:${usersKey}`} projects={projects} users={users} applied={applied} onApply={applyFilters} />
      </Group>
      {projects.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <EmptyState icon={<IconCalendarOff size={28} />} title={t("calendar.empty_title")} body={t("calendar.empty_body")} />
        </Paper>
      ) : (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <CalendarToolbar
              title={view === "user" ? weekTitle(week) : (shown?.title ?? "")}
              view={view}
              {...navigation}
              onNewTask={() => newTask(todayString())}
              canCreate={canCreate}
            />
            <Group justify="space-between" gap="sm">
              <CalendarLegend />
              {activeQuery.isFetching && <Loader size="xs" role="img" aria-label={t("common.loading")} />}
            </Group>
            {activeQuery.error && <ErrorState error={activeQuery.error} onRetry={() => void activeQuery.refetch()} />}
            {activeQuery.data?.meta.truncated && (
              <Alert color="yellow" variant="light">
                {t("calendar.truncated")}
              </Alert>
            )}
            {view === "user" ? (
              <UserView
                days={week}
                resources={resourceQuery.data?.data.resources ?? []}
                events={moves.pending ?? resourceQuery.data?.data.events ?? []}
                onChange={(change) => moves.onUserViewChange(change, resourceQuery.data?.data.events ?? [], resourceQuery.data?.data.resources ?? [])}
                onOpen={open}
                onDayClick={(day, userId) => newTask(day, userId > 0 ? userId : null)}
              />
            ) : (
              <DayCalendar
                calendarRef={calendarRef}
                view={view}
                anchor={anchor}
                firstDay={firstDay}
                events={eventsQuery.data?.data ?? []}
                onRange={(next) => {
                  setShown(next);
                  setAnchor(next.anchor);
                }}
                onDayClick={(day) => newTask(day)}
                onOpen={open}
                onMove={moves.onMove}
                onResize={moves.onResize}
              />
            )}
          </Stack>
        </Paper>
      )}
      {draft && <NewTaskModal draft={draft} projects={projects} onClose={() => setDraft(null)} />}
      <Outlet />
    </Stack>
  );
}

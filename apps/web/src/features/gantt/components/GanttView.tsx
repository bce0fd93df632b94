import { Alert, Button, Group, Menu, SegmentedControl, Skeleton, Stack, Switch, Text, Title } from "@mantine/core";
import { routePath, toGanttEnd, type GanttShift, type Project } from "@plotline/contracts";
import type { IApi } from "@svar-ui/react-gantt";
import { IconCalendarEvent, IconChartDots3, IconDownload, IconInfoCircle } from "@tabler/icons-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ConfirmDialog } from "../../../components/ConfirmDialog.js";
import { EmptyState } from "../../../components/EmptyState.js";
import { ErrorState } from "../../../components/ErrorState.js";
import { formatDate, todayString } from "../../../lib/dates.js";
import { notifyError, notifySuccess } from "../../../lib/notify.js";
import { TASK_LINK_STATE } from "../../../lib/task-link-state.js";
import { ganttPath, useCriticalPath, useDrawnChart, useGanttChart, useGanttWrites } from "../hooks/use-gantt.js";
import { buildChart, CHART_LINK_TYPES, datesOfBar, dayToDate, linkTypeOf, taskType, type ChartRow } from "../lib/gantt-chart.js";
import { saveDroppedBar } from "../lib/gantt-drop.js";
import { GANTT_ZOOM_LEVELS, type GanttZoom } from "../lib/gantt-scales.js";
import { GanttChart, PAGE_SOURCE, type ChartHandlers } from "./GanttChart.js";
import { RescheduleQuestion } from "./RescheduleQuestion.js";

/** A question waiting for the reader: which task moved and the successors it would push. */
interface Reschedule {
  taskId: number;
  title: string;
  shifts: GanttShift[];
}

/**
 * The project's Gantt chart: a toolbar (zoom, today, critical path, export), the tasks without dates, and
 * the chart. Moving or resizing a bar saves its dates through the task update call and, when successors
 * must follow, asks "Also move N dependent tasks?"; a refusal puts the bar back and shows the reason.
 */
export function GanttView({ project }: { project: Project }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const projectId = project.id;
  const chartQuery = useGanttChart(projectId);
  const writes = useGanttWrites(projectId);
  const [zoom, setZoom] = useState<GanttZoom>("day");
  const [showCritical, setShowCritical] = useState(false);
  const critical = useCriticalPath(projectId, showCritical);
  const [question, setQuestion] = useState<Reschedule | null>(null);
  const [moving, setMoving] = useState(false);
  const [linkToDelete, setLinkToDelete] = useState<number | null>(null);
  const [approvedDeletes] = useState(() => new Set<number>());
  const api = useRef<IApi | null>(null);
  const today = todayString();

  const names = useMemo(() => new Map((project.assignees?.data ?? []).map((member) => [member.id, member.display_name])), [project.assignees]);
  const { drawn, redraw } = useDrawnChart(chartQuery);
  const chart = useMemo(() => (drawn ? buildChart(drawn, { names, today }) : null), [drawn, names, today]);
  // The rows as last saved, by id: what a refused move goes back to, and what the critical path restyles.
  const saved = useRef(new Map<number | string, ChartRow>());
  useEffect(() => {
    saved.current = new Map((chart?.rows ?? []).map((row) => [row.id, { ...row }]));
  }, [chart]);

  const keepApi = useCallback((ready: IApi) => {
    api.current = ready;
  }, []);

  const setBar = useCallback((id: number, start: string, due: string) => {
    api.current?.exec("update-task", { id, task: { start: dayToDate(start), end: dayToDate(toGanttEnd(due)), startDay: start, dueDay: due }, eventSource: PAGE_SOURCE });
    const row = saved.current.get(id);
    if (row) saved.current.set(id, { ...row, startDay: start, dueDay: due });
  }, []);

  // The critical path restyles the bars in place: on when shown, back to plain when hidden.
  useEffect(() => {
    if (!chart || !api.current) return;
    const onPath = new Set(showCritical ? (critical.data?.task_ids ?? []) : []);
    for (const row of saved.current.values()) {
      if (row.kind !== "task" || !row.scheduled || typeof row.id !== "number" || row.type === "done") continue;
      const type = taskType({ status: 0 }, onPath.has(row.id));
      const shown = api.current.getTask(row.id);
      if (shown && shown.type !== type) api.current.exec("update-task", { id: row.id, task: { type }, eventSource: PAGE_SOURCE });
    }
  }, [chart, showCritical, critical.data]);

  const handlers: ChartHandlers = {
    onBarChanged: (id) => {
      const row = saved.current.get(id);
      const shown = api.current?.getTask(id);
      if (!row || !shown?.start || !shown.end) return;
      const dates = datesOfBar(shown.start, shown.end);
      if (dates.start_at === row.startDay && dates.due_date === row.dueDay) return;
      void saveDroppedBar({
        save: async () => {
          await writes.saveDates(id, row.text, dates);
        },
        saved: () => {
          setBar(id, dates.start_at, dates.due_date);
          notifySuccess(t("gantt.saved", { title: row.text, start: formatDate(dates.start_at), due: formatDate(dates.due_date) }));
        },
        putBack: () => setBar(id, row.startDay, row.dueDay),
        preview: async () => (await writes.reschedule(id, false)).shifts,
        ask: (shifts) => setQuestion({ taskId: id, title: row.text, shifts }),
        fail: notifyError,
      });
    },
    onLinkDrawn: ({ source, target, type }) => {
      const linkType = linkTypeOf(type);
      const chartType = CHART_LINK_TYPES[linkType ?? 0];
      const targetRow = saved.current.get(target);
      if (typeof source !== "number" || typeof target !== "number" || linkType === null) return notifyError(new Error(t("gantt.link_ends")));
      if (!targetRow?.canEdit) return notifyError(new Error(t("gantt.link_not_yours", { title: targetRow?.text ?? "" })));
      void (async () => {
        try {
          const link = await writes.createLink({ source, target, type: linkType });
          api.current?.exec("add-link", { id: link.id, link: { id: link.id, source, target, type: chartType }, eventSource: PAGE_SOURCE });
          notifySuccess(t("gantt.link_saved"));
          const plan = await writes.reschedule(source, false);
          if (plan.shifts.length > 0) setQuestion({ taskId: source, title: saved.current.get(source)?.text ?? "", shifts: plan.shifts });
        } catch (error) {
          notifyError(error);
        }
      })();
    },
    onLinkDelete: (id) => setLinkToDelete(id),
    onSchedule: async (id) => {
      const row = saved.current.get(id);
      if (!row) return;
      try {
        await writes.saveDates(id, row.text, { start_at: today, due_date: today });
        notifySuccess(t("gantt.scheduled", { title: row.text }));
        await redraw();
      } catch (error) {
        notifyError(error);
      }
    },
    onOpen: (id) => {
      if (typeof id !== "number") return;
      void navigate(routePath("single_task", { project_id: projectId, task_id: id }), { state: TASK_LINK_STATE });
    },
  };

  const deleteLink = async () => {
    if (linkToDelete === null) return;
    try {
      await writes.deleteLink(linkToDelete);
      approvedDeletes.add(linkToDelete);
      await api.current?.exec("delete-link", { id: linkToDelete });
      notifySuccess(t("gantt.link_deleted"));
    } catch (error) {
      notifyError(error);
    } finally {
      setLinkToDelete(null);
    }
  };

  const applyReschedule = async () => {
    if (!question) return;
    setMoving(true);
    try {
      const done = await writes.reschedule(question.taskId, true);
      for (const shift of done.shifts) setBar(shift.task_id, shift.new_start_at, shift.new_due_date);
      if (done.message) notifySuccess(done.message);
    } catch (error) {
      notifyError(error);
    } finally {
      setMoving(false);
      setQuestion(null);
    }
  };

  // The link's two tasks, read from the widget: it also holds the links drawn since the chart was read.
  const linkRows = useMemo(() => {
    if (linkToDelete === null) return null;
    const link = api.current?.getState().links.byId(linkToDelete);
    return link ? { source: saved.current.get(link.source)?.text ?? "", target: saved.current.get(link.target)?.text ?? "" } : null;
  }, [linkToDelete]);

  if (chartQuery.error) return <ErrorState error={chartQuery.error} onRetry={() => void chartQuery.refetch()} />;
  const readOnly = !(drawn?.data.some((task) => task.can_edit) ?? false);
  const exportHref = (format: "pdf" | "png" | "csv") => `/api/${ganttPath(projectId)}/export?format=${format}&zoom=${zoom}`;

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h3">
          {t("gantt.title")}
        </Title>
        <Group gap="xs" wrap="wrap">
          <SegmentedControl
            size="xs"
            aria-label={t("gantt.zoom_label")}
            value={zoom}
            onChange={(value) => setZoom(value as GanttZoom)}
            data={GANTT_ZOOM_LEVELS.map((level) => ({ value: level, label: t(`gantt.zoom_${level}`) }))}
          />
          <Button size="xs" variant="default" leftSection={<IconCalendarEvent size={14} />} onClick={() => void api.current?.exec("scroll-chart", { date: dayToDate(today) })}>
            {t("gantt.today")}
          </Button>
          <Switch size="sm" label={t("gantt.critical_path")} checked={showCritical} onChange={(event) => setShowCritical(event.currentTarget.checked)} thumbIcon={<IconChartDots3 size={10} />} />
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button size="xs" variant="default" leftSection={<IconDownload size={14} />}>
                {t("gantt.export")}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item component="a" href={exportHref("pdf")} download>
                {t("gantt.export_pdf")}
              </Menu.Item>
              <Menu.Item component="a" href={exportHref("png")} download>
                {t("gantt.export_png")}
              </Menu.Item>
              <Menu.Item component="a" href={exportHref("csv")} download>
                {t("gantt.export_csv")}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      {showCritical && critical.data && (
        <Text size="sm" c="dimmed" data-testid="gantt-critical-summary">
          {critical.data.finish
            ? t("gantt.critical_summary", { count: critical.data.task_ids.length, finish: formatDate(critical.data.finish) })
            : t("gantt.critical_none")}
        </Text>
      )}
      {readOnly && (
        <Alert variant="light" icon={<IconInfoCircle size={16} />} py="xs">
          {t("gantt.read_only")}
        </Alert>
      )}
      {!chart ? (
        <Skeleton height={420} radius="md" />
      ) : chart.rows.length === 0 ? (
        <EmptyState
          icon={<IconChartDots3 size={32} />}
          title={t("gantt.empty_title")}
          body={t("gantt.empty_body")}
          action={
            <Button component={Link} to={routePath("task_lists", { project_id: projectId })} variant="light">
              {t("gantt.go_to_lists")}
            </Button>
          }
        />
      ) : (
        <>
          {chart.unscheduled.length > 0 && (
            <Text size="sm" c="dimmed" data-testid="gantt-unscheduled">
              {t("gantt.unscheduled", { count: chart.unscheduled.length })} · {t("gantt.unscheduled_hint")}
            </Text>
          )}
          {chart.rows.length > 0 && (
            <GanttChart
              chart={chart}
              zoom={zoom}
              today={today}
              workingDays={drawn?.meta.working_days ?? []}
              readOnly={readOnly}
              handlers={handlers}
              approvedDeletes={approvedDeletes}
              onReady={keepApi}
              label={t("gantt.chart_label", { project: project.title })}
            />
          )}
        </>
      )}
      <RescheduleQuestion question={question} moving={moving} onMove={() => void applyReschedule()} onKeep={() => setQuestion(null)} />
      <ConfirmDialog
        opened={linkToDelete !== null}
        title={t("gantt.delete_link_title")}
        message={t("gantt.delete_link_message", { source: linkRows?.source ?? "", target: linkRows?.target ?? "" })}
        confirmLabel={t("gantt.delete_link")}
        onConfirm={() => void deleteLink()}
        onClose={() => setLinkToDelete(null)}
      />
    </Stack>
  );
}

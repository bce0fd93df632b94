import "@svar-ui/react-gantt/style.css";
import { Button, SegmentedControl, useComputedColorScheme } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { Gantt, Willow, WillowDark, type IApi, type IColumnConfig } from "@svar-ui/react-gantt";
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../lib/dates.js";
import { addDays } from "@plotline/contracts";
import { dateToDay, dayToDate, type ChartData, type ChartRow } from "../lib/gantt-chart.js";
import { chartRange, GANTT_SCALES, scaleRows, type GanttZoom } from "../lib/gantt-scales.js";
import "./gantt.css";

/** Writes the page makes to the chart itself carry this source, so the chart's own listeners let them be. */
export const PAGE_SOURCE = "plotline";

/** What the chart asks of the page: each answers whether the widget should go on with the change itself. */
export interface ChartHandlers {
  /** A bar was moved or resized and dropped: save it (or put it back). */
  onBarChanged: (id: number) => void;
  /** A link was drawn between two bars: save it; the page adds it to the chart once saved. */
  onLinkDrawn: (link: { source: number | string; target: number | string; type: string }) => void;
  /** The delete button of a selected link was pressed: ask, then delete it through `approveDelete`. */
  onLinkDelete: (id: number) => void;
  /** A bar or row was opened (double-click, Enter). */
  onOpen: (id: number | string) => void;
  /** "Schedule" on a task without dates: give it today as start and due date. */
  onSchedule: (id: number) => Promise<void>;
}

/** The page's handlers, for the cells the widget draws inside the grid. */
const HandlersContext = createContext<{ current: ChartHandlers } | null>(null);

/**
 * The Start cell: the start date, or for a task without dates (which has no bar) a Schedule button that
 * gives it today, where the reader may change the task.
 */
function StartCell({ row }: { row: object }) {
  const { t } = useTranslation();
  const handlers = use(HandlersContext);
  const [busy, setBusy] = useState(false);
  const chartRow = row as ChartRow;
  if (chartRow.kind === "list") return null;
  if (chartRow.scheduled) return <span>{formatDate(chartRow.startDay)}</span>;
  if (!chartRow.mayEdit || typeof chartRow.id !== "number") return <span className="pl-gantt-no-dates">{t("gantt.no_dates")}</span>;
  const id = chartRow.id;
  return (
    <Button
      size="compact-xs"
      variant="light"
      loading={busy}
      aria-label={t("gantt.schedule_label", { title: chartRow.text })}
      onClick={(event) => {
        event.stopPropagation();
        setBusy(true);
        void handlers?.current.onSchedule(id).finally(() => setBusy(false));
      }}
    >
      {t("gantt.schedule")}
    </Button>
  );
}

const TASK_TYPES = [
  { id: "task", label: "Task" },
  { id: "summary", label: "List" },
  { id: "milestone", label: "Milestone" },
  { id: "done", label: "Done" },
  { id: "critical", label: "Critical" },
  { id: "unscheduled", label: "Without dates" },
  { id: "empty-list", label: "List without dates" },
];

/** Grid edits the chart does not allow: tasks are made, deleted and ordered in the task lists. */
const REFUSED_ACTIONS = ["add-task", "delete-task", "move-task", "indent-task", "copy-task", "paste-task"] as const;

/**
 * The chart widget (SVAR Gantt, MIT edition): a grid of the rows beside their bars on a time scale. It keeps
 * its own copy of the rows once drawn; the page pushes changes into it through `api`, never by handing it
 * new arrays (a redraw of 5,000 rows). Drags are allowed on the rows the reader may edit; everything the
 * widget would do by itself beyond moving bars (editing, deleting, drawing links) goes through the page.
 */
export function GanttChart({
  chart,
  zoom,
  today,
  workingDays,
  readOnly,
  handlers,
  approvedDeletes,
  onReady,
  label,
}: {
  chart: ChartData;
  zoom: GanttZoom;
  today: string;
  workingDays: readonly number[];
  readOnly: boolean;
  handlers: ChartHandlers;
  /** Link ids the page agreed to delete: the widget's delete goes through for them only. */
  approvedDeletes: Set<number>;
  onReady: (api: IApi) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery("(max-width: 48em)") ?? false;
  const isDark = useComputedColorScheme("light") === "dark";
  // A phone shows the bars or the grid, one at a time.
  const [phoneView, setPhoneView] = useState<"chart" | "grid">("chart");
  // The widget calls these for the whole life of the chart: they read the page's latest handlers.
  const latest = useRef(handlers);
  latest.current = handlers;
  const rowsById = useRef(new Map<number | string, ChartRow>());
  rowsById.current = new Map(chart.rows.map((row) => [row.id, row]));

  const init = useCallback(
    (api: IApi) => {
      const canEdit = (id: number | string) => rowsById.current.get(id)?.canEdit ?? false;
      api.intercept("drag-task", (event) => canEdit(event.id));
      api.intercept("update-task", (event) => event.eventSource === PAGE_SOURCE || canEdit(event.id));
      api.on("update-task", (event) => {
        if (event.inProgress || event.eventSource === PAGE_SOURCE || typeof event.id !== "number") return;
        latest.current.onBarChanged(event.id);
      });
      api.intercept("add-link", (event) => {
        if (event.eventSource === PAGE_SOURCE) return true;
        const { source, target, type } = event.link;
        if (source !== undefined && target !== undefined && type) latest.current.onLinkDrawn({ source, target, type });
        return false;
      });
      api.intercept("delete-link", (event) => {
        if (typeof event.id === "number" && approvedDeletes.delete(event.id)) return true;
        if (typeof event.id === "number") latest.current.onLinkDelete(event.id);
        return false;
      });
      api.intercept("show-editor", (event) => {
        latest.current.onOpen(event.id);
        return false;
      });
      for (const action of REFUSED_ACTIONS) api.intercept(action, () => false);
      apiRef.current = api;
      onReady(api);
      // Open on this week rather than on the first day drawn.
      void api.exec("scroll-chart", { date: dayToDate(addDays(today, -3)) });
    },
    [approvedDeletes, onReady, today],
  );

  const columns = useMemo<IColumnConfig[]>(() => {
    const title: IColumnConfig = { id: "text", header: t("gantt.col_title"), width: isPhone ? 130 : 200, resize: true };
    if (isPhone) return [title];
    // The grid hands templates its rows, which are the chart's rows as given.
    const day = (field: "startDay" | "dueDay") => (_value: unknown, row: object) => {
      const chartRow = row as ChartRow;
      return chartRow.kind === "list" || !chartRow.scheduled ? "" : formatDate(chartRow[field]);
    };
    return [
      title,
      { id: "start", header: t("gantt.col_start"), width: 104, align: "center", resize: true, cell: StartCell },
      { id: "dueDay", header: t("gantt.col_due"), width: 104, align: "center", resize: true, template: day("dueDay") },
      { id: "assignees", header: t("gantt.col_assignee"), width: 110, resize: true },
      {
        id: "progress",
        header: t("gantt.col_progress"),
        width: 88,
        align: "center",
        resize: true,
        template: (value: number, row: object) => ((row as ChartRow).kind === "milestone" ? "" : `${value}%`),
      },
    ];
  }, [isPhone, t]);

  const range = useMemo(() => chartRange(chart.span, zoom, today), [chart.span, zoom, today]);
  const { cellWidth } = GANTT_SCALES[zoom];
  const scales = useMemo(() => scaleRows(zoom, today), [zoom, today]);
  const offDays = useMemo(() => new Set([1, 2, 3, 4, 5, 6, 7].filter((day) => !workingDays.includes(day))), [workingDays]);
  const highlightTime = useCallback(
    (date: Date, unit: "day" | "hour") => {
      if (unit !== "day") return "";
      const isToday = dateToDay(date) === today;
      const isOff = offDays.has(date.getDay() === 0 ? 7 : date.getDay());
      return [isToday ? "pl-gantt-today" : "", isOff ? "wx-weekend" : ""].join(" ").trim();
    },
    [offDays, today],
  );

  // A new zoom redraws the scale from its first day: bring this week back into view.
  const apiRef = useRef<IApi | null>(null);
  useEffect(() => {
    void apiRef.current?.exec("scroll-chart", { date: dayToDate(addDays(today, -3)) });
  }, [zoom, today]);

  const Theme = isDark ? WillowDark : Willow;
  return (
    <>
    {isPhone && (
      <SegmentedControl
        size="xs"
        fullWidth
        aria-label={t("gantt.phone_view")}
        value={phoneView}
        onChange={(value) => setPhoneView(value === "grid" ? "grid" : "chart")}
        data={[
          { value: "chart", label: t("gantt.phone_chart") },
          { value: "grid", label: t("gantt.phone_grid") },
        ]}
      />
    )}
    <div className={`pl-gantt ${readOnly ? "pl-gantt-readonly" : ""}`} role="region" aria-label={label} data-testid="gantt-chart">
      <HandlersContext value={latest}>
      <Theme fonts={false}>
        <Gantt
          init={init}
          tasks={chart.rows}
          links={chart.links}
          taskTypes={TASK_TYPES}
          scales={scales}
          lengthUnit="day"
          cellWidth={cellWidth}
          cellHeight={34}
          scaleHeight={30}
          columns={columns}
          gridWidth={isPhone ? 130 : 606}
          displayMode={isPhone ? phoneView : "all"}
          start={range.start}
          end={range.end}
          zoom={false}
          readonly={readOnly}
          highlightTime={highlightTime}
        />
      </Theme>
      </HandlersContext>
    </div>
    </>
  );
}


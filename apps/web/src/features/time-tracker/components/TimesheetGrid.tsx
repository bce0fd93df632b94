import "./time-tracker.css";
import { Anchor, Popover, Text, VisuallyHidden } from "@mantine/core";
import { TASK_STATUS, type Timesheet, type TimesheetRow } from "@plotline/contracts";
import { useId, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDayRange, formatWeekday } from "../../../lib/dates.js";
import { taskLink } from "../lib/task-link.js";
import { formatDuration, formatHours } from "../lib/time-format.js";
import { cellSeconds, sheetTotals } from "../lib/timesheet-totals.js";
import { AddTimeForm } from "./AddTimeForm.js";

/** A cell that takes time: a button opening a small form for that task and day (click, Enter or Space). */
function EditableCell({ row, day, rowIndex, dayIndex }: { row: TimesheetRow; day: string; rowIndex: number; dayIndex: number }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const titleId = useId();
  const seconds = cellSeconds(row, day);
  const dayLabel = formatWeekday(day);
  const label = seconds > 0
    ? t("timesheet.cell_label", { task: row.task.title, day: dayLabel, duration: formatDuration(seconds) })
    : t("timesheet.cell_empty", { task: row.task.title, day: dayLabel });
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus returnFocus withinPortal position="bottom" withArrow shadow="md" width={300}>
      <Popover.Target>
        <button
          type="button"
          className="plotline-timesheet__cell"
          data-cell={`${rowIndex}:${dayIndex}`}
          aria-label={t("timesheet.cell_add", { cell: label })}
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={() => setOpened((value) => !value)}
        >
          {seconds > 0 ? formatDuration(seconds) : <span className="plotline-timesheet__plus" aria-hidden>+</span>}
        </button>
      </Popover.Target>
      <Popover.Dropdown aria-labelledby={titleId}>
        <Text size="sm" fw={600} mb={4} id={titleId}>
          {t("timesheet.popover_title", { day: dayLabel })}
        </Text>
        <Text size="xs" c="dimmed" mb="xs" lineClamp={2}>
          {row.task.title}
        </Text>
        <AddTimeForm task={{ id: row.task.id, project_id: row.task.project_id }} fixedDate={day} onDone={() => setOpened(false)} onCancel={() => setOpened(false)} />
      </Popover.Dropdown>
    </Popover>
  );
}

/** The task a row is about: its project, then its title as a link to the task. */
function TaskHeading({ row }: { row: TimesheetRow }) {
  const done = row.task.status === TASK_STATUS.complete;
  return (
    <Text size="sm" style={{ overflowWrap: "anywhere" }}>
      <Text span c="dimmed" size="sm">
        {row.task.project_title}
        {" · "}
      </Text>
      <Anchor
        component={Link}
        {...taskLink({ project_id: row.task.project_id, task_id: row.task.id })}
        size="sm"
        fw={500}
        td={done ? "line-through" : undefined}
      >
        {row.task.title}
      </Anchor>
    </Text>
  );
}

/** Arrow keys move between the cells that take time, as in a spreadsheet. */
function moveBetweenCells(event: KeyboardEvent<HTMLTableElement>): void {
  const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const move = moves[event.key];
  const from = event.target instanceof HTMLElement ? event.target.dataset.cell : undefined;
  if (!move || !from) return;
  const [row, day] = from.split(":").map(Number) as [number, number];
  const next = event.currentTarget.querySelector<HTMLElement>(`[data-cell="${row + move[0]}:${day + move[1]}"]`);
  if (!next) return;
  event.preventDefault();
  next.focus();
}

/**
 * A week of time: days as columns, tasks as rows, sums per row, per day and in all. On the owner's own
 * sheet each cell of a task they may log on takes time, up to today (the server refuses days to come); a
 * manager viewing someone else's reads it only.
 * On a narrow screen the days scroll sideways under the task column, which stays put.
 */
export function TimesheetGrid({ sheet, today }: { sheet: Timesheet; today: string }) {
  const { t } = useTranslation();
  const { days, rows } = sheet;
  const totals = sheetTotals(rows, days);
  const range = days.length > 0 ? formatDayRange(days[0] as string, days[days.length - 1] as string) : "";
  const todayClass = (day: string) => (day === today ? "plotline-timesheet__today" : undefined);
  return (
    // The region scrolls sideways, so it takes focus for people who scroll with the keyboard.
    <div className="plotline-timesheet" role="region" aria-label={t("timesheet.week_of", { range })} tabIndex={0} data-testid="timesheet-grid">
      <table onKeyDown={moveBetweenCells}>
        <caption>
          <VisuallyHidden>{t("timesheet.week_of", { range })}</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <th scope="col" className="plotline-timesheet__task">
              {t("timesheet.task_column")}
            </th>
            {days.map((day) => (
              <th key={day} scope="col" className={todayClass(day)} aria-current={day === today ? "date" : undefined}>
                {formatWeekday(day)}
              </th>
            ))}
            <th scope="col">{t("timesheet.total_column")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={row.task.id} data-testid={`timesheet-row-${row.task.id}`}>
              <th scope="row" className="plotline-timesheet__task">
                <TaskHeading row={row} />
              </th>
              {days.map((day, dayIndex) => {
                const seconds = cellSeconds(row, day);
                return (
                  <td key={day} className={todayClass(day)}>
                    {sheet.editable && row.can_add && day <= today ? (
                      <EditableCell row={row} day={day} rowIndex={rowIndex} dayIndex={dayIndex} />
                    ) : (
                      <span className={`plotline-timesheet__value${seconds > 0 ? "" : " plotline-timesheet__empty"}`}>{seconds > 0 ? formatDuration(seconds) : "–"}</span>
                    )}
                  </td>
                );
              })}
              <td className="plotline-timesheet__total">{formatDuration(totals.byRow.get(row.task.id) ?? 0)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="plotline-timesheet__task">
              {t("timesheet.totals_row")}
            </th>
            {days.map((day) => {
              const seconds = totals.byDay[day] ?? 0;
              return (
                <td key={day} className={todayClass(day)}>
                  {seconds > 0 ? formatDuration(seconds) : <span className="plotline-timesheet__empty">–</span>}
                </td>
              );
            })}
            <td data-testid="timesheet-total">
              {formatDuration(totals.total)}
              <Text size="xs" c="dimmed" fw={400}>
                {formatHours(totals.total)}
              </Text>
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

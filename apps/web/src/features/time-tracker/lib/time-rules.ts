import { CUSTOM_TIME_MAX_SECONDS, CUSTOM_TIME_MIN_SECONDS, TASK_STATUS, type Task } from "@plotline/contracts";
import type { TranslationKey } from "../../../i18n/keys.js";

/**
 * Whether this user may log time on a task (start its timer, add time by hand): an assignee of a task
 * that is not complete, as the server rules. The one place the web decides it; the server still refuses
 * what it must (an archived list, a timer already running when adding time by hand).
 */
export function canTrackTime(task: Pick<Task, "status" | "assignees">, userId: number): boolean {
  return task.status !== TASK_STATUS.complete && task.assignees.data.some((user) => user.id === userId);
}

/** Time typed in a form, as the fields hold it: a number, or "" while a field is empty. */
export interface TypedTime {
  hour: number | string;
  minute: number | string;
}

/** A problem with typed time, by field, as catalogue keys. */
export type TimeProblems = Partial<Record<"hour" | "minute", TranslationKey>>;

const isWhole = (value: number | string, max: number): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= max;

/**
 * What is wrong with typed time before it is sent: hours 0 to 24 and minutes 0 to 59, whole (an empty
 * field counts as 0 when the other holds time), and together between 1 minute and 24 hours.
 */
export function customTimeProblems(typed: TypedTime): TimeProblems {
  const hour = typed.hour === "" ? 0 : typed.hour;
  const minute = typed.minute === "" ? 0 : typed.minute;
  const problems: TimeProblems = {};
  if (!isWhole(hour, 24)) problems.hour = "time_tracker.problem_hours";
  if (!isWhole(minute, 59)) problems.minute = "time_tracker.problem_minutes";
  if (problems.hour || problems.minute) return problems;
  const seconds = (hour as number) * 3600 + (minute as number) * 60;
  if (seconds < CUSTOM_TIME_MIN_SECONDS) return { minute: "time_tracker.problem_too_short" };
  if (seconds > CUSTOM_TIME_MAX_SECONDS) return { hour: "time_tracker.problem_too_long" };
  return {};
}

/** Typed time that passed `customTimeProblems`, as the call takes it. */
export function typedTimeBody(typed: TypedTime): { hour: number; minute: number } {
  return { hour: typed.hour === "" ? 0 : Number(typed.hour), minute: typed.minute === "" ? 0 : Number(typed.minute) };
}

import { TASK_PRIORITY, type TaskPriorityName } from "@plotline/contracts";

/** What a quick-add line asks for: the title, and a priority when the line names one. */
export interface QuickAddLine {
  title: string;
  priority?: number;
}

// `!high`, `!urgent`, `!1`… as a word of its own, anywhere in the line; the first one counts.
const PRIORITY_MARK = /(?:^|\s)!(none|low|medium|med|high|urgent|[0-4])(?=\s|$)/i;

/**
 * Reads a quick-add line: `Fix the login !high` is the task "Fix the login" with high priority. Only a mark
 * standing alone as a word is read, so "Wow!high" or "!important" stay part of the title.
 */
export function parseQuickAdd(line: string): QuickAddLine {
  const match = PRIORITY_MARK.exec(line);
  if (!match) return { title: line.trim() };
  const word = (match[1] ?? "").toLowerCase();
  const priority = /^[0-4]$/.test(word) ? Number(word) : TASK_PRIORITY[(word === "med" ? "medium" : word) as TaskPriorityName];
  const title = `${line.slice(0, match.index)} ${line.slice(match.index + match[0].length)}`.replace(/\s+/g, " ").trim();
  // A line that was only the mark is a title, not an empty task.
  return title ? { title, priority } : { title: line.trim() };
}

import type { RouteLink } from "@plotline/contracts";
import type { MailBlock, MailListItem } from "../../mail/mail-layout.js";
import type { MailMessage, MailRecipient } from "../mail/mail.service.js";
import type { DigestTaskRow } from "./digest.repository.js";

/** What one user's digest is made of. */
export interface DigestFacts {
  recipient: MailRecipient;
  /** The site's day the digest is for, `YYYY-MM-DD`. */
  today: string;
  dueToday: readonly DigestTaskRow[];
  overdue: readonly DigestTaskRow[];
  completed: readonly DigestTaskRow[];
  /** Whether a list was cut at its limit (the rest is in the app). */
  more: { due: boolean; completed: boolean };
  /** Names of who completed the completed tasks, by user id. */
  names: ReadonlyMap<number, string>;
  urlOf: (link: RouteLink) => string;
}

function taskItem(task: DigestTaskRow, urlOf: DigestFacts["urlOf"], note: string): MailListItem {
  return { text: task.title, url: urlOf({ route: "single_task", params: { project_id: task.project_id, task_id: task.id } }), note };
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** The digest mail: tasks due today, overdue ones, and what was completed yesterday; null when all are empty. */
export function presentDigest(facts: DigestFacts): MailMessage | null {
  const { dueToday, overdue, completed, urlOf } = facts;
  if (dueToday.length + overdue.length + completed.length === 0) return null;
  const blocks: MailBlock[] = [];
  if (dueToday.length > 0) {
    blocks.push({ type: "heading", text: "Due today" }, { type: "list", items: dueToday.map((task) => taskItem(task, urlOf, task.project_title)) });
  }
  if (overdue.length > 0) {
    blocks.push({ type: "heading", text: "Overdue" }, { type: "list", items: overdue.map((task) => taskItem(task, urlOf, `${task.project_title}, due ${task.due_date ?? ""}`)) });
  }
  if (facts.more.due) blocks.push({ type: "paragraph", text: "More of your tasks are due: see My Tasks." });
  if (completed.length > 0) {
    blocks.push(
      { type: "heading", text: "Completed yesterday" },
      { type: "list", items: completed.map((task) => taskItem(task, urlOf, `${task.project_title}${task.completed_by !== null && facts.names.has(task.completed_by) ? `, by ${facts.names.get(task.completed_by) ?? ""}` : ""}`)) },
    );
    if (facts.more.completed) blocks.push({ type: "paragraph", text: "More tasks were completed: see the projects' activity." });
  }
  const counts = [
    ...(dueToday.length > 0 ? [`${plural(dueToday.length, "task")} due today`] : []),
    ...(overdue.length > 0 ? [`${overdue.length} overdue`] : []),
    ...(completed.length > 0 ? [`${completed.length} completed yesterday`] : []),
  ];
  return {
    to: facts.recipient,
    subject: `Your day, ${facts.today}: ${counts.join(", ")}`,
    heading: `Your day, ${facts.today}`,
    blocks,
    link: { url: urlOf({ route: "my_tasks", params: {} }), label: "Open My Tasks" },
    footer: "The daily digest is sent each morning while the site has it on; you can turn it off in Your account.",
  };
}

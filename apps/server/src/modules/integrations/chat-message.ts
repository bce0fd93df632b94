import { routePath, type ChatDeliveryEvent } from "@plotline/contracts";
import { richTextToPlain } from "../../lib/rich-text.js";

/**
 * The messages the chat integration posts, in the shape of a Slack incoming webhook (which Mattermost,
 * Rocket.Chat and others accept too): `text`, the whole message in plain words for notifications and
 * clients without blocks, and `blocks`, the same laid out: who did what to which task (its title linked to
 * the task in Plotline), the comment's words for a comment, and the project.
 */

/** A Slack `mrkdwn` text object. */
interface MrkdwnText {
  type: "mrkdwn";
  text: string;
}

/** A block of the message: a section of text, or a line of small context. */
export type ChatBlock = { type: "section"; text: MrkdwnText } | { type: "context"; elements: MrkdwnText[] };

/** The JSON body posted to the webhook. */
export interface ChatMessage {
  text: string;
  blocks: ChatBlock[];
}

/** A task a message names. */
export interface ChatTaskRef {
  id: number;
  title: string;
}

/** What a message about task events is built from. */
export interface ChatTaskMessageInput {
  event: Exclude<ChatDeliveryEvent, "test">;
  /** Who made the change, as named when they made it. */
  actorName: string;
  project: { id: number; title: string };
  /** The tasks of the change: one, or several changed at once (a bulk change). */
  tasks: readonly ChatTaskRef[];
  /** For an update of one task: the names of the fields it changed. */
  changedFields?: readonly string[];
  /** For a comment: its words. */
  excerpt?: string | null;
  /** `PUBLIC_URL`; without it titles are not linked (there is no address to link to). */
  publicUrl: string | null;
}

/** The entities the sanitiser writes, back to the characters they stand for. */
const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&nbsp;": " " };

/** How many tasks a message about a bulk change lists by name. */
const LISTED_TASKS = 10;

/** How long a comment's quoted words may be. */
const EXCERPT_LENGTH = 300;

/** Field names of `task.updated` as a sentence says them. */
const FIELD_NAMES: Record<string, string> = {
  title: "title",
  description: "description",
  start_at: "start date",
  due_date: "due date",
  estimation: "estimation",
  privacy: "privacy",
  priority: "priority",
  complexity: "complexity",
  payable: "payable",
  recurrent: "recurrence",
  type_id: "type",
  task_list: "list",
  assignees: "assignees",
  labels: "labels",
};

/** What happened, per event: for one task, and for several at once. */
const VERBS: Record<ChatTaskMessageInput["event"], { one: string; many: string }> = {
  create: { one: "created the task", many: "created {{count}} tasks" },
  update: { one: "updated the task", many: "updated {{count}} tasks" },
  complete: { one: "completed the task", many: "completed {{count}} tasks" },
  incomplete: { one: "reopened the task", many: "reopened {{count}} tasks" },
  createComment: { one: "commented on the task", many: "commented on {{count}} tasks" },
  updateComment: { one: "edited a comment on the task", many: "edited comments on {{count}} tasks" },
};

/** Escapes the three characters Slack's text format reserves; everything else is shown as typed. */
export function escapeChatText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The address of a web page of Plotline: `PUBLIC_URL` and the web app's hash route; null without `PUBLIC_URL`. */
function pageUrl(publicUrl: string | null, path: string): string | null {
  if (!publicUrl) return null;
  return `${publicUrl.replace(/\/+$/, "")}/#${path}`;
}

/** The address of a task's page (the single-task view over the project's task lists). */
export function taskUrl(publicUrl: string | null, projectId: number, taskId: number): string | null {
  return pageUrl(publicUrl, routePath("single_task", { project_id: projectId, task_id: taskId }));
}

/** A title as a link (`<url|title>`), or as bold text when there is no address. */
function linked(url: string | null, title: string): string {
  // In a link's label a "|" would end the address part early in some clients.
  const label = escapeChatText(title).replace(/\|/g, "¦");
  return url ? `<${url}|${label}>` : `*${label}*`;
}

/** A comment's words as plain text, cut to a few lines. */
export function commentExcerpt(stored: string): string | null {
  const spaced = stored.replace(/<\/(?:p|div|li|h[1-6]|blockquote|pre)>|<br\s*\/?>/gi, "$& ");
  const text = richTextToPlain(spaced)
    .replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, " ")
    .trim();
  if (text === "") return null;
  const chars = Array.from(text);
  return chars.length <= EXCERPT_LENGTH ? text : `${chars.slice(0, EXCERPT_LENGTH - 1).join("").trimEnd()}…`;
}

function section(text: string): ChatBlock {
  return { type: "section", text: { type: "mrkdwn", text } };
}

function projectContext(project: { id: number; title: string }, publicUrl: string | null): ChatBlock {
  const url = pageUrl(publicUrl, routePath("task_lists", { project_id: project.id }));
  return { type: "context", elements: [{ type: "mrkdwn", text: `Project: ${linked(url, project.title)}` }] };
}

/** The message of one task event, or of several of one kind made at once by one person in one project. */
export function buildTaskMessage(input: ChatTaskMessageInput): ChatMessage {
  const { project, tasks, publicUrl } = input;
  const actor = escapeChatText(input.actorName);
  const projectName = escapeChatText(project.title);
  const verbs = VERBS[input.event];
  const links = tasks.map((task) => linked(taskUrl(publicUrl, project.id, task.id), task.title));
  const blocks: ChatBlock[] = [];
  let text: string;
  if (tasks.length === 1) {
    text = `${actor} ${verbs.one} ${links[0] ?? ""} in ${projectName}`;
    blocks.push(section(`*${actor}* ${verbs.one} ${links[0] ?? ""}`));
    const fields = (input.changedFields ?? []).map((field) => FIELD_NAMES[field] ?? field);
    if (fields.length > 0) {
      const changed = `Changed: ${fields.join(", ")}`;
      text += `. ${changed}`;
      blocks.push({ type: "context", elements: [{ type: "mrkdwn", text: changed }] });
    }
  } else {
    const many = verbs.many.replace("{{count}}", String(tasks.length));
    const more = tasks.length > LISTED_TASKS ? [`and ${tasks.length - LISTED_TASKS} more`] : [];
    const listed = [...links.slice(0, LISTED_TASKS), ...more];
    text = `${actor} ${many} in ${projectName}: ${listed.join(", ")}`;
    blocks.push(section(`*${actor}* ${many}`), section(listed.map((line) => `• ${line}`).join("\n")));
  }
  if (input.excerpt) {
    const quoted = escapeChatText(input.excerpt);
    text += `: “${quoted}”`;
    blocks.push(section(`>${quoted}`));
  }
  blocks.push(projectContext(project, publicUrl));
  return { text, blocks };
}

/** The message the settings screen's "send a test message" posts. */
export function buildTestMessage(actorName: string, project: { id: number; title: string }, publicUrl: string | null): ChatMessage {
  const actor = escapeChatText(actorName);
  const text = `${actor} sent a test message from Plotline: this channel receives the chosen task events of ${escapeChatText(project.title)}.`;
  return { text, blocks: [section(`*${actor}* sent a test message from Plotline: this channel receives the chosen task events.`), projectContext(project, publicUrl)] };
}

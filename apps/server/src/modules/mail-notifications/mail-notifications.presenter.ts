import { commentableLink, type CommentableType, type RouteLink } from "@plotline/contracts";
import { richTextToPlain } from "../../lib/rich-text.js";
import type { MailBlock } from "../../mail/mail-layout.js";
import type { MailMessage, MailRecipient } from "../mail/mail.service.js";
import type { MailItemKind } from "./mail-items.js";
import type { RecordFacts } from "./mail-notifications.repository.js";

/** One item as its mail tells it: what happened, the record it is about now, and the comment's text. */
export interface MailItemView {
  kind: MailItemKind;
  record: RecordFacts;
  /** The comment's words, for a comment or a mention. */
  comment: string | null;
}

/** Everything one notice mail is made of; the service gathered it, deciding what may be said. */
export interface NoticeFacts {
  recipient: MailRecipient;
  /** The name of who did it ("Someone" for the system or an account gone). */
  actorName: string;
  projectId: number;
  projectTitle: string;
  /** What the mail is about: a record, or null for the project's files area (new files listed). */
  subject: RecordFacts | null;
  /** Items in the order they happened, each one the recipient may see and wants. */
  items: readonly MailItemView[];
  /** Turns a route into an address of the web app. */
  urlOf: (link: RouteLink) => string;
}

/** Longest comment quoted in a mail; the link leads to the rest. */
const MAX_QUOTE_LENGTH = 1200;

/** Which item names the mail when several are gathered: being named matters most. */
const RANK: Record<MailItemKind, number> = { mention: 0, assigned: 1, comment: 2, discussion: 3, file: 4 };

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&nbsp;": " " };

/** A comment's HTML as plain text, a line per paragraph, cut at MAX_QUOTE_LENGTH. */
export function commentAsText(html: string): string {
  const lines = html
    .split(/<\/(?:p|div|li|h[1-6]|blockquote|pre)>|<br\s*\/?>/i)
    .map((part) => richTextToPlain(part).replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity))
    .filter((line) => line !== "");
  const text = lines.join("\n");
  const chars = Array.from(text);
  return chars.length <= MAX_QUOTE_LENGTH ? text : `${chars.slice(0, MAX_QUOTE_LENGTH - 1).join("").trimEnd()}…`;
}

const KIND_NOUN: Record<CommentableType, string> = { task: "task", task_list: "task list", milestone: "milestone", discussion_board: "discussion", file: "file" };

/** The sentence of one item: "Ana assigned you to the task Homepage". */
function sentenceOf(kind: MailItemKind, actor: string, record: RecordFacts): string {
  const what = `the ${KIND_NOUN[record.type]} "${record.title}"`;
  switch (kind) {
    case "assigned":
      return `${actor} assigned you to ${what}`;
    case "comment":
      return `${actor} commented on ${what}`;
    case "mention":
      return `${actor} mentioned you in a comment on ${what}`;
    case "discussion":
      return `${actor} started ${what}`;
    case "file":
      return `${actor} added ${what}`;
  }
}

function linkOf(record: RecordFacts): RouteLink {
  return commentableLink(record.type, record.projectId, record.id, { type: record.fileType, folderId: record.folderId });
}

/** The mail of one group: one recipient, one record (or the files area), one actor, all its items at once. */
export function presentNotice(facts: NoticeFacts): MailMessage {
  const { items, actorName: actor } = facts;
  const files = items.filter((item) => item.kind === "file");
  const lead = [...items].sort((a, b) => RANK[a.kind] - RANK[b.kind])[0];
  if (!lead) throw new Error("A notice needs at least one item");

  let heading: string;
  let link: { url: string; label: string };
  if (facts.subject === null) {
    // The files area: several new files are one mail listing them.
    heading = files.length === 1 ? sentenceOf("file", actor, lead.record) : `${actor} added ${files.length} files to ${facts.projectTitle}`;
    link = files.length === 1
      ? { url: facts.urlOf(linkOf(lead.record)), label: "Open the file" }
      : { url: facts.urlOf({ route: "pm_files", params: { project_id: facts.projectId } }), label: "Open the files" };
  } else {
    heading = sentenceOf(lead.kind, actor, facts.subject);
    if (items.length > 1) heading += ` (and ${items.length - 1} more)`;
    link = { url: facts.urlOf(linkOf(facts.subject)), label: `Open the ${KIND_NOUN[facts.subject.type]}` };
  }

  const blocks: MailBlock[] = [{ type: "paragraph", text: `In the project ${facts.projectTitle}.` }];
  if (facts.subject === null) {
    blocks.push({ type: "list", items: files.map((item) => ({ text: item.record.title, url: facts.urlOf(linkOf(item.record)) })) });
  } else if (items.length === 1) {
    // The heading already says what happened: only the comment's words follow.
    if (lead.comment) blocks.push({ type: "quote", text: lead.comment });
  } else {
    for (const item of items) {
      blocks.push({ type: "paragraph", text: `${sentenceOf(item.kind, actor, item.record)}${item.comment ? ":" : "."}` });
      if (item.comment) blocks.push({ type: "quote", text: item.comment });
    }
  }

  return {
    to: facts.recipient,
    subject: `[${facts.projectTitle}] ${heading}`,
    heading,
    blocks,
    link,
    footer: "You get this mail because of the mail choices in Your account.",
  };
}

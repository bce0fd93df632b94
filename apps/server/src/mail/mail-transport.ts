import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../config.js";

/** A file sent with a mail: an invoice's PDF, or the site's logo shown inline (`cid`). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Content-ID of an inline image, which the HTML part shows as `<img src="cid:...">`. */
  cid?: string;
}

/** A recipient: an address, or a name and address (nodemailer encodes the name). */
export type MailAddress = string | { name: string; address: string };

/** A whole mail, ready to go: both parts written. */
export interface OutgoingMail {
  /** `Name <address>` or an address; the transport's sender (`MAIL_FROM`) when absent. */
  from?: string;
  to: readonly MailAddress[];
  subject: string;
  text: string;
  html: string;
  attachments?: readonly MailAttachment[];
}

/** What became of a mail: its Message-ID, and the file it was written to when there is no SMTP server. */
export interface SentMail {
  messageId: string;
  file: string | null;
}

/** Sends mail: through SMTP, or into the outbox folder. One per app. */
export interface MailTransport {
  /** `smtp` with `SMTP_URL`, else `outbox`. */
  readonly kind: "smtp" | "outbox";
  /** Sends one mail; rejects when the server refuses it or cannot be reached (a job's retry tries again). */
  send(mail: OutgoingMail): Promise<SentMail>;
}

/** Where mail is written without `SMTP_URL`. */
export function outboxDir(config: Pick<Config, "dataDir">): string {
  return path.join(config.dataDir, "outbox");
}

/** One line saying where this process's mail goes, for the start-up log. */
export function describeMailTransport(config: Pick<Config, "smtpUrl" | "dataDir" | "mailFrom">): string {
  if (config.smtpUrl) {
    const url = new URL(config.smtpUrl);
    return `Mail: sent through ${url.protocol}//${url.host} as ${config.mailFrom}`;
  }
  return `Mail: SMTP_URL is not set, so every mail is written as an .eml file to ${outboxDir(config)}`;
}

// A mail server that accepts the connection and then says nothing must not hold a job for minutes.
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

let sequence = 0;

/**
 * A file name that sorts by the time it was written and never collides, even between processes writing
 * to one folder in the same millisecond: UTC time to the millisecond, a per-process counter, random bytes.
 */
export function outboxFileName(now: Date = new Date()): string {
  sequence = (sequence + 1) % 1_000_000;
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(".", "");
  return `${stamp}-${String(sequence).padStart(6, "0")}-${randomBytes(4).toString("hex")}.eml`;
}

/**
 * The transport of this configuration (no pool: each mail opens and closes its own connection, so nothing
 * is left open when the app stops): nodemailer's SMTP transport on `SMTP_URL`, or nodemailer's buffer
 * transport (the raw RFC 5322 message, exactly what SMTP would carry) written to `<dataDir>/outbox/`.
 */
export function createMailTransport(config: Pick<Config, "smtpUrl" | "dataDir" | "mailFrom">): MailTransport {
  const defaults = { from: config.mailFrom };
  if (config.smtpUrl) {
    const smtp = nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS }, defaults);
    return {
      kind: "smtp",
      async send(mail) {
        const info = await smtp.sendMail(toNodemailer(mail));
        return { messageId: info.messageId, file: null };
      },
    };
  }
  const buffer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" }, defaults);
  const folder = outboxDir(config);
  return {
    kind: "outbox",
    async send(mail) {
      const info = await buffer.sendMail(toNodemailer(mail));
      await fs.mkdir(folder, { recursive: true });
      const file = path.join(folder, outboxFileName());
      // Written under a temporary name and renamed, so a reader of the folder never sees half a mail.
      const partial = `${file}.part`;
      await fs.writeFile(partial, info.message as Buffer);
      await fs.rename(partial, file);
      return { messageId: info.messageId, file };
    },
  };
}

function toNodemailer(mail: OutgoingMail) {
  return {
    ...(mail.from && { from: mail.from }),
    to: [...mail.to],
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: (mail.attachments ?? []).map((attachment) => ({
      filename: attachment.filename,
      content: attachment.content,
      contentType: attachment.contentType,
      ...(attachment.cid && { cid: attachment.cid }),
    })),
  };
}

import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { parseMail, type ParsedMail } from "./mime.js";

/** A mail the sink received: the SMTP envelope and the message read back. */
export interface ReceivedMail extends ParsedMail {
  /** MAIL FROM, lower-cased. */
  envelopeFrom: string;
  /** Every RCPT TO, lower-cased. */
  envelopeTo: string[];
  raw: Buffer;
}

/** A real SMTP server on a loopback port that keeps what it receives, for tests. */
export interface SmtpSink {
  /** `smtp://user:pass@127.0.0.1:<port>`: what to give the app as `SMTP_URL`. */
  url: string;
  /** Every mail received so far, in order. */
  mails: ReceivedMail[];
  /** The mails delivered to an address (envelope recipients). */
  mailsTo(address: string): ReceivedMail[];
  /** Waits until at least `count` mails have arrived (all of them when `count` is left out: at least one). */
  waitFor(count?: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Forgets the mails received so far. */
  clear(): void;
  close(): Promise<void>;
}

/** The credentials the sink accepts; any others are refused, as a real server would. */
export const SMTP_SINK_USER = "plotline";
export const SMTP_SINK_PASSWORD = "sink-secret";

/**
 * Starts an SMTP server (smtp-server, the counterpart of nodemailer) on 127.0.0.1 with a free port. It
 * requires AUTH with the credentials above (in the clear: a loopback test has no TLS), so a test also
 * proves that the credentials of `SMTP_URL` are used.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_SINK_USER && auth.password === SMTP_SINK_PASSWORD) return callback(null, { user: auth.username });
      return callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        const from = session.envelope.mailFrom;
        mails.push({
          ...parseMail(raw),
          envelopeFrom: from ? from.address.toLowerCase() : "",
          envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${SMTP_SINK_USER}:${SMTP_SINK_PASSWORD}@127.0.0.1:${port}`,
    mails,
    mailsTo: (address) => mails.filter((mail) => mail.envelopeTo.includes(address.toLowerCase())),
    async waitFor(count = 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mail(s), received ${mails.length}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return mails;
    },
    clear: () => void mails.splice(0, mails.length),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

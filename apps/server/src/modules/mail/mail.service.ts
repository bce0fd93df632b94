import { routePath, type RouteName } from "@plotline/contracts";
import { SITE_NAME } from "../../config.js";
import { renderMailHtml, renderMailText, type MailContent } from "../../mail/mail-layout.js";
import { createMailTransport, type MailAttachment, type MailTransport, type SentMail } from "../../mail/mail-transport.js";
import type { ModuleContext } from "../module.js";
import type { SiteSettingsService } from "../site-settings/site-settings.service.js";

/** Who a mail goes to. */
export interface MailRecipient {
  email: string;
  /** Shown in the To header when given. */
  name?: string;
}

/** A mail as a module writes it: the content (see `mail/mail-layout.ts`), who it is for, and files. */
export interface MailMessage extends MailContent {
  to: MailRecipient | readonly MailRecipient[];
  subject: string;
  /** Files sent with the mail (an invoice's PDF). */
  attachments?: readonly MailAttachment[];
}

/** A route of the web app and its parameters, as links are made everywhere (`routePath`). */
export interface RecordLink {
  route: RouteName;
  params: Record<string, string | number>;
}

/** Logos mail clients show inline; SVG and WebP are not among them, nor anything large. */
const INLINE_LOGO_TYPES = new Set(["image/png", "image/jpeg", "image/gif"]);
const MAX_INLINE_LOGO_BYTES = 1024 * 1024;
const LOGO_CID = "site-logo@plotline";

/**
 * Sends mail for every module: wraps the content in the site's layout (logo or name, the link back, the
 * footer), writes the text and HTML parts and hands the whole to the transport (SMTP, or the outbox
 * folder). Call it from a job, never inside a request: a mail server may be slow or down.
 */
export function mailService(ctx: ModuleContext, siteSettings: SiteSettingsService, transport: MailTransport = createMailTransport(ctx.config)) {
  // The logo is read once per logo: it changes rarely and every mail shows it.
  let logo: { id: number; attachment: MailAttachment | null } | null = null;

  /** The address of the web app: PUBLIC_URL, or this server on localhost when it is not set. */
  function siteUrl(): string {
    return (ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`).replace(/\/+$/, "");
  }

  async function readLogo(): Promise<MailAttachment | null> {
    const id = await siteSettings.value("logo");
    if (logo?.id === id) return logo.attachment;
    let attachment: MailAttachment | null = null;
    const file = id > 0 ? await siteSettings.findFile(id) : undefined;
    if (file?.storage_key && INLINE_LOGO_TYPES.has(file.mime_type) && file.size_bytes <= MAX_INLINE_LOGO_BYTES) {
      const stored = await siteSettings.storage.get(file.storage_key);
      if (stored) {
        const chunks: Buffer[] = [];
        for await (const chunk of stored.stream) chunks.push(Buffer.from(chunk as Buffer));
        attachment = { filename: file.original_name, content: Buffer.concat(chunks), contentType: file.mime_type, cid: LOGO_CID };
      }
    }
    logo = { id, attachment };
    return attachment;
  }

  return {
    /** `smtp` or `outbox`: where mail goes. */
    transportKind: transport.kind,

    siteUrl,

    /** The web app's address of a record (the app routes by hash: `<site>/#/projects/3/...`). */
    recordUrl(link: RecordLink): string {
      return `${siteUrl()}/#${routePath(link.route, link.params)}`;
    },

    /** Sends one mail with the site's look; rejects when it could not be sent, so a job retries it. */
    async send(message: MailMessage): Promise<SentMail> {
      const recipients = Array.isArray(message.to) ? message.to : [message.to as MailRecipient];
      const inlineLogo = await readLogo();
      const brand = { siteName: SITE_NAME, logoCid: inlineLogo ? LOGO_CID : null, siteUrl: `${siteUrl()}/` };
      return transport.send({
        to: recipients.map((recipient) => (recipient.name ? { name: recipient.name, address: recipient.email } : recipient.email)),
        subject: message.subject,
        text: renderMailText(message, brand),
        html: renderMailHtml(message, brand),
        attachments: [...(inlineLogo ? [inlineLogo] : []), ...(message.attachments ?? [])],
      });
    },
  };
}

export type MailService = ReturnType<typeof mailService>;

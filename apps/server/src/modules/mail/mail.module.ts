import { defineModule } from "../module.js";
import { mailService, type MailService } from "./mail.service.js";

declare module "../../services.js" {
  interface Services {
    mail: MailService;
  }
}

/**
 * Mail for every module: `services.mail.send(message)` in the site's layout, through SMTP (`SMTP_URL`) or
 * into `$PLOTLINE_DATA/outbox/`. Modules send from their jobs (see mail-notifications for the notices and
 * the daily digest).
 */
export const mailModule = defineModule({
  name: "mail",
  switch: "core",
  services: (ctx, s) => ({ mail: mailService(ctx, s.siteSettings) }),
});

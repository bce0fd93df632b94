import { defineModule } from "../module.js";
import * as chatDeliveries from "./chat-deliveries.migration.js";
import { chatIntegrationRoutes } from "./chat-integration.routes.js";
import { chatIntegrationService, type ChatIntegrationService } from "./chat-integration.service.js";
import { chatIntegrationSubscribers } from "./chat-integration.subscribers.js";
import { codeHostingPart } from "./code-hosting.parts.js";

// The module's tables, re-exported so that whatever builds the app also sees them join `Database`.
export type { IntegrationDeliveriesTable } from "./chat-deliveries.tables.js";

declare module "../../services.js" {
  interface Services {
    chatIntegration: ChatIntegrationService;
  }
}

declare module "../../jobs/job-runner.js" {
  interface JobMap {
    /** One try of one chat message; the next try, if any, is enqueued by this one (see chat-integration.service.ts). */
    "integrations.deliver": { deliveryId: number };
    /** Enqueues again the tries of chat messages whose job was lost, and gives up those a day old. */
    "integrations.sweep": Record<string, never>;
  }
}

/**
 * The Pro module `integrations`: a project's team-chat channel (the `slack` setting, posted to as jobs, with
 * a delivery log) and its code hosting. See README.md.
 */
export const integrationsModule = defineModule({
  name: "integrations",
  i18n: "integrations",
  switch: "integrations",
  routes: [chatIntegrationRoutes, ...codeHostingPart.routes],
  migrations: { "202612100850-integrations-chat-deliveries": chatDeliveries, ...codeHostingPart.migrations },
  services: (ctx, s) => ({ chatIntegration: chatIntegrationService(ctx, s.access), ...codeHostingPart.services(ctx, s) }),
  subscribers: (ctx) => chatIntegrationSubscribers(ctx),
  jobs: (s) => ({
    "integrations.deliver": (payload) => s.chatIntegration.deliver(payload.deliveryId),
    "integrations.sweep": () => s.chatIntegration.sweepOverdue(),
    ...codeHostingPart.jobs(s),
  }),
  schedules: [{ name: "integrations.sweep", cron: "*/10 * * * *" }, ...codeHostingPart.schedules],
});

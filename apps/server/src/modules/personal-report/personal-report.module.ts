import { defineModule } from "../module.js";
import { personalReportRoutes } from "./personal-report.routes.js";
import { personalReportService, type PersonalReportService } from "./personal-report.service.js";

declare module "../../services.js" {
  interface Services {
    personalReport: PersonalReportService;
  }
}

/**
 * The personal estimate report (My Tasks > Reports), switched with the other reports (`reports`) but open to
 * every member for their own work (README.md).
 */
export const personalReportModule = defineModule({
  name: "personal-report",
  i18n: "personal_report",
  switch: "reports",
  routes: [personalReportRoutes],
  services: (ctx, s) => ({ personalReport: personalReportService(ctx, { access: s.access, moduleStates: s.moduleStates, taskTypes: s.taskTypes, timeTracker: s.timeTracker, users: s.users }) }),
});

import { defineModule } from "../module.js";
import { labelsRoutes } from "./labels.routes.js";
import { labelsService, type LabelsService } from "./labels.service.js";

// The module's tables, re-exported so that whatever builds the app also sees them join `Database`.
export type { LabelsTable, LabelRow, TaskLabelsTable } from "./labels.tables.js";

declare module "../../services.js" {
  interface Services {
    labels: LabelsService;
  }
}

/** Labels: a project's task labels. No module switch turns them off. */
export const labelsModule = defineModule({
  name: "labels",
  i18n: "labels",
  switch: "core",
  routes: [labelsRoutes],
  services: (ctx, s) => ({ labels: labelsService(ctx, s.access) }),
});

import { defineModule } from "../module.js";
import * as tables from "./custom-fields.tables.migration.js";
import { customFieldsRoutes } from "./custom-fields.routes.js";
import { customFieldsService, type CustomFieldsService } from "./custom-fields.service.js";

// The module's tables, re-exported so that whatever builds the app also sees them join `Database`.
export type { CustomFieldsTable, CustomFieldOptionsTable, CustomFieldValuesTable } from "./custom-fields.tables.js";

declare module "../../services.js" {
  interface Services {
    customFields: CustomFieldsService;
  }
}

/** Custom fields on tasks (Pro module `custom_fields`): per project and site-wide (README.md). */
export const customFieldsModule = defineModule({
  name: "custom-fields",
  i18n: "custom_fields",
  switch: "custom_fields",
  routes: [customFieldsRoutes],
  migrations: { "202612200800-custom-fields-tables": tables },
  services: (ctx, s) => ({ customFields: customFieldsService(ctx, s.access, s.moduleStates) }),
});

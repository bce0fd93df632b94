import { defineModule } from "../module.js";
import { departmentsRoutes } from "./departments.routes.js";
import { departmentsService, type DepartmentsService } from "./departments.service.js";

declare module "../../services.js" {
  interface Services {
    departments: DepartmentsService;
  }
}

/** Departments: groups of users that projects can be filed under. */
export const departmentsModule = defineModule({
  name: "departments",
  i18n: "departments",
  switch: "core",
  routes: [departmentsRoutes],
  services: (ctx) => ({ departments: departmentsService(ctx) }),
});

import { MENU_ORDER } from "@plotline/contracts";
import { defineModule } from "../module.js";
import { calendarRoutes } from "./calendar.routes.js";
import { calendarService, type CalendarService } from "./calendar.service.js";

declare module "../../services.js" {
  interface Services {
    calendar: CalendarService;
  }
}

/** The calendar: tasks and milestones by day across projects, and moving them by dragging. */
export const calendarModule = defineModule({
  name: "calendar",
  switch: "calendar",
  routes: [calendarRoutes],
  services: (ctx, s) => ({ calendar: calendarService(ctx, s.access) }),
  menu: [
    { module: "calendar", area: "site", label: "menu.calendar", order: MENU_ORDER.calendar, route: "calendar", audience: "everyone" },
  ],
});

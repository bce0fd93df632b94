import { ROUTES, type RouteName } from "@plotline/contracts";
import type { ReactElement } from "react";
import { createHashRouter, type RouteObject } from "react-router";
import { AppLayout } from "../components/AppLayout.js";
import { RequireSession } from "../components/RequireSession.js";
import { AccountPage } from "./account.js";
import { LoginPage } from "./login.js";
import { NotFoundPage } from "./not-found.js";
import { ProjectListsPage } from "./project-lists.js";
import { SetupPage } from "./setup.js";
import { UsersPage } from "./users.js";

/**
 * The pages of the admin area, by the documents' route names. A menu entry shows only when its route has
 * a page here, so the menu never leads nowhere.
 */
const ADMIN_PAGES: ReadonlyArray<{ name: RouteName; element: ReactElement }> = [
  { name: "project_lists", element: <ProjectListsPage /> },
  { name: "users", element: <UsersPage /> },
  { name: "account", element: <AccountPage /> },
];

/** Route names that have a page in this build. */
export const PAGE_NAMES: ReadonlySet<RouteName> = new Set(ADMIN_PAGES.map((page) => page.name));

const routes: RouteObject[] = [
  { path: ROUTES.setup, element: <SetupPage /> },
  { path: ROUTES.login, element: <LoginPage /> },
  {
    path: "/",
    element: (
      <RequireSession>
        <AppLayout pages={PAGE_NAMES} />
      </RequireSession>
    ),
    children: [
      ...ADMIN_PAGES.map((page) => (ROUTES[page.name] === "/" ? { index: true, element: page.element } : { path: ROUTES[page.name].slice(1), element: page.element })),
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

/** Hash-based routes, as the documents' links are. */
export function createRouter() {
  return createHashRouter(routes);
}

import type { FastifyInstance } from "fastify";
import { createUserAndSignIn, setUpFirstUser, type Session } from "./helpers.js";

/** The cast of a permission test: a site manager, a project manager, a co-worker, a client and an outsider. */
export interface Cast {
  siteManager: Session;
  manager: Session & { email: string };
  coWorker: Session & { email: string };
  client: Session & { email: string };
  outsider: Session & { email: string };
}

/** Creates the first user (site manager) and four more users. */
export async function createCast(app: FastifyInstance): Promise<Cast> {
  const siteManager = await setUpFirstUser(app, { display_name: "Sam Site" });
  const [manager, coWorker, client, outsider] = await Promise.all([
    createUserAndSignIn(app, siteManager, { display_name: "Mia Manager" }),
    createUserAndSignIn(app, siteManager, { display_name: "Carl Coworker" }),
    createUserAndSignIn(app, siteManager, { display_name: "Cleo Client" }),
    createUserAndSignIn(app, siteManager, { display_name: "Otto Outsider" }),
  ]);
  return { siteManager, manager, coWorker, client, outsider };
}

/** Creates a project as the site manager, with the cast's manager, co-worker and client as members. */
export async function createProjectWithCast(cast: Cast, overrides: Record<string, unknown> = {}): Promise<{ id: number; inboxId?: number }> {
  const response = await cast.siteManager.inject({
    method: "POST",
    url: "/api/pm/v2/projects",
    payload: {
      title: `Project ${Math.random().toString(36).slice(2, 8)}`,
      assignees: [
        { user_id: cast.manager.userId, role_id: 1 },
        { user_id: cast.coWorker.userId, role_id: 2 },
        { user_id: cast.client.userId, role_id: 3 },
      ],
      ...overrides,
    },
  });
  if (response.statusCode !== 200) throw new Error(`project creation failed: ${response.statusCode} ${response.body}`);
  return { id: (response.json() as { data: { id: number } }).data.id };
}

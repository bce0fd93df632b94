import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/helpers.js";

let t: TestApp;
let cast: Cast;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Website relaunch", description: "<p>Go <script>x()</script></p>" })).id;
});
afterAll(() => t.close());

async function countRows(table: "projects" | "project_members" | "task_lists"): Promise<number> {
  const row = await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("POST /api/pm/v2/projects", () => {
  it("creates the project with its members, an Inbox list and an activity; the creator manages it", async () => {
    const response = await cast.siteManager.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}` });
    expect(response.statusCode).toBe(200);
    const project = response.json().data;
    expect(project).toMatchObject({ title: "Website relaunch", status: "incomplete", favourite: false });
    expect(project.description.html).toBe("<p>Go </p>");
    const roles = Object.fromEntries(project.assignees.data.map((m: { display_name: string; roles: { data: Array<{ slug: string }> } }) => [m.display_name, m.roles.data[0]?.slug]));
    expect(roles).toEqual({ "Sam Site": "manager", "Mia Manager": "manager", "Carl Coworker": "co_worker", "Cleo Client": "client" });
    expect(project.meta.data).toMatchObject({ total_task_lists: 1, total_tasks: 0, total_activities: 1 });
    expect(project.abilities).toMatchObject({ can_edit: true, can_manage: true, create_task: true });
    const inbox = await t.database.db.selectFrom("task_lists").selectAll().where("project_id", "=", projectId).executeTakeFirstOrThrow();
    expect(inbox).toMatchObject({ title: "Inbox", is_inbox: 1 });
  });

  it("refuses users without the project-creation capability, writing nothing", async () => {
    const before = await countRows("projects");
    const response = await cast.coWorker.inject({ method: "POST", url: "/api/pm/v2/projects", payload: { title: "Mine" } });
    expect(response.statusCode).toBe(403);
    expect(await countRows("projects")).toBe(before);
  });

  it("lets everyone create projects when the site setting says so", async () => {
    await t.app.services.siteSettings.save("project_create_capability", "everyone");
    const response = await cast.coWorker.inject({ method: "POST", url: "/api/pm/v2/projects", payload: { title: "Carl's own" } });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.abilities.can_edit).toBe(true);
    await t.app.services.siteSettings.save("project_create_capability", "managers");
  });

  it("tells the web app in /api/auth/me whether the user may create projects", async () => {
    const canCreate = async () => (await cast.coWorker.inject({ method: "GET", url: "/api/auth/me" })).json().data.capabilities;
    expect(await canCreate()).toEqual({ manage_pm: false, create_project: false });
    await t.app.services.siteSettings.save("project_create_capability", "everyone");
    expect(await canCreate()).toEqual({ manage_pm: false, create_project: true });
    await t.app.services.siteSettings.save("project_create_capability", "managers");
  });

  it("refuses bad input with the field named, and writes nothing", async () => {
    const before = await Promise.all([countRows("projects"), countRows("project_members"), countRows("task_lists")]);
    const missingTitle = await cast.siteManager.inject({ method: "POST", url: "/api/pm/v2/projects", payload: { title: "  ", status: "someday" } });
    expect(missingTitle.statusCode).toBe(400);
    expect(Object.keys(missingTitle.json().data.params).sort()).toEqual(["status", "title"]);
    const unknownUser = await cast.siteManager.inject({ method: "POST", url: "/api/pm/v2/projects", payload: { title: "Ghosts", assignees: [{ user_id: 999999, role_id: 2 }] } });
    expect(unknownUser.statusCode).toBe(400);
    expect(unknownUser.json().data.params.assignees[0]).toContain("999999");
    expect(await Promise.all([countRows("projects"), countRows("project_members"), countRows("task_lists")])).toEqual(before);
  });
});

describe("GET /api/pm/v2/projects", () => {
  it("lists only the projects a user belongs to, with tab totals in meta", async () => {
    const response = await cast.client.inject({ method: "GET", url: "/api/pm/v2/projects?with=meta" });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.map((p: { id: number }) => p.id)).toEqual([projectId]);
    expect(body.meta).toMatchObject({ total_incomplete: 1, total_complete: 0, total_favourite: 0, pagination: { total: 1 } });
    expect(body.data[0].abilities).toMatchObject({ can_edit: false, create_task: true, view_private_task: false, create_file: true });
    const outsider = await cast.outsider.inject({ method: "GET", url: "/api/pm/v2/projects" });
    expect(outsider.json().data).toEqual([]);
  });

  it("filters by status and by part of the title", async () => {
    const byTitle = await cast.siteManager.inject({ method: "GET", url: "/api/pm/v2/projects?title=RELAUNCH" });
    expect(byTitle.json().data.map((p: { title: string }) => p.title)).toEqual(["Website relaunch"]);
    const complete = await cast.siteManager.inject({ method: "GET", url: "/api/pm/v2/projects?status=complete" });
    expect(complete.json().data).toEqual([]);
  });

  it("answers 400 for an unknown status", async () => {
    const response = await cast.siteManager.inject({ method: "GET", url: "/api/pm/v2/projects?status=lost" });
    expect(response.statusCode).toBe(400);
  });
});

describe("GET /api/pm/v2/projects/:id", () => {
  it("refuses a non-member with 403 and an unknown project with 404", async () => {
    expect((await cast.outsider.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}` })).statusCode).toBe(403);
    expect((await cast.outsider.inject({ method: "GET", url: "/api/pm/v2/projects/987654" })).statusCode).toBe(404);
  });
});

describe("POST /api/pm/v2/projects/:id/update", () => {
  it("lets a project manager rename the project and change members", async () => {
    const response = await cast.manager.inject({
      method: "POST",
      url: `/api/pm/v2/projects/${projectId}/update`,
      payload: {
        title: "Website relaunch 2",
        assignees: [
          { user_id: cast.manager.userId, role_id: 1 },
          { user_id: cast.coWorker.userId, role_id: 2 },
          { user_id: cast.client.userId, role_id: 3 },
          { user_id: cast.siteManager.userId, role_id: 1 },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { title: "Website relaunch 2" }, message: "Project updated successfully" });
  });

  it("forbids co-workers and clients", async () => {
    for (const session of [cast.coWorker, cast.client]) {
      const response = await session.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/update`, payload: { title: "Hijacked" } });
      expect(response.statusCode).toBe(403);
    }
  });

  it("keeps at least one manager", async () => {
    const response = await cast.manager.inject({
      method: "POST",
      url: `/api/pm/v2/projects/${projectId}/update`,
      payload: { assignees: [{ user_id: cast.coWorker.userId, role_id: 2 }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.params.assignees).toEqual(["A project needs at least one manager."]);
  });
});

describe("POST /api/pm/v2/projects/:id/favourite", () => {
  it("marks a favourite for the caller only, and the favourite tab counts it", async () => {
    const response = await cast.client.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/favourite`, payload: { favourite: 1 } });
    expect(response.json().data.favourite).toBe(true);
    const tab = await cast.client.inject({ method: "GET", url: "/api/pm/v2/projects?status=favourite" });
    expect(tab.json().data.map((p: { id: number }) => p.id)).toEqual([projectId]);
    expect(tab.json().meta.total_favourite).toBe(1);
    const others = await cast.coWorker.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}` });
    expect(others.json().data.favourite).toBe(false);
  });
});

describe("pickers", () => {
  it("lists users who share a project, and the caller's projects", async () => {
    const users = await cast.client.inject({ method: "GET", url: "/api/pm/v2/assigned_users" });
    const names = users.json().data.map((u: { display_name: string }) => u.display_name).sort();
    expect(names).toEqual(["Carl Coworker", "Cleo Client", "Mia Manager", "Sam Site"]);
    const projects = await cast.client.inject({ method: "GET", url: "/api/pm/v2/user-all-projects" });
    expect(projects.json().data).toEqual([{ id: projectId, title: "Website relaunch 2", status: "incomplete" }]);
  });

  it("answers both pickers in the list envelope, every row on one page", async () => {
    const users = (await cast.client.inject({ method: "GET", url: "/api/pm/v2/assigned_users" })).json();
    expect(users.meta.pagination).toEqual({ total: 4, count: 4, per_page: 4, current_page: 1, links: expect.any(Object), total_pages: 1 });
    const everyone = (await cast.siteManager.inject({ method: "GET", url: "/api/pm/v2/assigned_users" })).json();
    expect(everyone.meta.pagination).toMatchObject({ total: everyone.data.length, count: everyone.data.length, current_page: 1, total_pages: 1 });
    const projects = (await cast.client.inject({ method: "GET", url: "/api/pm/v2/user-all-projects" })).json();
    expect(projects.meta.pagination).toEqual({ total: 1, count: 1, per_page: 1, current_page: 1, links: expect.any(Object), total_pages: 1 });
  });
});

describe("POST /api/pm/v2/projects/:id/delete", () => {
  it("forbids a co-worker and lets the manager delete", async () => {
    const { id } = await createProjectWithCast(cast, { title: "Short-lived" });
    expect((await cast.coWorker.inject({ method: "POST", url: `/api/pm/v2/projects/${id}/delete` })).statusCode).toBe(403);
    const response = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${id}/delete` });
    expect(response.json()).toEqual({ message: "Project deleted successfully" });
    expect((await cast.manager.inject({ method: "GET", url: `/api/pm/v2/projects/${id}` })).statusCode).toBe(404);
  });
});

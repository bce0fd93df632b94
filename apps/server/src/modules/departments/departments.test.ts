import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, createUserAndSignIn, type Session, type TestApp } from "../../../test/helpers.js";

let t: TestApp;
let cast: Cast;
let dana: Session & { email: string };
let eli: Session & { email: string };

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  await createProjectWithCast(cast, { title: "Roles" });
  dana = await createUserAndSignIn(t.app, cast.siteManager, { display_name: "Dana Dev" });
  eli = await createUserAndSignIn(t.app, cast.siteManager, { display_name: "Eli Engineer" });
});
afterAll(() => t.close());

const URL = "/api/erp/v1/hrm/departments";
type Role = "siteManager" | "manager" | "coWorker" | "client" | "outsider";
const NON_MANAGERS: Role[] = ["manager", "coWorker", "client", "outsider"];

beforeEach(async () => {
  await t.database.db.withTables<{ departments: { id: number } }>().deleteFrom("departments").execute();
  await t.database.db.deleteFrom("settings").execute();
});

async function department(title: string, userIds: number[] = []): Promise<number> {
  const response = await cast.siteManager.inject({ method: "POST", url: URL, payload: { title, user_ids: userIds } });
  if (response.statusCode !== 200) throw new Error(`department creation failed: ${response.body}`);
  return response.json().data.id as number;
}

function setIntegration(on: boolean) {
  return cast.siteManager.inject({ method: "POST", url: "/api/pm/v2/settings", payload: { key: "hrm_integration", value: on ? "1" : "0" } });
}

type MemberJson = { id: number; roles: { data: Array<{ slug: string }> } };
function roles(project: { assignees: { data: MemberJson[] } }): Record<number, string> {
  return Object.fromEntries(project.assignees.data.map((member) => [member.id, member.roles.data[0]?.slug ?? ""]));
}

describe("GET /api/erp/v1/hrm/departments", () => {
  it("lists departments by title with their people's ids and count", async () => {
    const b = await department("Sales", [eli.userId]);
    const a = await department("Engineering", [dana.userId, eli.userId]);
    const response = await cast.siteManager.inject({ method: "GET", url: URL });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      data: [
        { id: a, title: "Engineering", user_ids: [dana.userId, eli.userId].sort((x, y) => x - y), users_count: 2 },
        { id: b, title: "Sales", user_ids: [eli.userId], users_count: 1 },
      ],
    });
    expect(response.json().data[0].users.map((user: { display_name: string }) => user.display_name)).toEqual(["Dana Dev", "Eli Engineer"]);
  });

  it("lists in a fixed number of queries, however many departments there are", async () => {
    for (let index = 0; index < 5; index += 1) await department(`Team ${index}`, [dana.userId]);
    t.queries.length = 0;
    await cast.coWorker.inject({ method: "GET", url: URL });
    const mine = t.queries.filter((query) => /department/.test(query));
    expect(mine).toHaveLength(2);
  });

  it.each(["siteManager", "manager", "coWorker", "client", "outsider"] as Role[])("is readable by %s (project forms offer them)", async (role) => {
    await department("Engineering");
    const response = await cast[role].inject({ method: "GET", url: URL });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toHaveLength(1);
  });

  it("answers 401 to someone not signed in", async () => {
    expect((await t.app.inject({ method: "GET", url: URL })).statusCode).toBe(401);
  });

  it("answers one department, or 404", async () => {
    const id = await department("Engineering", [dana.userId]);
    const response = await cast.client.inject({ method: "GET", url: `${URL}/${id}` });
    expect(response.json()).toMatchObject({ data: { id, title: "Engineering", user_ids: [dana.userId], users_count: 1, users: [{ id: dana.userId, display_name: "Dana Dev" }] } });
    expect((await cast.client.inject({ method: "GET", url: `${URL}/9999` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `${URL}/${id}` })).statusCode).toBe(401);
  });
});

describe("e-mail addresses in departments", () => {
  it("shows a non-site-manager the e-mail only of people who share a project with them", async () => {
    const id = await department("Mixed", [dana.userId, cast.client.userId, cast.coWorker.userId]);
    type UserJson = { id: number; display_name: string; email: string };
    const usersSeenBy = async (session: Session) => {
      const response = await session.inject({ method: "GET", url: `${URL}/${id}` });
      expect(response.statusCode).toBe(200);
      return Object.fromEntries((response.json().data.users as UserJson[]).map((user) => [user.id, user]));
    };

    const byCoWorker = await usersSeenBy(cast.coWorker);
    expect(byCoWorker[cast.client.userId]?.email).toBe(cast.client.email);
    expect(byCoWorker[cast.coWorker.userId]?.email).toBe(cast.coWorker.email);
    expect(byCoWorker[dana.userId]).toMatchObject({ display_name: "Dana Dev", email: "" });

    const list = await cast.outsider.inject({ method: "GET", url: URL });
    expect(list.body).not.toContain(dana.email);
    expect(list.body).not.toContain(cast.client.email);

    const bySiteManager = await usersSeenBy(cast.siteManager);
    expect(bySiteManager[dana.userId]?.email).toBe(dana.email);
  });
});

describe("POST /api/erp/v1/hrm/departments", () => {
  it("creates a department with its people, listed once each", async () => {
    const response = await cast.siteManager.inject({ method: "POST", url: URL, payload: { title: " Engineering ", user_ids: [dana.userId, dana.userId] } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: "Department created successfully", data: { title: "Engineering", user_ids: [dana.userId], users_count: 1 } });
  });

  it.each([
    [{}, "title", "title is required"],
    [{ title: "  " }, "title", "title is required"],
    [{ title: "X".repeat(201) }, "title", "title must have at most 200 characters"],
    [{ title: "Ops", user_ids: "1" }, "user_ids", "user_ids must be a list"],
    [{ title: "Ops", user_ids: ["x"] }, "user_ids.0", "user_ids.0 must be a number"],
  ])("refuses %j with 400 naming the field", async (payload, field, message) => {
    const response = await cast.siteManager.inject({ method: "POST", url: URL, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.params[field]).toEqual([message]);
  });

  it("refuses unknown users and a title in use (case ignored), and writes nothing", async () => {
    const unknown = await cast.siteManager.inject({ method: "POST", url: URL, payload: { title: "Ops", user_ids: [dana.userId, 9999] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.params).toEqual({ user_ids: ["Unknown user id: 9999"] });
    await department("Engineering");
    const taken = await cast.siteManager.inject({ method: "POST", url: URL, payload: { title: "engineering" } });
    expect(taken.json().data.params).toEqual({ title: ["A department named engineering already exists."] });
    expect((await cast.siteManager.inject({ method: "GET", url: URL })).json().data).toHaveLength(1);
  });

  it.each(NON_MANAGERS)("refuses %s with 403", async (role) => {
    const response = await cast[role].inject({ method: "POST", url: URL, payload: { title: "Ops" } });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe("Only site managers can manage departments.");
  });

  it("answers 401 to someone not signed in", async () => {
    expect((await t.app.inject({ method: "POST", url: URL, payload: { title: "Ops" } })).statusCode).toBe(401);
  });
});

describe("POST /api/erp/v1/hrm/departments/:id/update", () => {
  it("renames a department and replaces its people", async () => {
    const id = await department("Engineering", [dana.userId]);
    const response = await cast.siteManager.inject({ method: "POST", url: `${URL}/${id}/update`, payload: { title: "R&D", user_ids: [eli.userId] } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: "Department updated successfully", data: { id, title: "R&D", user_ids: [eli.userId], users_count: 1 } });
  });

  it("changes only what is given", async () => {
    const id = await department("Engineering", [dana.userId]);
    const renamed = await cast.siteManager.inject({ method: "POST", url: `${URL}/${id}/update`, payload: { title: "Eng" } });
    expect(renamed.json().data).toMatchObject({ title: "Eng", user_ids: [dana.userId] });
    const emptied = await cast.siteManager.inject({ method: "POST", url: `${URL}/${id}/update`, payload: { user_ids: [] } });
    expect(emptied.json().data).toMatchObject({ title: "Eng", user_ids: [], users_count: 0 });
  });

  it("refuses a title in use, an empty title and unknown users, changing nothing", async () => {
    await department("Sales");
    const id = await department("Engineering", [dana.userId]);
    const taken = await cast.siteManager.inject({ method: "POST", url: `${URL}/${id}/update`, payload: { title: "SALES", user_ids: [] } });
    expect(taken.json().data.params).toEqual({ title: ["A department named SALES already exists."] });
    const empty = await cast.siteManager.inject({ method: "POST", url: `${URL}/${id}/update`, payload: { title: "" } });
    expect(empty.json().data.params).toEqual({ title: ["title is required"] });
    const unknown = await cast.siteManager.inject({ method: "POST", url: `${URL}/${id}/update`, payload: { user_ids: [9999] } });
    expect(unknown.json().data.params).toEqual({ user_ids: ["Unknown user id: 9999"] });
    const same = await cast.siteManager.inject({ method: "POST", url: `${URL}/${id}/update`, payload: { title: "engineering" } });
    expect(same.statusCode).toBe(200);
    expect(same.json().data.user_ids).toEqual([dana.userId]);
  });

  it("answers 404 for a department that does not exist", async () => {
    expect((await cast.siteManager.inject({ method: "POST", url: `${URL}/9999/update`, payload: { title: "X" } })).statusCode).toBe(404);
  });

  it.each(NON_MANAGERS)("refuses %s with 403", async (role) => {
    const id = await department("Engineering");
    expect((await cast[role].inject({ method: "POST", url: `${URL}/${id}/update`, payload: { title: "Mine" } })).statusCode).toBe(403);
  });

  it("answers 401 to someone not signed in", async () => {
    const id = await department("Engineering");
    expect((await t.app.inject({ method: "POST", url: `${URL}/${id}/update`, payload: { title: "X" } })).statusCode).toBe(401);
  });
});

describe("POST /api/erp/v1/hrm/departments/:id/delete", () => {
  it("deletes a department; a project that chose it keeps its members and shows no department", async () => {
    await setIntegration(true);
    const id = await department("Engineering", [dana.userId]);
    const project = (await cast.siteManager.inject({ method: "POST", url: "/api/pm/v2/projects", payload: { title: "Built", department_id: id } })).json().data;
    const response = await cast.siteManager.inject({ method: "POST", url: `${URL}/${id}/delete` });
    expect(response.json()).toEqual({ message: "Department deleted successfully" });
    const after = (await cast.siteManager.inject({ method: "GET", url: `/api/pm/v2/projects/${project.id}` })).json().data;
    expect(after.department_id).toBe(0);
    expect(roles(after)[dana.userId]).toBe("co_worker");
  });

  it("answers 404 for a department that does not exist", async () => {
    expect((await cast.siteManager.inject({ method: "POST", url: `${URL}/9999/delete` })).statusCode).toBe(404);
  });

  it.each(NON_MANAGERS)("refuses %s with 403", async (role) => {
    const id = await department("Engineering");
    expect((await cast[role].inject({ method: "POST", url: `${URL}/${id}/delete` })).statusCode).toBe(403);
  });

  it("answers 401 to someone not signed in", async () => {
    const id = await department("Engineering");
    expect((await t.app.inject({ method: "POST", url: `${URL}/${id}/delete` })).statusCode).toBe(401);
  });
});

describe("a department on the project form", () => {
  it("adds the department's people as co-workers when a project is created with it", async () => {
    await setIntegration(true);
    const id = await department("Engineering", [dana.userId, eli.userId, cast.client.userId]);
    const response = await cast.siteManager.inject({
      method: "POST",
      url: "/api/pm/v2/projects",
      // The client is already listed as a client: they keep that role.
      payload: { title: "Rocket", department_id: id, assignees: [{ user_id: cast.client.userId, role_id: 3 }] },
    });
    expect(response.statusCode).toBe(200);
    const project = response.json().data;
    expect(project.department_id).toBe(id);
    expect(roles(project)).toEqual({ [cast.siteManager.userId]: "manager", [dana.userId]: "co_worker", [eli.userId]: "co_worker", [cast.client.userId]: "client" });
  });

  it("treats department 0 as none", async () => {
    await setIntegration(true);
    const project = (await cast.siteManager.inject({ method: "POST", url: "/api/pm/v2/projects", payload: { title: "Plain", department_id: 0 } })).json().data;
    expect(project.department_id).toBe(0);
    expect(project.assignees.data).toHaveLength(1);
  });

  it("refuses a department while the integration is off, and an unknown department, creating nothing", async () => {
    const id = await department("Engineering", [dana.userId]);
    const off = await cast.siteManager.inject({ method: "POST", url: "/api/pm/v2/projects", payload: { title: "Nope", department_id: id } });
    expect(off.statusCode).toBe(400);
    expect(off.json().data.params).toEqual({ department_id: ["Departments are off: turn the workforce-management integration on in the general settings first."] });
    await setIntegration(true);
    const unknown = await cast.siteManager.inject({ method: "POST", url: "/api/pm/v2/projects", payload: { title: "Nope", department_id: 9999 } });
    expect(unknown.json().data.params).toEqual({ department_id: ["Unknown department id: 9999"] });
    const bad = await cast.siteManager.inject({ method: "POST", url: "/api/pm/v2/projects", payload: { title: "Nope", department_id: -2 } });
    expect(bad.json().data.params.department_id).toHaveLength(1);
    const titles = (await cast.siteManager.inject({ method: "GET", url: "/api/pm/v2/projects?per_page=-1" })).json().data.map((p: { title: string }) => p.title);
    expect(titles).not.toContain("Nope");
  });

  it("adds the people of a newly chosen department on update, skipping members, and not again when re-sent", async () => {
    await setIntegration(true);
    const { id: projectId } = await createProjectWithCast(cast);
    const departmentId = await department("Engineering", [dana.userId, cast.coWorker.userId, cast.manager.userId]);
    const url = `/api/pm/v2/projects/${projectId}/update`;

    const updated = await cast.manager.inject({ method: "POST", url, payload: { department_id: departmentId } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.department_id).toBe(departmentId);
    const after = roles(updated.json().data);
    expect(after[dana.userId]).toBe("co_worker");
    expect(after[cast.manager.userId]).toBe("manager");
    expect(after[cast.client.userId]).toBe("client");

    // Dana is taken off the project; saving the form again with the same department does not bring her back.
    const members = updated.json().data.assignees.data
      .filter((member: MemberJson) => member.id !== dana.userId)
      .map((member: MemberJson) => ({ user_id: member.id, role_id: { manager: 1, co_worker: 2, client: 3 }[member.roles.data[0]?.slug ?? "co_worker"] }));
    const resent = await cast.manager.inject({ method: "POST", url, payload: { department_id: departmentId, assignees: members } });
    expect(roles(resent.json().data)[dana.userId]).toBeUndefined();

    // Choosing another department, with a member list, adds its people to the list.
    const other = await department("Sales", [eli.userId]);
    const switched = await cast.manager.inject({ method: "POST", url, payload: { department_id: other, assignees: members } });
    expect(switched.json().data.department_id).toBe(other);
    expect(roles(switched.json().data)[eli.userId]).toBe("co_worker");

    const cleared = await cast.manager.inject({ method: "POST", url, payload: { department_id: 0 } });
    expect(cleared.json().data.department_id).toBe(0);
    expect(roles(cleared.json().data)[eli.userId]).toBe("co_worker");
  });

  it("lets only the project's managers set the department", async () => {
    await setIntegration(true);
    const { id: projectId } = await createProjectWithCast(cast);
    const departmentId = await department("Engineering", [dana.userId]);
    for (const role of ["coWorker", "client", "outsider"] as Role[]) {
      const response = await cast[role].inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/update`, payload: { department_id: departmentId } });
      expect(response.statusCode, role).toBe(403);
    }
    const project = (await cast.siteManager.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}` })).json().data;
    expect(project.department_id).toBe(0);
    expect(roles(project)[dana.userId]).toBeUndefined();
  });
});

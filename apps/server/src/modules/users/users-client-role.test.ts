import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/helpers.js";

// Its own app: the users list's totals in users.test.ts stay those of its two users.
let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  await createProjectWithCast(cast);
});
afterAll(() => t.close());

describe("GET /api/pm/v2/users", () => {
  it("says which users are a client in some project, so a project form can default them to Client", async () => {
    const response = await cast.siteManager.inject({ method: "GET", url: "/api/pm/v2/users?per_page=-1" });
    expect(response.statusCode).toBe(200);
    const byName = Object.fromEntries(response.json().data.map((user: { display_name: string; is_client: boolean }) => [user.display_name, user.is_client]));
    expect(byName).toEqual({ "Sam Site": false, "Mia Manager": false, "Carl Coworker": false, "Cleo Client": true, "Otto Outsider": false });
  });

  it("asks once for the whole page, not once per user", async () => {
    t.queries.length = 0;
    await cast.siteManager.inject({ method: "GET", url: "/api/pm/v2/users" });
    expect(t.queries.filter((query) => query.includes("project_members"))).toHaveLength(1);
  });
});

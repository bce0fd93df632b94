import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, setUpFirstUser, signIn, uniqueEmail, type TestApp } from "../../../test/helpers.js";
import { startJobRunner } from "../../jobs/job-runner.js";

describe("auth.prune-sessions", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("deletes expired sessions when the app's job runner runs it, and keeps live ones", async () => {
    const { app, database } = testApp;
    const email = uniqueEmail("manager");
    const expired = await setUpFirstUser(app, { email });
    await database.db.updateTable("sessions").set({ expires_at: "2000-01-01 00:00:00" }).execute();
    const live = await signIn(app, email);

    await startJobRunner(app.jobs, app.modules);
    const id = (await app.jobs.enqueue("auth.prune-sessions", {})) ?? "";
    const deadline = Date.now() + 5000;
    while ((await app.jobs.findJob("auth.prune-sessions", id))?.state !== "done") {
      if (Date.now() > deadline) throw new Error("the job did not run");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const rows = await database.db.selectFrom("sessions").select(["user_id"]).execute();
    expect(rows).toEqual([{ user_id: live.userId }]);
    expect((await expired.inject({ method: "GET", url: "/api/auth/me", nonce: false })).statusCode).toBe(401);
    expect((await live.inject({ method: "GET", url: "/api/auth/me", nonce: false })).statusCode).toBe(200);
  });
});

import { MESSAGES } from "@plotline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/helpers.js";
import { toyNotesModule } from "../../test/toy-notes/toy-notes.module.js";
import { menuFor } from "./menu.js";
import { defineModule, withJobsWhileOn } from "./module.js";
import { MODULES } from "./registry.js";

// The toy module lives in its own folder; adding it is this one line, as a new module is one line of MODULES.
const WITH_TOY = [...MODULES, toyNotesModule];

describe("a module that registers itself", () => {
  let t: TestApp;
  let cast: Cast;
  let projectId: number;

  beforeAll(async () => {
    t = await createTestApp({ modules: WITH_TOY });
    cast = await createCast(t.app);
    projectId = (await createProjectWithCast(cast, { title: "With notes" })).id;
  });
  afterAll(() => t.close());

  it("gets its table from its own migration and answers on its own routes, through another module's service", async () => {
    const added = await cast.coWorker.inject({ method: "POST", url: `/api/pm-pro/v2/projects/${projectId}/toy-notes`, payload: { title: "Remember the milk" } });
    expect(added.statusCode, added.body).toBe(200);
    const listed = await cast.coWorker.inject({ method: "GET", url: `/api/pm-pro/v2/projects/${projectId}/toy-notes` });
    expect(listed.json().data.map((note: { title: string }) => note.title)).toEqual(["Remember the milk"]);
    // Project access comes from the projects module's service: a stranger is refused as everywhere else.
    const refused = await cast.outsider.inject({ method: "GET", url: `/api/pm-pro/v2/projects/${projectId}/toy-notes` });
    expect(refused.statusCode).toBe(403);
  });

  it("adds its menu entry to the menu the server sends", async () => {
    const me = await cast.coWorker.inject({ method: "GET", url: "/api/auth/me" });
    expect(me.json().data.menu).toContainEqual(expect.objectContaining({ label: "menu.toy_notes", area: "project", order: 7 }));
  });

  it("adds its count to each project's overview counts", async () => {
    await cast.manager.inject({ method: "POST", url: `/api/pm-pro/v2/projects/${projectId}/toy-notes`, payload: { title: "Second" } });
    const project = await cast.manager.inject({ method: "GET", url: `/api/pm/v2/projects/${projectId}` });
    expect(project.statusCode, project.body).toBe(200);
    expect(project.json().data.meta.data).toMatchObject({ total_toy_notes: 2, total_tasks: 0 });
  });

  it("is unknown to an app built without it", async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.app.inject({ method: "GET", url: `/api/pm-pro/v2/projects/1/toy-notes` });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe("jobs of a Pro module", () => {
  it("do nothing while the module is switched off, and run once it is on", async () => {
    const t = await createTestApp();
    try {
      const runs: unknown[] = [];
      // A job name of JobMap stands in for the Pro module's own.
      const gantt = defineModule({ name: "gantt-jobs", switch: "gantt", jobs: () => ({ "auth.prune-sessions": async (payload) => void runs.push(payload) }) });
      const run = withJobsWhileOn(gantt).jobs?.(t.app.services)["auth.prune-sessions"];
      const job = { id: "1", name: "auth.prune-sessions", attempt: 1 };
      await t.app.services.moduleStates.setActive("gantt", false);
      await run?.({}, job);
      expect(runs).toHaveLength(0);
      await t.app.services.moduleStates.setActive("gantt", true);
      await run?.({}, job);
      expect(runs).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});

describe("the registry", () => {
  it("names the module and the service when a module reads a service no earlier module provides", async () => {
    const early = defineModule({ name: "too-early", switch: "core", services: (_ctx, s) => ({ toyNotes: s.toyNotes }) });
    await expect(createTestApp({ modules: [early, ...MODULES] })).rejects.toThrow(/too-early module reads the service "toyNotes"/);
  });

  it("sends the documents' menu: site entries first in their order, and site-manager entries only to site managers", () => {
    const forManager = menuFor(MODULES, ["files", "calendar"], true).filter((entry) => entry.area === "site").map((entry) => [entry.route, entry.order]);
    expect(forManager).toEqual([["project_lists", 1], ["my_tasks", 2], ["inbox", 3], ["calendar", 4], ["module_lists", 8], ["users", 20], ["license", 30], ["general_settings", 40]]);
    const forCoWorker = menuFor(MODULES, [], false).map((entry) => entry.route);
    expect(forCoWorker).toEqual(["project_lists", "my_tasks", "inbox", "pm_overview", "task_lists", "discussions", "milestones", "pm_pro_settings"]);
  });

  it("gives every area of the server messages to one module, but the platform's own", () => {
    const owned = MODULES.flatMap((module) => (module.i18n ? [module.i18n] : []));
    expect(new Set(owned).size).toBe(owned.length);
    const platform = ["common", "app", "form_body"];
    expect([...owned, ...platform].sort()).toEqual(Object.keys(MESSAGES).sort());
  });

  it("leaves out the entries of a module that is off", () => {
    expect(menuFor(MODULES, ["calendar"], false).map((entry) => entry.route)).not.toContain("pm_files");
    expect(menuFor(MODULES, ["files"], false).map((entry) => entry.route)).toContain("pm_files");
  });
});

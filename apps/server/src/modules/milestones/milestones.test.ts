import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";

let t: TestApp;
let cast: Cast;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Launch" })).id;
});
afterAll(() => t.close());

type Role = "siteManager" | "manager" | "coWorker" | "client" | "outsider";
const ROLES: Role[] = ["siteManager", "manager", "coWorker", "client", "outsider"];

function base(project = projectId): string {
  return `/api/pm/v2/projects/${project}/milestones`;
}

async function createMilestone(session: Session, payload: Record<string, unknown>): Promise<number> {
  const response = await session.inject({ method: "POST", url: base(), payload });
  if (response.statusCode !== 200) throw new Error(`milestone creation failed: ${response.statusCode} ${response.body}`);
  return response.json().data.id as number;
}

async function count(table: "milestones" | "activities"): Promise<number> {
  const row = await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("POST /api/pm/v2/projects/:project/milestones", () => {
  it("creates a milestone with its creator, abilities and an activity", async () => {
    const before = await count("activities");
    const response = await cast.coWorker.inject({
      method: "POST",
      url: base(),
      payload: { title: "Beta", description: "<p>Ship <script>x()</script></p>", achieve_date: "2026-05-01" },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe("Milestone created successfully");
    expect(body.data).toMatchObject({
      title: "Beta",
      description: { html: "<p>Ship </p>" },
      achieve_date: { date: "2026-05-01" },
      status: 0,
      project_id: projectId,
      creator: { data: { display_name: "Carl Coworker" } },
      task_lists: { data: [] },
      discussion_boards: { data: [] },
      meta: { privacy: "0", total_task_list: 0, total_discussion_boards: 0 },
      abilities: { can_edit: true, can_delete: true },
    });
    expect(await count("activities")).toBe(before + 1);
    const activity = await t.database.db.selectFrom("activities").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(activity).toMatchObject({ message: "Carl Coworker created the milestone Beta", privacy_scope: null, resource_type: "milestone" });
  });

  it("sends no achieve date as the date object with null fields, on the milestone and on a list linked to it", async () => {
    const id = await createMilestone(cast.manager, { title: "Undated" });
    const empty = { date: null, time: null, datetime: null, timezone: "UTC", timestamp: null };
    const shown = await cast.manager.inject({ method: "GET", url: `${base()}/${id}` });
    expect(shown.json().data.achieve_date).toEqual(empty);
    const list = await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/task-lists`, payload: { title: "Linked", milestone: id } });
    expect(list.json().data.milestone.data.achieve_date).toEqual(empty);
  });

  it("refuses an empty title and a bad date with the fields named, writing nothing", async () => {
    const before = await Promise.all([count("milestones"), count("activities")]);
    const response = await cast.manager.inject({ method: "POST", url: base(), payload: { title: "  ", achieve_date: "01/05/2026" } });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().data.params).sort()).toEqual(["achieve_date", "title"]);
    expect(await Promise.all([count("milestones"), count("activities")])).toEqual(before);
  });

  const expectations: Record<Role, { public: number; private: number }> = {
    siteManager: { public: 200, private: 200 },
    manager: { public: 200, private: 200 },
    coWorker: { public: 200, private: 200 },
    client: { public: 200, private: 403 },
    outsider: { public: 403, private: 403 },
  };
  for (const role of ROLES) {
    it(`answers ${expectations[role].public}/${expectations[role].private} to a ${role} creating a public/private milestone`, async () => {
      const before = await count("milestones");
      const publicOne = await cast[role].inject({ method: "POST", url: base(), payload: { title: `${role} public` } });
      const privateOne = await cast[role].inject({ method: "POST", url: base(), payload: { title: `${role} private`, privacy: 1 } });
      expect([publicOne.statusCode, privateOne.statusCode]).toEqual([expectations[role].public, expectations[role].private]);
      const written = [publicOne, privateOne].filter((response) => response.statusCode === 200).length;
      expect(await count("milestones")).toBe(before + written);
    });
  }

  it("follows the project's capability overrides: a client without create_milestone is refused", async () => {
    const { id } = await createProjectWithCast(cast, { title: "Locked" });
    await t.database.db.insertInto("project_settings")
      .values({ project_id: id, key: "capabilities", value: JSON.stringify({ client: { create_milestone: false } }), updated_at: "2026-01-01 00:00:00" })
      .execute();
    const response = await cast.client.inject({ method: "POST", url: base(id), payload: { title: "Nope" } });
    expect(response.statusCode).toBe(403);
  });
});

describe("reading milestones", () => {
  let publicId: number;
  let privateId: number;

  beforeAll(async () => {
    const { id } = await createProjectWithCast(cast, { title: "Reading" });
    projectId = id;
    publicId = await createMilestone(cast.manager, { title: "Public", achieve_date: "2026-03-01" });
    privateId = await createMilestone(cast.manager, { title: "Secret", achieve_date: "2026-02-01", privacy: 1 });
  });

  const expectations: Record<Role, { public: number; private: number }> = {
    siteManager: { public: 200, private: 200 },
    manager: { public: 200, private: 200 },
    coWorker: { public: 200, private: 200 },
    client: { public: 200, private: 404 },
    outsider: { public: 403, private: 403 },
  };
  for (const role of ROLES) {
    it(`answers ${expectations[role].public}/${expectations[role].private} to a ${role} reading a public/private milestone`, async () => {
      const publicOne = await cast[role].inject({ method: "GET", url: `${base()}/${publicId}` });
      const privateOne = await cast[role].inject({ method: "GET", url: `${base()}/${privateId}` });
      expect([publicOne.statusCode, privateOne.statusCode]).toEqual([expectations[role].public, expectations[role].private]);
      const listed = await cast[role].inject({ method: "GET", url: base() });
      if (role === "outsider") {
        expect(listed.statusCode).toBe(403);
        return;
      }
      const titles = listed.json().data.map((m: { title: string }) => m.title);
      expect(titles).toEqual(expectations[role].private === 200 ? ["Secret", "Public"] : ["Public"]);
    });
  }

  it("orders by achieve date (undated last), then order, and links the visible lists and discussions", async () => {
    const early = await createMilestone(cast.manager, { title: "Early", achieve_date: "2026-01-01", order: 5 });
    await createMilestone(cast.manager, { title: "Early too", achieve_date: "2026-01-01", order: 1 });
    await createMilestone(cast.manager, { title: "Someday" });
    const now = "2026-01-01 00:00:00";
    const list = { project_id: projectId, description: "", sort_order: 0, status: 1, is_inbox: 0, created_by: cast.manager.userId, created_at: now, updated_at: now };
    await t.database.db.insertInto("task_lists").values([
      { ...list, title: "Open list", privacy: 0, milestone_id: early },
      { ...list, title: "Hidden list", privacy: 1, milestone_id: early },
    ]).execute();
    const board = { project_id: projectId, description: "", sort_order: 0, created_by: cast.manager.userId, created_at: now, updated_at: now };
    await t.database.db.insertInto("discussions").values([
      { ...board, title: "Open talk", privacy: 0, milestone_id: early },
      { ...board, title: "Hidden talk", privacy: 1, milestone_id: early },
    ]).execute();

    const forClient = (await cast.client.inject({ method: "GET", url: base() })).json();
    expect(forClient.data.map((m: { title: string }) => m.title)).toEqual(["Early too", "Early", "Public", "Someday"]);
    const earlyForClient = forClient.data[1];
    expect(earlyForClient.task_lists.data.map((l: { title: string }) => l.title)).toEqual(["Open list"]);
    expect(earlyForClient.discussion_boards.data.map((d: { title: string }) => d.title)).toEqual(["Open talk"]);
    expect(earlyForClient.meta).toEqual({ privacy: "0", total_task_list: 1, total_discussion_boards: 1 });
    expect(forClient.meta.pagination).toMatchObject({ total: 4, count: 4 });

    const earlyForCoWorker = (await cast.coWorker.inject({ method: "GET", url: `${base()}/${early}` })).json().data;
    expect(earlyForCoWorker.meta).toMatchObject({ total_task_list: 2, total_discussion_boards: 2 });
  });

  it("filters by status for the milestone report", async () => {
    await cast.manager.inject({ method: "POST", url: `${base()}/${publicId}/update`, payload: { status: "complete" } });
    const open = (await cast.manager.inject({ method: "GET", url: `${base()}?status=0` })).json().data;
    expect(open.map((m: { title: string }) => m.title)).not.toContain("Public");
    const done = (await cast.manager.inject({ method: "GET", url: `${base()}?status=1` })).json().data;
    expect(done.map((m: { title: string }) => m.title)).toEqual(["Public"]);
  });

  it("answers 404 for a milestone of another project", async () => {
    const other = await createProjectWithCast(cast, { title: "Elsewhere" });
    const response = await cast.manager.inject({ method: "GET", url: `${base(other.id)}/${publicId}` });
    expect(response.statusCode).toBe(404);
  });
});

describe("changing and deleting milestones", () => {
  let items: { public: number; private: number };

  beforeAll(async () => {
    projectId = (await createProjectWithCast(cast, { title: "Changes" })).id;
  });

  async function freshItems(): Promise<void> {
    items = {
      public: await createMilestone(cast.siteManager, { title: "Public" }),
      private: await createMilestone(cast.siteManager, { title: "Private", privacy: 1 }),
    };
  }

  // Items made by the site manager: only managers may touch them; the client may not even see the private one.
  const expectations: Record<Role, { public: number; private: number }> = {
    siteManager: { public: 200, private: 200 },
    manager: { public: 200, private: 200 },
    coWorker: { public: 403, private: 403 },
    client: { public: 403, private: 404 },
    outsider: { public: 403, private: 403 },
  };
  for (const role of ROLES) {
    it(`answers ${expectations[role].public}/${expectations[role].private} to a ${role} editing then deleting someone else's public/private milestone`, async () => {
      await freshItems();
      const edits = await Promise.all(
        (["public", "private"] as const).map((kind) =>
          cast[role].inject({ method: "POST", url: `${base()}/${items[kind]}/update`, payload: { title: `Renamed by ${role}` } })),
      );
      expect(edits.map((r) => r.statusCode)).toEqual([expectations[role].public, expectations[role].private]);
      const deletes = [];
      for (const kind of ["public", "private"] as const) {
        deletes.push(await cast[role].inject({ method: "POST", url: `${base()}/${items[kind]}/delete` }));
      }
      expect(deletes.map((r) => r.statusCode)).toEqual([expectations[role].public, expectations[role].private]);
      const left = await t.database.db.selectFrom("milestones").select("title").where("id", "in", [items.public, items.private]).execute();
      expect(left.length).toBe(expectations[role].public === 200 ? 0 : 2);
      expect(left.every((row) => !row.title.startsWith("Renamed"))).toBe(true);
    });
  }

  it("lets a client edit and delete the milestone they created", async () => {
    const id = await createMilestone(cast.client, { title: "Client's" });
    const edit = await cast.client.inject({ method: "POST", url: `${base()}/${id}/update`, payload: { title: "Client's own", achieve_date: "2026-09-09", order: 3 } });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ message: "Milestone updated successfully", data: { title: "Client's own", order: 3, achieve_date: { date: "2026-09-09" } } });
    const makePrivate = await cast.client.inject({ method: "POST", url: `${base()}/${id}/update`, payload: { privacy: 1 } });
    expect(makePrivate.statusCode).toBe(403);
    const removed = await cast.client.inject({ method: "POST", url: `${base()}/${id}/delete` });
    expect(removed.json()).toEqual({ message: "Milestone deleted successfully" });
  });

  it("writes complete and reopen activities when the status changes", async () => {
    const id = await createMilestone(cast.manager, { title: "Gate" });
    await cast.manager.inject({ method: "POST", url: `${base()}/${id}/update`, payload: { status: 1 } });
    await cast.manager.inject({ method: "POST", url: `${base()}/${id}/update`, payload: { status: "incomplete", title: "Gate 2" } });
    const messages = await t.database.db.selectFrom("activities").select(["message", "action"])
      .where("resource_type", "=", "milestone").where("resource_id", "=", id).orderBy("id").execute();
    expect(messages).toEqual([
      { message: "Mia Manager created the milestone Gate", action: "create_milestone" },
      { message: "Mia Manager completed the milestone Gate", action: "complete_milestone" },
      { message: "Mia Manager reopened the milestone Gate 2", action: "incomplete_milestone" },
    ]);
  });

  it("records a private milestone's activity under view_private_milestone", async () => {
    const id = await createMilestone(cast.manager, { title: "Quiet", privacy: 1 });
    const row = await t.database.db.selectFrom("activities").select("privacy_scope").where("resource_id", "=", id).where("resource_type", "=", "milestone").executeTakeFirstOrThrow();
    expect(row.privacy_scope).toBe("view_private_milestone");
  });

  it("unlinks lists and discussions when deleted, and drops its comments", async () => {
    const id = await createMilestone(cast.manager, { title: "Doomed" });
    const now = "2026-01-01 00:00:00";
    const list = await t.database.db.insertInto("task_lists").values({
      project_id: projectId, title: "Linked", description: "", sort_order: 0, status: 1, privacy: 0, is_inbox: 0, milestone_id: id,
      created_by: cast.manager.userId, created_at: now, updated_at: now,
    }).returning("id").executeTakeFirstOrThrow();
    const board = await t.database.db.insertInto("discussions").values({
      project_id: projectId, title: "Linked talk", description: "", sort_order: 0, privacy: 0, milestone_id: id,
      created_by: cast.manager.userId, created_at: now, updated_at: now,
    }).returning("id").executeTakeFirstOrThrow();
    await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/comments`, payload: { content: "Soon", commentable_type: "milestone", commentable_id: id } });

    const response = await cast.manager.inject({ method: "POST", url: `${base()}/${id}/delete` });
    expect(response.statusCode).toBe(200);
    const listRow = await t.database.db.selectFrom("task_lists").select("milestone_id").where("id", "=", list.id).executeTakeFirstOrThrow();
    const boardRow = await t.database.db.selectFrom("discussions").select("milestone_id").where("id", "=", board.id).executeTakeFirstOrThrow();
    expect([listRow.milestone_id, boardRow.milestone_id]).toEqual([null, null]);
    const comments = await t.database.db.selectFrom("comments").select("id").where("commentable_type", "=", "milestone").where("commentable_id", "=", id).execute();
    expect(comments).toEqual([]);
    expect((await cast.manager.inject({ method: "GET", url: `${base()}/${id}` })).statusCode).toBe(404);
  });
});

describe("GET /api/pm/v2/projects/:project/milestones query count", () => {
  it("runs the same number of SQL statements for 2 milestones as for 25", async () => {
    const { id } = await createProjectWithCast(cast, { title: "Counting" });
    const now = "2026-01-01 00:00:00";
    async function addMilestones(n: number): Promise<void> {
      for (let i = 0; i < n; i += 1) {
        const milestone = await t.database.db.insertInto("milestones").values({
          project_id: id, title: `M${i}`, description: "", achieve_date: null, status: 0, privacy: i % 2, sort_order: i,
          created_by: i % 2 ? cast.manager.userId : cast.coWorker.userId, created_at: now, updated_at: now,
        }).returning("id").executeTakeFirstOrThrow();
        await t.database.db.insertInto("task_lists").values({
          project_id: id, title: `L${i}`, description: "", sort_order: i, status: 1, privacy: 0, is_inbox: 0, milestone_id: milestone.id,
          created_by: cast.manager.userId, created_at: now, updated_at: now,
        }).execute();
      }
    }
    async function queriesOfList(): Promise<number> {
      // Counted with the caches warm: the session and the reader's access are read once, then kept.
      await cast.coWorker.inject({ method: "GET", url: base(id) });
      t.queries.length = 0;
      const response = await cast.coWorker.inject({ method: "GET", url: base(id) });
      expect(response.statusCode).toBe(200);
      return t.queries.length;
    }
    await addMilestones(2);
    const few = await queriesOfList();
    await addMilestones(23);
    const many = await queriesOfList();
    expect(many).toBe(few);
    // Session look-up, access, the page and its count, then one query per kind of related record.
    expect(few).toBeLessThanOrEqual(7);
  });
});

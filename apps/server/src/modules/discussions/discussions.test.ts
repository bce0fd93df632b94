import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";

let t: TestApp;
let cast: Cast;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Talks" })).id;
});
afterAll(() => t.close());

type Role = "siteManager" | "manager" | "coWorker" | "client" | "outsider";
const ROLES: Role[] = ["siteManager", "manager", "coWorker", "client", "outsider"];

function base(project = projectId): string {
  return `/api/pm/v2/projects/${project}/discussion-boards`;
}

async function createDiscussion(session: Session, payload: Record<string, unknown>, project = projectId): Promise<number> {
  const response = await session.inject({ method: "POST", url: base(project), payload });
  if (response.statusCode !== 200) throw new Error(`discussion creation failed: ${response.statusCode} ${response.body}`);
  return response.json().data.id as number;
}

async function createMilestone(session: Session, payload: Record<string, unknown>, project = projectId): Promise<number> {
  const response = await session.inject({ method: "POST", url: `/api/pm/v2/projects/${project}/milestones`, payload });
  if (response.statusCode !== 200) throw new Error(`milestone creation failed: ${response.statusCode} ${response.body}`);
  return response.json().data.id as number;
}

async function count(table: "discussions" | "activities"): Promise<number> {
  const row = await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("POST /api/pm/v2/projects/:project/discussion-boards", () => {
  it("starts a discussion linked to a milestone, with sanitised text and an activity", async () => {
    const milestone = await createMilestone(cast.manager, { title: "Kick-off", achieve_date: "2026-04-04" });
    const response = await cast.coWorker.inject({
      method: "POST",
      url: base(),
      payload: { title: "Agenda", description: `<p onclick="x()">Points</p>`, milestone },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: "Discussion created successfully",
      data: {
        title: "Agenda",
        description: { html: "<p>Points</p>" },
        creator: { data: { display_name: "Carl Coworker" } },
        milestone: { data: { id: milestone, title: "Kick-off", achieve_date: { date: "2026-04-04" } } },
        meta: { privacy: "0", total_comments: 0, total_files: 0 },
        abilities: { can_edit: true, can_delete: true },
      },
    });
    const activity = await t.database.db.selectFrom("activities").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(activity).toMatchObject({ message: "Carl Coworker created the discussion Agenda", resource_type: "discussion_board", privacy_scope: null });
  });

  it("refuses an empty title or an unknown milestone with the field named, writing nothing", async () => {
    const other = await createProjectWithCast(cast, { title: "Other" });
    const foreignMilestone = await createMilestone(cast.manager, { title: "Theirs" }, other.id);
    const before = await Promise.all([count("discussions"), count("activities")]);
    const emptyTitle = await cast.manager.inject({ method: "POST", url: base(), payload: { title: "" } });
    expect(emptyTitle.statusCode).toBe(400);
    expect(Object.keys(emptyTitle.json().data.params)).toEqual(["title"]);
    for (const milestone of [foreignMilestone, 999999]) {
      const response = await cast.manager.inject({ method: "POST", url: base(), payload: { title: "Linked", milestone } });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().data.params)).toEqual(["milestone"]);
    }
    expect(await Promise.all([count("discussions"), count("activities")])).toEqual(before);
  });

  it("treats a private milestone the caller may not see as unknown", async () => {
    const hidden = await createMilestone(cast.manager, { title: "Hidden gate", privacy: 1 });
    const response = await cast.client.inject({ method: "POST", url: base(), payload: { title: "Linked", milestone: hidden } });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.params.milestone).toBeDefined();
  });

  // Anyone who may create a discussion may make it private: the documents' form has no capability check there.
  const expectations: Record<Role, number> = { siteManager: 200, manager: 200, coWorker: 200, client: 200, outsider: 403 };
  for (const role of ROLES) {
    it(`answers ${expectations[role]} to a ${role} starting a public and a private discussion`, async () => {
      const before = await count("discussions");
      const publicOne = await cast[role].inject({ method: "POST", url: base(), payload: { title: `${role} public` } });
      const privateOne = await cast[role].inject({ method: "POST", url: base(), payload: { title: `${role} private`, privacy: "1" } });
      expect([publicOne.statusCode, privateOne.statusCode]).toEqual([expectations[role], expectations[role]]);
      expect(await count("discussions")).toBe(before + (expectations[role] === 200 ? 2 : 0));
      if (role === "client") expect(privateOne.json().data.meta.privacy).toBe("1");
    });
  }

  it("refuses a client once create_message is taken away", async () => {
    const { id } = await createProjectWithCast(cast, { title: "Quiet room" });
    await t.database.db.insertInto("project_settings")
      .values({ project_id: id, key: "capabilities", value: JSON.stringify({ client: { create_message: false } }), updated_at: "2026-01-01 00:00:00" })
      .execute();
    expect((await cast.client.inject({ method: "POST", url: base(id), payload: { title: "Hello" } })).statusCode).toBe(403);
  });
});

describe("reading discussions", () => {
  let publicId: number;
  let privateId: number;

  beforeAll(async () => {
    projectId = (await createProjectWithCast(cast, { title: "Reading room" })).id;
    publicId = await createDiscussion(cast.manager, { title: "Open" });
    privateId = await createDiscussion(cast.manager, { title: "Closed", privacy: 1 });
  });

  const expectations: Record<Role, { public: number; private: number }> = {
    siteManager: { public: 200, private: 200 },
    manager: { public: 200, private: 200 },
    coWorker: { public: 200, private: 200 },
    client: { public: 200, private: 404 },
    outsider: { public: 403, private: 403 },
  };
  for (const role of ROLES) {
    it(`answers ${expectations[role].public}/${expectations[role].private} to a ${role} reading a public/private discussion`, async () => {
      const publicOne = await cast[role].inject({ method: "GET", url: `${base()}/${publicId}` });
      const privateOne = await cast[role].inject({ method: "GET", url: `${base()}/${privateId}` });
      expect([publicOne.statusCode, privateOne.statusCode]).toEqual([expectations[role].public, expectations[role].private]);
      const listed = await cast[role].inject({ method: "GET", url: base() });
      if (role === "outsider") {
        expect(listed.statusCode).toBe(403);
        return;
      }
      const titles = listed.json().data.map((d: { title: string }) => d.title);
      expect(titles).toEqual(expectations[role].private === 200 ? ["Closed", "Open"] : ["Open"]);
      expect(listed.json().meta.pagination.total).toBe(titles.length);
    });
  }

  it("pages 20 at a time by default, newest first", async () => {
    const { id } = await createProjectWithCast(cast, { title: "Busy" });
    const now = "2026-01-01 00:00:00";
    await t.database.db.insertInto("discussions").values(Array.from({ length: 23 }, (_, i) => ({
      project_id: id, title: `D${i + 1}`, description: "", privacy: 0, sort_order: 0, milestone_id: null,
      created_by: cast.manager.userId, created_at: now, updated_at: now,
    }))).execute();
    const first = (await cast.client.inject({ method: "GET", url: base(id) })).json();
    expect(first.data.length).toBe(20);
    expect(first.data[0].title).toBe("D23");
    expect(first.meta.pagination).toEqual({ total: 23, count: 20, per_page: 20, current_page: 1, links: expect.any(Object), total_pages: 2 });
    const second = (await cast.client.inject({ method: "GET", url: `${base(id)}?page=2` })).json();
    expect(second.data.map((d: { title: string }) => d.title)).toEqual(["D3", "D2", "D1"]);
    const small = (await cast.client.inject({ method: "GET", url: `${base(id)}?per_page=5&page=3` })).json();
    expect(small.data.map((d: { title: string }) => d.title)).toEqual(["D13", "D12", "D11", "D10", "D9"]);
  });

  it("hides a linked private milestone from a reader who may not see it", async () => {
    const hidden = await createMilestone(cast.manager, { title: "Secret gate", privacy: 1 });
    const id = await createDiscussion(cast.manager, { title: "About the gate", milestone: hidden });
    const forClient = (await cast.client.inject({ method: "GET", url: `${base()}/${id}` })).json().data;
    expect(forClient.milestone).toEqual({ data: null });
    const forCoWorker = (await cast.coWorker.inject({ method: "GET", url: `${base()}/${id}` })).json().data;
    expect(forCoWorker.milestone.data.title).toBe("Secret gate");
  });

  it("counts its comments", async () => {
    for (const content of ["One", "Two"]) {
      await cast.client.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/comments`, payload: { content, commentable_type: "discussion_board", commentable_id: publicId } });
    }
    const discussion = (await cast.client.inject({ method: "GET", url: `${base()}/${publicId}` })).json().data;
    expect(discussion.meta.total_comments).toBe(2);
  });
});

describe("changing and deleting discussions", () => {
  beforeAll(async () => {
    projectId = (await createProjectWithCast(cast, { title: "Edits" })).id;
  });

  const expectations: Record<Role, { public: number; private: number }> = {
    siteManager: { public: 200, private: 200 },
    manager: { public: 200, private: 200 },
    coWorker: { public: 403, private: 403 },
    client: { public: 403, private: 404 },
    outsider: { public: 403, private: 403 },
  };
  for (const role of ROLES) {
    it(`answers ${expectations[role].public}/${expectations[role].private} to a ${role} editing then deleting someone else's public/private discussion`, async () => {
      const items = {
        public: await createDiscussion(cast.siteManager, { title: "Public" }),
        private: await createDiscussion(cast.siteManager, { title: "Private", privacy: 1 }),
      };
      for (const kind of ["public", "private"] as const) {
        const edit = await cast[role].inject({ method: "POST", url: `${base()}/${items[kind]}/update`, payload: { title: "Renamed" } });
        expect(edit.statusCode).toBe(expectations[role][kind]);
        const remove = await cast[role].inject({ method: "POST", url: `${base()}/${items[kind]}/delete` });
        expect(remove.statusCode).toBe(expectations[role][kind]);
      }
      const left = await t.database.db.selectFrom("discussions").select("title").where("id", "in", [items.public, items.private]).execute();
      expect(left.map((row) => row.title).sort()).toEqual(expectations[role].public === 200 ? [] : ["Private", "Public"]);
    });
  }

  it("lets the creator change only the fields given, and records it", async () => {
    const milestone = await createMilestone(cast.manager, { title: "Gate" });
    const id = await createDiscussion(cast.client, { title: "Question", milestone, privacy: 1 });
    const response = await cast.client.inject({ method: "POST", url: `${base()}/${id}/update`, payload: { title: "Better question" } });
    expect(response.statusCode).toBe(404); // a client without view_private_message cannot see their own private discussion
    const publicId = await createDiscussion(cast.client, { title: "Question", milestone });
    const renamed = await cast.client.inject({ method: "POST", url: `${base()}/${publicId}/update`, payload: { title: "Better question" } });
    expect(renamed.json()).toMatchObject({ message: "Discussion updated successfully", data: { title: "Better question", milestone: { data: { id: milestone } }, meta: { privacy: "0" } } });
    const unlinked = await cast.client.inject({ method: "POST", url: `${base()}/${publicId}/update`, payload: { milestone: 0 } });
    expect(unlinked.json().data).toMatchObject({ title: "Better question", milestone: { data: null } });
    const bad = await cast.client.inject({ method: "POST", url: `${base()}/${publicId}/update`, payload: { milestone: 424242 } });
    expect(bad.statusCode).toBe(400);
    const activity = await t.database.db.selectFrom("activities").select("message").where("resource_type", "=", "discussion_board").where("resource_id", "=", publicId).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(activity.message).toBe("Cleo Client updated the discussion Better question");
  });

  it("deletes its comments with it and records the deletion under the discussion's privacy", async () => {
    const id = await createDiscussion(cast.manager, { title: "Short", privacy: 1 });
    await cast.manager.inject({ method: "POST", url: `/api/pm/v2/projects/${projectId}/comments`, payload: { content: "Hi", commentable_type: "discussion_board", commentable_id: id } });
    const response = await cast.manager.inject({ method: "POST", url: `${base()}/${id}/delete` });
    expect(response.json()).toEqual({ message: "Discussion deleted successfully" });
    const comments = await t.database.db.selectFrom("comments").select("id").where("commentable_type", "=", "discussion_board").where("commentable_id", "=", id).execute();
    expect(comments).toEqual([]);
    const activity = await t.database.db.selectFrom("activities").selectAll().where("resource_type", "=", "discussion_board").where("resource_id", "=", id).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(activity).toMatchObject({ action: "delete_discussion_board", message: "Mia Manager deleted the discussion Short", privacy_scope: "view_private_message" });
  });
});

describe("GET /api/pm/v2/projects/:project/discussion-boards query count", () => {
  it("runs the same number of SQL statements for 2 discussions as for 25", async () => {
    const { id } = await createProjectWithCast(cast, { title: "Counting" });
    const milestone = await createMilestone(cast.manager, { title: "Gate" }, id);
    const now = "2026-01-01 00:00:00";
    async function addDiscussions(n: number): Promise<void> {
      for (let i = 0; i < n; i += 1) {
        const board = await t.database.db.insertInto("discussions").values({
          project_id: id, title: `D${i}`, description: "", privacy: i % 2, sort_order: 0, milestone_id: i % 3 ? milestone : null,
          created_by: i % 2 ? cast.manager.userId : cast.client.userId, created_at: now, updated_at: now,
        }).returning("id").executeTakeFirstOrThrow();
        await t.database.db.insertInto("comments").values({
          project_id: id, commentable_type: "discussion_board", commentable_id: board.id, content: "c", created_by: cast.manager.userId, created_at: now, updated_at: now,
        }).execute();
      }
    }
    async function queriesOfList(): Promise<number> {
      // Counted with the caches warm: the session and the reader's access are read once, then kept.
      await cast.coWorker.inject({ method: "GET", url: `${base(id)}?per_page=50` });
      t.queries.length = 0;
      const response = await cast.coWorker.inject({ method: "GET", url: `${base(id)}?per_page=50` });
      expect(response.statusCode).toBe(200);
      return t.queries.length;
    }
    await addDiscussions(2);
    const few = await queriesOfList();
    await addDiscussions(23);
    const many = await queriesOfList();
    expect(many).toBe(few);
    // Session look-up, access, the page and its count, then one query per kind of related record (attached files included).
    expect(few).toBeLessThanOrEqual(8);
  });
});

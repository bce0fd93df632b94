import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type Session, type TestApp } from "../../../test/helpers.js";
import { createList, createTask, saveCapabilities } from "../tasks/tasks.fixtures.js";

/**
 * The abilities the web app used to work out itself and now reads from each record: `can_archive` and
 * `can_set_privacy` of a list, `can_move` and `can_set_privacy` of a task, `can_set_privacy` of a milestone,
 * a discussion and a file-tree item, and the project's `can_set_privacy_<kind>` for the create forms.
 * Each is checked for a manager, a co-worker with and without the capability, and a client.
 */
let t: TestApp;
let cast: Cast;
let projectId: number;
let inboxId: number;
let listId: number;
let taskId: number;
let subTaskId: number;
let milestoneId: number;
let discussionId: number;
let folderId: number;

const projectUrl = () => `/api/pm/v2/projects/${projectId}`;
const url = (rest: string) => `${projectUrl()}/${rest}`;
const proUrl = (rest: string) => `/api/pm-pro/v2/projects/${projectId}/${rest}`;

async function created(session: Session, path: string, payload: Record<string, unknown>): Promise<number> {
  const response = await session.inject({ method: "POST", url: path, payload });
  if (response.statusCode !== 200) throw new Error(`POST ${path} failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: { id: number } }).data.id;
}

async function abilitiesOf(session: Session, path: string): Promise<Record<string, boolean>> {
  const response = await session.inject({ method: "GET", url: path });
  expect(response.statusCode, path).toBe(200);
  return (response.json() as { data: { abilities: Record<string, boolean> } }).data.abilities;
}

async function fileAbilitiesOf(session: Session, id: number): Promise<Record<string, boolean>> {
  const response = await session.inject({ method: "GET", url: proUrl(`files?childId=${id}`) });
  expect(response.statusCode).toBe(200);
  const body = response.json() as { data: { abilities: Record<string, boolean> } | { abilities: Record<string, boolean> }[] };
  return Array.isArray(body.data) ? (body.data[0]?.abilities ?? {}) : body.data.abilities;
}

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  const project = await createProjectWithCast(cast, { title: "Abilities" });
  projectId = project.id;
  const lists = await cast.manager.inject({ method: "GET", url: url("task-lists") });
  inboxId = (lists.json().data as { id: number; is_inbox: boolean }[]).find((list) => list.is_inbox)?.id ?? 0;
  // Every record is the co-worker's, so the co-worker edits each and only the capability varies.
  listId = (await createList(cast.coWorker, projectId, { title: "Design" })).id;
  taskId = (await createTask(cast.coWorker, projectId, { board_id: listId, title: "Wireframes" })).id;
  subTaskId = (await createTask(cast.coWorker, projectId, { parent_id: taskId, title: "Sketch" })).id;
  milestoneId = await created(cast.coWorker, url("milestones"), { title: "Beta", achieve_date: "2026-05-01" });
  discussionId = await created(cast.coWorker, url("discussion-boards"), { title: "Kick-off" });
  folderId = await created(cast.coWorker, proUrl("files"), { type: "folder", title: "Specs", parent: 0 });
});
afterAll(() => t.close());

describe("abilities the web reads instead of re-coding", () => {
  it("gives a manager every one of them, but never archiving or privacy for the Inbox", async () => {
    expect(await abilitiesOf(cast.manager, url(`task-lists/${listId}`))).toMatchObject({ can_archive: true, can_set_privacy: true });
    expect(await abilitiesOf(cast.manager, url(`task-lists/${inboxId}`))).toMatchObject({ can_edit: true, can_archive: false, can_set_privacy: false });
    expect(await abilitiesOf(cast.manager, url(`tasks/${taskId}`))).toMatchObject({ can_move: true, can_set_privacy: true });
    expect(await abilitiesOf(cast.manager, url(`tasks/${subTaskId}`))).toMatchObject({ can_edit: true, can_move: false });
    expect(await abilitiesOf(cast.manager, url(`milestones/${milestoneId}`))).toMatchObject({ can_set_privacy: true });
    expect(await abilitiesOf(cast.manager, url(`discussion-boards/${discussionId}`))).toMatchObject({ can_set_privacy: true });
    expect(await fileAbilitiesOf(cast.manager, folderId)).toMatchObject({ can_set_privacy: true });
    expect(await abilitiesOf(cast.manager, projectUrl())).toMatchObject({
      can_set_privacy_list: true, can_set_privacy_task: true, can_set_privacy_milestone: true, can_set_privacy_message: true, can_set_privacy_file: true,
    });
  });

  it("gives a co-worker who holds the view_private capabilities privacy on their own records", async () => {
    expect(await abilitiesOf(cast.coWorker, url(`task-lists/${listId}`))).toMatchObject({ can_archive: true, can_set_privacy: true });
    expect(await abilitiesOf(cast.coWorker, url(`tasks/${taskId}`))).toMatchObject({ can_move: true, can_set_privacy: true });
    expect(await abilitiesOf(cast.coWorker, url(`tasks/${subTaskId}`))).toMatchObject({ can_move: false });
    expect(await abilitiesOf(cast.coWorker, url(`milestones/${milestoneId}`))).toMatchObject({ can_set_privacy: true });
    expect(await fileAbilitiesOf(cast.coWorker, folderId)).toMatchObject({ can_set_privacy: true });
    expect(await abilitiesOf(cast.coWorker, projectUrl())).toMatchObject({ can_set_privacy_list: true, can_set_privacy_task: true, can_set_privacy_file: true });
  });

  it("takes privacy from a co-worker whose role loses the view_private capabilities, and keeps archiving and moving", async () => {
    const off = { view_private_list: false, view_private_task: false, view_private_milestone: false, view_private_file: false };
    await saveCapabilities(t.database.db, projectId, { co_worker: off });
    try {
      expect(await abilitiesOf(cast.coWorker, url(`task-lists/${listId}`))).toMatchObject({ can_archive: true, can_set_privacy: false });
      expect(await abilitiesOf(cast.coWorker, url(`tasks/${taskId}`))).toMatchObject({ can_move: true, can_set_privacy: false });
      expect(await abilitiesOf(cast.coWorker, url(`milestones/${milestoneId}`))).toMatchObject({ can_set_privacy: false });
      expect(await fileAbilitiesOf(cast.coWorker, folderId)).toMatchObject({ can_set_privacy: false });
      // A discussion's privacy box asks no capability: editing it is enough.
      expect(await abilitiesOf(cast.coWorker, url(`discussion-boards/${discussionId}`))).toMatchObject({ can_set_privacy: true });
      expect(await abilitiesOf(cast.coWorker, projectUrl())).toMatchObject({
        can_set_privacy_list: false, can_set_privacy_task: false, can_set_privacy_milestone: false, can_set_privacy_message: true, can_set_privacy_file: false,
      });
      const calendar = await cast.coWorker.inject({ method: "GET", url: "/api/pm-pro/v2/calendar-projects" });
      const entry = (calendar.json().projects as { id: number; abilities: Record<string, boolean> }[]).find((p) => p.id === projectId);
      expect(entry?.abilities).toEqual({ create_task: true, view_private_task: false, can_set_privacy_task: false });
    } finally {
      await saveCapabilities(t.database.db, projectId, null);
    }
  });

  it("gives a client, who edits none of these records, none of them", async () => {
    expect(await abilitiesOf(cast.client, url(`task-lists/${listId}`))).toMatchObject({ can_archive: false, can_set_privacy: false });
    expect(await abilitiesOf(cast.client, url(`tasks/${taskId}`))).toMatchObject({ can_move: false, can_set_privacy: false });
    expect(await abilitiesOf(cast.client, url(`milestones/${milestoneId}`))).toMatchObject({ can_set_privacy: false });
    expect(await abilitiesOf(cast.client, url(`discussion-boards/${discussionId}`))).toMatchObject({ can_set_privacy: false });
    expect(await fileAbilitiesOf(cast.client, folderId)).toMatchObject({ can_set_privacy: false });
    expect(await abilitiesOf(cast.client, projectUrl())).toMatchObject({ can_set_privacy_list: false, can_set_privacy_task: false, can_set_privacy_milestone: false });
  });

  it("lets a client set privacy on their own task once granted view_private_task", async () => {
    const own = (await createTask(cast.client, projectId, { board_id: listId, title: "Client's" })).id;
    expect(await abilitiesOf(cast.client, url(`tasks/${own}`))).toMatchObject({ can_move: true, can_set_privacy: false });
    await saveCapabilities(t.database.db, projectId, { client: { view_private_task: true } });
    try {
      expect(await abilitiesOf(cast.client, url(`tasks/${own}`))).toMatchObject({ can_move: true, can_set_privacy: true });
      expect(await abilitiesOf(cast.client, projectUrl())).toMatchObject({ can_set_privacy_task: true });
    } finally {
      await saveCapabilities(t.database.db, projectId, null);
    }
  });
});

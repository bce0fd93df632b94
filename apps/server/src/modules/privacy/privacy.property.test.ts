import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/kysely.js";
import { migrateToLatest } from "../../db/migrate.js";
import { createTestSchema } from "../../../test/helpers.js";
import { folderTree } from "../files/files.tree.js";
import { sql } from "kysely";
import {
  hiddenFolderIds, hiddenRecordIds, visibleComments, visibleDiscussions, visibleFiles, visibleFilesInShownFolder, visibleMilestones, visibleTaskLists, visibleTasks,
  visibleTasksInShownList, type FilesDatabase,
} from "./privacy.filters.js";
import { canSee, canSeeTaskList, groupByView, PRIVATE_CAPABILITIES, type PrivacyView, type PrivateRecord, type ViewScope } from "./privacy.rules.js";

// The SQL filters and the TypeScript predicates are two spellings of one rule. Random projects with random
// privacy flags, read through random views, must give the same rows both ways, on SQLite and PostgreSQL.

const NOW = "2024-01-01 00:00:00";
/** Privacy flags as stored; 2 stands for any value other than 0/1, which must hide like 1 does. */
const flag = fc.constantFrom(0, 0, 1, 2);

const viewArb: fc.Arbitrary<PrivacyView> = fc.record({
  // Managers see everything, so they are a few of the views; most views are roles with some capabilities.
  isSiteManager: fc.constantFrom(false, false, false, false, true),
  isProjectManager: fc.constantFrom(false, false, false, true),
  capabilities: fc.subarray([...PRIVATE_CAPABILITIES]).map((held) => new Set(held)),
});

/** One generated world: two projects whose records point at each other's by index. */
const worldArb = fc.record({
  lists: fc.array(fc.record({ project: fc.nat(1), privacy: flag }), { minLength: 1, maxLength: 6 }),
  // A task's list is any generated list, also one of the other project: the rule reads the task's own list.
  tasks: fc.array(fc.record({ project: fc.nat(1), list: fc.nat(), privacy: flag }), { maxLength: 16 }),
  milestones: fc.array(fc.record({ project: fc.nat(1), privacy: flag }), { maxLength: 5 }),
  discussions: fc.array(fc.record({ project: fc.nat(1), privacy: flag }), { maxLength: 5 }),
  // A folder's parent is 0 (the root) or an earlier folder of the same project, so the tree has no cycle.
  folders: fc.array(fc.record({ project: fc.nat(1), parent: fc.nat(), privacy: flag }), { maxLength: 8 }),
  files: fc.array(fc.record({ parent: fc.nat(), privacy: flag, type: fc.constantFrom("doc" as const, "link" as const, "pro_file" as const) }), { maxLength: 10 }),
  comments: fc.array(fc.record({ kind: fc.constantFrom("task", "task_list", "milestone", "discussion_board", "file"), target: fc.nat() }), { maxLength: 16 }),
  views: fc.array(viewArb, { minLength: 1, maxLength: 4 }),
});

type World = typeof worldArb extends fc.Arbitrary<infer T> ? T : never;

let handle: DatabaseHandle;
let dropSchema = async () => {};
let nextId = 1_000;
let userId = 0;

async function openTestDatabase(): Promise<DatabaseHandle> {
  const schema = await createTestSchema();
  const { databaseUrl, pgSchema } = schema;
  dropSchema = schema.dropSchema;
  const database = openDatabase({ databaseUrl, sqlitePath: ":memory:", pgSchema, poolSize: 2 });
  await migrateToLatest(database);
  return database;
}

/** Expected and actual ids of one kind of record. */
interface Kind {
  name: string;
  /** The records the query is over, for this view. */
  records: (view: PrivacyView) => Array<{ id: number; record: PrivateRecord }>;
  query: (view: PrivacyView) => Promise<number[]>;
}

/**
 * Ids of records hidden over several projects, each read with its own view (the search index's sets): the
 * records, each with its project, and the query given the scopes.
 */
interface HiddenSet {
  name: string;
  records: Array<{ id: number; project_id: number; record: PrivateRecord }>;
  query: (scopes: readonly ViewScope[]) => Promise<number[]>;
}

/** Inserts the world in one statement per table and returns, per kind, the records and the filtered query. */
async function insertWorld(world: World): Promise<{ kinds: Kind[]; hiddenSets: HiddenSet[]; projectIds: readonly [number, number] }> {
  const db = handle.db;
  const id = () => (nextId += 1);
  const projectIds = [id(), id()] as const;
  const projectOf = (index: number) => projectIds[index] ?? projectIds[0];
  await db.insertInto("projects").values(projectIds.map((projectId) => ({
    id: projectId, title: `p${projectId}`, description: "", status: "incomplete", color: null, created_by: userId, created_at: NOW, updated_at: NOW, department_id: null,
  }))).execute();
  const base = { description: "", created_by: userId, created_at: NOW, updated_at: NOW };

  const lists = world.lists.map((list) => ({ ...base, id: id(), project_id: projectOf(list.project), title: "l", sort_order: 0, status: 1, privacy: list.privacy, is_inbox: 0, milestone_id: null }));
  await db.insertInto("task_lists").values(lists).execute();
  const tasks = world.tasks.map((task) => {
    const list = lists[task.list % lists.length] ?? lists[0];
    return {
      ...base, id: id(), project_id: projectOf(task.project), task_list_id: list?.id ?? 0, parent_id: 0, title: "t", estimation: 0, start_at: null, due_date: null,
      priority: 0, complexity: 0, payable: 0, recurrent: 0, status: 0, privacy: task.privacy, sort_order: 0, type_id: null, completed_by: null, completed_at: null,
      listPrivacy: list?.privacy ?? 0,
    };
  });
  if (tasks.length > 0) await db.insertInto("tasks").values(tasks.map(({ listPrivacy: _, ...row }) => row)).execute();
  const milestones = world.milestones.map((row) => ({ ...base, id: id(), project_id: projectOf(row.project), title: "m", achieve_date: null, status: 0, privacy: row.privacy, sort_order: 0 }));
  if (milestones.length > 0) await db.insertInto("milestones").values(milestones).execute();
  const discussions = world.discussions.map((row) => ({ ...base, id: id(), project_id: projectOf(row.project), title: "d", privacy: row.privacy, sort_order: 0, milestone_id: null }));
  if (discussions.length > 0) await db.insertInto("discussions").values(discussions).execute();

  const folders: Array<{ id: number; project_id: number; parent_id: number; privacy: number }> = [];
  for (const folder of world.folders) {
    const projectId = projectOf(folder.project);
    const earlier = folders.filter((row) => row.project_id === projectId);
    const parent = folder.parent % (earlier.length + 1);
    folders.push({ id: id(), project_id: projectId, parent_id: parent === 0 ? 0 : (earlier[parent - 1]?.id ?? 0), privacy: folder.privacy });
  }
  const items = world.files.map((file) => {
    const parent = file.parent % (folders.length + 1);
    const folder = parent === 0 ? null : folders[parent - 1];
    return { id: id(), project_id: folder?.project_id ?? projectIds[0], parent_id: folder?.id ?? 0, privacy: file.privacy, type: file.type };
  });
  const fileRows = [...folders.map((row) => ({ ...row, type: "folder" as const })), ...items];
  const files = handle.db.withTables<{ project_files: FilesDatabase["project_files"] }>();
  if (fileRows.length > 0) {
    await files.insertInto("project_files").values(fileRows.map((row) => ({
      ...base, ...row, title: "f", url: "", original_name: "", mime_type: "", size_bytes: 0, storage_key: null, thumb_key: null, fileable_type: null, fileable_id: null,
    }))).execute();
  }
  const trees = new Map(projectIds.map((projectId) => [projectId, folderTree(folders.filter((row) => row.project_id === projectId).map((row) => ({ ...row, title: "f", created_by: userId })))]));
  const fileRecord = (row: (typeof fileRows)[number]): PrivateRecord => ({
    kind: "file", privacy: row.privacy, inPrivateFolder: row.parent_id !== 0 && (trees.get(row.project_id)?.isPrivatePath(row.parent_id) ?? false),
  });

  const targets: Record<string, Array<{ id: number; project_id: number; record: PrivateRecord }>> = {
    task: tasks.map((row) => ({ id: row.id, project_id: row.project_id, record: { kind: "task", privacy: row.privacy, listPrivacy: row.listPrivacy } })),
    task_list: lists.map((row) => ({ id: row.id, project_id: row.project_id, record: { kind: "task_list", privacy: row.privacy } })),
    milestone: milestones.map((row) => ({ id: row.id, project_id: row.project_id, record: { kind: "milestone", privacy: row.privacy } })),
    discussion_board: discussions.map((row) => ({ id: row.id, project_id: row.project_id, record: { kind: "discussion", privacy: row.privacy } })),
    file: fileRows.map((row) => ({ id: row.id, project_id: row.project_id, record: fileRecord(row) })),
  };
  const comments = world.comments.flatMap((comment) => {
    const options = targets[comment.kind] ?? [];
    const target = options[comment.target % Math.max(options.length, 1)];
    return target ? [{ id: id(), project_id: target.project_id, commentable_type: comment.kind, commentable_id: target.id, record: target.record }] : [];
  });
  if (comments.length > 0) {
    await db.insertInto("comments").values(comments.map(({ record: _, ...row }) => ({ ...row, content: "c", created_by: userId, created_at: NOW, updated_at: NOW }))).execute();
  }

  const ids = (rows: Array<{ id: number }>) => rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  const inWorld = [...projectIds];
  // A record's own flag only: what else hides it (a task's list, a file's folders) is a set of its own.
  const own = (rows: Array<{ id: number; project_id: number; record: PrivateRecord }>) =>
    rows.map((row) => ({ ...row, record: row.record.kind === "task" ? { ...row.record, listPrivacy: 0 } : row.record.kind === "file" ? { ...row.record, inPrivateFolder: false } : row.record }));
  const inSet = async (table: "tasks" | "task_lists" | "milestones" | "discussions" | "project_files", set: ReturnType<typeof hiddenFolderIds>, where = sql``) => {
    if (!set) return [];
    const { rows } = await sql<{ id: number }>`select id from ${sql.table(table)} where project_id in (${sql.join(inWorld)}) and id in ${set}${where}`.execute(db);
    return ids(rows);
  };
  const hiddenSets: HiddenSet[] = [
    { name: "hidden tasks", records: own(targets.task ?? []), query: (scopes) => inSet("tasks", hiddenRecordIds(scopes, "task")) },
    { name: "hidden task lists", records: own(targets.task_list ?? []), query: (scopes) => inSet("task_lists", hiddenRecordIds(scopes, "task_list")) },
    { name: "hidden milestones", records: own(targets.milestone ?? []), query: (scopes) => inSet("milestones", hiddenRecordIds(scopes, "milestone")) },
    { name: "hidden discussions", records: own(targets.discussion_board ?? []), query: (scopes) => inSet("discussions", hiddenRecordIds(scopes, "discussion")) },
    { name: "hidden file items", records: own(targets.file ?? []), query: (scopes) => inSet("project_files", hiddenRecordIds(scopes, "file")) },
    {
      // A folder is hidden when it or a folder above it is private: the set an item's folder is looked up in.
      name: "hidden folders",
      records: (targets.file ?? []).filter((row) => folders.some((folder) => folder.id === row.id)),
      query: (scopes) => inSet("project_files", hiddenFolderIds(scopes), sql` and type = 'folder'`),
    },
  ];
  const kinds: Kind[] = [
    { name: "tasks", records: () => targets.task ?? [], query: async (view) => ids(await db.selectFrom("tasks").select("id").where("project_id", "in", inWorld).where((eb) => visibleTasks(eb, view)).execute()) },
    {
      // Only tasks of lists the view sees: for those, the list-page filter must agree with the task rule.
      name: "tasks of shown lists",
      records: (view) => (targets.task ?? []).filter((row) => row.record.kind === "task" && canSeeTaskList(view, { privacy: row.record.listPrivacy })),
      query: async (view) => ids(await db.selectFrom("tasks").select("id").where("project_id", "in", inWorld)
        .where("task_list_id", "in", lists.filter((list) => canSeeTaskList(view, list)).map((list) => list.id).concat([0]))
        .where((eb) => visibleTasksInShownList(eb, view)).execute()),
    },
    { name: "task lists", records: () => targets.task_list ?? [], query: async (view) => ids(await db.selectFrom("task_lists").select("id").where("project_id", "in", inWorld).where((eb) => visibleTaskLists(eb, view)).execute()) },
    { name: "milestones", records: () => targets.milestone ?? [], query: async (view) => ids(await db.selectFrom("milestones").select("id").where("project_id", "in", inWorld).where((eb) => visibleMilestones(eb, view)).execute()) },
    { name: "discussions", records: () => targets.discussion_board ?? [], query: async (view) => ids(await db.selectFrom("discussions").select("id").where("project_id", "in", inWorld).where((eb) => visibleDiscussions(eb, view)).execute()) },
    { name: "files", records: () => targets.file ?? [], query: async (view) => ids(await files.selectFrom("project_files").select("id").where("project_id", "in", inWorld).where((eb) => visibleFiles(eb, view)).execute()) },
    {
      // Only items of folders the view sees (and of the root): for those, the folder-page filter must agree with the file rule.
      name: "files of shown folders",
      records: (view) => (targets.file ?? []).filter((row) => {
        const item = fileRows.find((file) => file.id === row.id);
        return item !== undefined && (item.parent_id === 0 || canSee(view, (targets.file ?? []).find((folder) => folder.id === item.parent_id)?.record ?? row.record));
      }),
      query: async (view) => {
        const shown = folders.filter((folder) => canSee(view, fileRecord({ ...folder, type: "folder" }))).map((folder) => folder.id).concat([0]);
        return ids(await files.selectFrom("project_files").select("id").where("project_id", "in", inWorld).where("parent_id", "in", shown)
          .where((eb) => visibleFilesInShownFolder(eb, view)).execute());
      },
    },
    { name: "comments", records: () => comments, query: async (view) => ids(await db.selectFrom("comments").select("id").where("project_id", "in", inWorld).where((eb) => visibleComments(eb, view)).execute()) },
  ];
  return { kinds, hiddenSets, projectIds };
}

describe("privacy rules and SQL filters", () => {
  beforeAll(async () => {
    handle = await openTestDatabase();
    const user = await handle.db.insertInto("users").values({
      display_name: "Owner", email: "owner@example.test", password_hash: "x", manage_pm: 0, avatar_url: null, created_at: NOW, updated_at: NOW,
    }).returning("id").executeTakeFirstOrThrow();
    userId = Number(user.id);
  });

  afterAll(async () => {
    await handle?.destroy();
    await dropSchema();
  });

  it("keep exactly the records the predicates let each view see", async () => {
    await fc.assert(
      fc.asyncProperty(worldArb, async (world) => {
        const { kinds } = await insertWorld(world);
        for (const view of world.views) {
          for (const kind of kinds) {
            const expected = kind.records(view).filter((row) => canSee(view, row.record)).map((row) => row.id).sort((a, b) => a - b);
            expect(await kind.query(view), kind.name).toEqual(expected);
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it("hide, over projects read with different views, exactly the records each project's view may not see", async () => {
    await fc.assert(
      fc.asyncProperty(worldArb, async (world) => {
        const { hiddenSets, projectIds } = await insertWorld(world);
        for (const [index, first] of world.views.entries()) {
          // The two projects read with two of the views (the same one when only one was drawn).
          const viewOf = new Map([[projectIds[0], first], [projectIds[1], world.views[(index + 1) % world.views.length] ?? first]]);
          const scopes = groupByView([...viewOf].map(([projectId, view]) => ({ projectId, view })));
          for (const set of hiddenSets) {
            const expected = set.records.filter((row) => {
              const view = viewOf.get(row.project_id);
              return view !== undefined && !canSee(view, row.record);
            }).map((row) => row.id).sort((a, b) => a - b);
            expect(await set.query(scopes), set.name).toEqual(expected);
          }
        }
      }),
      { numRuns: 40 },
    );
  });
});

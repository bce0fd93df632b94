import { hash } from "@node-rs/argon2";
import { sql, type Kysely } from "kysely";
import type { Database } from "../../apps/server/src/db/schema.js";
import type { DatabaseHandle } from "../../apps/server/src/db/kysely.js";

/** Size of a generated load. */
export interface LoadOptions {
  projects: number;
  tasks: number;
  /** Users besides the existing ones; each project gets a slice of them as members. */
  users?: number;
  /** Tasks in the first project, the "big project" of the task-lists benchmark. */
  bigProjectTasks?: number;
  /** An existing user made manager of every project (the benchmark's site manager). */
  managerId?: number;
}

/** What was generated, for scenarios to aim at. */
export interface LoadResult {
  projectIds: number[];
  bigProjectId: number;
  userIds: number[];
  taskCount: number;
}

const BATCH = 500;
const DAY_MS = 24 * 3600 * 1000;

function stamp(date: Date): string {
  return date.toISOString().slice(0, 19).replace("T", " ");
}

function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

// A fixed-seed generator: the same options give the same data, so runs compare.
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

async function insertInBatches<T extends keyof Database>(db: Kysely<Database>, table: T, rows: Array<Record<string, unknown>>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    // The rows are built to match the table; Kysely's insert type cannot follow a generic table name.
    await db.insertInto(table).values(rows.slice(start, start + BATCH) as never).execute();
  }
}

const WORDS = ["Homepage", "Checkout", "Invoice", "Onboarding", "Search", "Report", "Billing", "Calendar", "Upload", "Profile", "Export", "Sync", "Login", "Dashboard", "Mobile", "Email"];
const VERBS = ["Design", "Build", "Review", "Fix", "Test", "Write", "Plan", "Ship", "Refactor", "Document"];

/** The password of every generated user, for scenarios that sign one in. */
export const LOAD_PASSWORD = "load-test-password";

/**
 * Fills a migrated database with projects, members, task lists, tasks and assignees, written in batches
 * straight to the tables (the API would take minutes for 100,000 tasks). Deterministic for given options.
 */
export async function seedLoad(database: DatabaseHandle, options: LoadOptions): Promise<LoadResult> {
  const { db } = database;
  const rand = random(42);
  const now = new Date();
  const created = stamp(now);
  const passwordHash = await hash(LOAD_PASSWORD);
  const userCount = options.users ?? Math.max(20, Math.ceil(options.projects * 4));

  const userRows = Array.from({ length: userCount }, (_, i) => ({
    display_name: `Load User ${i + 1}`,
    email: `load.user.${i + 1}.${now.getTime()}@example.test`,
    password_hash: passwordHash,
    manage_pm: 0,
    avatar_url: null,
    created_at: created,
    updated_at: created,
  }));
  await insertInBatches(db, "users", userRows);
  const userIds = (await db.selectFrom("users").select("id").where("email", "like", `load.user.%.${now.getTime()}@example.test`).orderBy("id").execute()).map((r) => r.id);
  const owner = options.managerId ?? userIds[0] ?? 1;

  const projectIds: number[] = [];
  for (let p = 0; p < options.projects; p += 1) {
    const project = await db.insertInto("projects").values({
      title: `${WORDS[p % WORDS.length]} project ${p + 1}`,
      description: `<p>Generated project ${p + 1}</p>`,
      status: p % 10 === 9 ? "complete" : "incomplete",
      color: null,
      created_by: owner,
      created_at: created,
      updated_at: created,
    }).returning("id").executeTakeFirstOrThrow();
    projectIds.push(project.id);
  }

  // Members: the manager everywhere, and a rotating slice of users per project with mixed roles.
  const members: Array<Record<string, unknown>> = [];
  const membersOf = new Map<number, number[]>();
  projectIds.forEach((projectId, index) => {
    const slice = Array.from({ length: Math.min(8, userIds.length) }, (_, k) => userIds[(index * 3 + k) % userIds.length] ?? owner);
    const unique = [...new Set(slice)].filter((id) => id !== owner);
    membersOf.set(projectId, unique);
    members.push({ project_id: projectId, user_id: owner, role_id: 1, created_at: created });
    unique.forEach((userId, k) => members.push({ project_id: projectId, user_id: userId, role_id: k === 0 ? 1 : k === unique.length - 1 ? 3 : 2, created_at: created }));
  });
  await insertInBatches(db, "project_members", members);

  const bigTasks = Math.min(options.tasks, options.bigProjectTasks ?? Math.min(10_000, options.tasks));
  const rest = options.tasks - bigTasks;
  const perProject = projectIds.map((_, index) => (index === 0 ? bigTasks : Math.floor(rest / Math.max(1, projectIds.length - 1)) + (index <= rest % Math.max(1, projectIds.length - 1) ? 1 : 0)));

  let taskCount = 0;
  for (const [index, projectId] of projectIds.entries()) {
    const tasksHere = perProject[index] ?? 0;
    const listCount = Math.max(1, Math.ceil(tasksHere / 50));
    const lists = Array.from({ length: listCount + 1 }, (_, l) => ({
      project_id: projectId,
      title: l === 0 ? "Inbox" : `${WORDS[l % WORDS.length]} list ${l}`,
      description: "",
      sort_order: l,
      status: 1,
      privacy: l % 17 === 16 ? 1 : 0,
      is_inbox: l === 0 ? 1 : 0,
      milestone_id: null,
      created_by: owner,
      created_at: created,
      updated_at: created,
    }));
    await insertInBatches(db, "task_lists", lists);
    const listIds = (await db.selectFrom("task_lists").select("id").where("project_id", "=", projectId).where("is_inbox", "=", 0).orderBy("id").execute()).map((r) => r.id);

    const tasks = Array.from({ length: tasksHere }, (_, t) => {
      const complete = rand() < 0.3;
      const due = new Date(now.getTime() + Math.floor((rand() - 0.5) * 120) * DAY_MS);
      const start = new Date(due.getTime() - Math.floor(rand() * 10) * DAY_MS);
      return {
        project_id: projectId,
        task_list_id: listIds[t % listIds.length] ?? listIds[0] ?? 0,
        parent_id: 0,
        title: `${VERBS[t % VERBS.length]} ${WORDS[Math.floor(rand() * WORDS.length)]} ${t + 1}`,
        description: "",
        estimation: Math.floor(rand() * 8) * 30,
        start_at: rand() < 0.5 ? day(start) : null,
        due_date: rand() < 0.85 ? day(due) : null,
        priority: 0,
        complexity: 0,
        payable: 0,
        recurrent: 0,
        status: complete ? 1 : 0,
        privacy: rand() < 0.05 ? 1 : 0,
        sort_order: t,
        type_id: null,
        created_by: owner,
        completed_by: complete ? owner : null,
        completed_at: complete ? stamp(new Date(due.getTime() - DAY_MS)) : null,
        created_at: created,
        updated_at: created,
      };
    });
    await db.transaction().execute(async (trx) => {
      await insertInBatches(trx, "tasks", tasks);
      const taskIds = (await trx.selectFrom("tasks").select("id").where("project_id", "=", projectId).orderBy("id").execute()).map((r) => r.id);
      const people = membersOf.get(projectId) ?? [];
      const assignees = taskIds.flatMap((taskId, t) => {
        const first = people[t % Math.max(1, people.length)];
        if (first === undefined || t % 7 === 6) return [];
        const rows = [{ task_id: taskId, user_id: first, project_id: projectId, assigned_at: created }];
        const second = people[(t + 3) % people.length];
        if (t % 4 === 0 && second !== undefined && second !== first) rows.push({ task_id: taskId, user_id: second, project_id: projectId, assigned_at: created });
        return rows;
      });
      await insertInBatches(trx, "task_assignees", assignees);
    });
    taskCount += tasksHere;
  }
  // Fresh statistics, as a database that grew to this size in real use would have; on PostgreSQL also the
  // visibility map autovacuum keeps, without which no index-only scan can skip reading the rows.
  await sql.raw(database.kind === "postgres" ? "vacuum analyze" : "analyze").execute(db);
  return { projectIds, bigProjectId: projectIds[0] ?? 0, userIds, taskCount };
}

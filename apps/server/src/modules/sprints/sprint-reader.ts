import type { Sprint, SprintCounters, SprintTasks, Task } from "@plotline/contracts";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../lib/actor.js";
import { forbidden, notFound, say } from "../../lib/app-error.js";
import { JsonFragment } from "../../lib/json-fragment.js";
import { readCache } from "../../shared/read-cache.js";
import { viewKey } from "../privacy/privacy.rules.js";
import type { ProjectAccess, ProjectAccessService } from "../projects/project-access.js";
import { keepTask, keptTaskFor, TASK_READ_TABLES, type KeptTask } from "../tasks/kept-task.js";
import { taskLoader } from "../tasks/tasks.loader.js";
import { privacyView, taskPolicy } from "../tasks/tasks.policy.js";
import { runningTimers } from "../time-tracker/task-time.js";
import { presentUserOrPlaceholder } from "../users/users.presenter.js";
import { findUsersByIds } from "../users/users.service.js";
import type { UserRow } from "../users/users.tables.js";
import { sprintAbilities, sprintPolicy } from "./sprints.policy.js";
import { NO_COUNTERS, presentSprint } from "./sprints.presenter.js";
import { sprintsRepository, type SprintCountRow, type SprintProjectRow } from "./sprints.repository.js";
import type { SprintRow } from "./sprints.tables.js";

/** A sprint as one reader may see it: its row, all its projects, and the reader's access to those they may enter. */
export interface ReadableSprint {
  row: SprintRow;
  projects: SprintProjectRow[];
  accesses: ProjectAccess[];
}

/** A sprint's row, projects and creator, kept between requests. */
interface KeptHead {
  row: SprintRow | null;
  projects: SprintProjectRow[];
  creator: UserRow | null;
}

/** What one privacy view of a sprint's projects sees of it: its counters and, asked for, its tasks. */
interface KeptContents {
  counters: SprintCounters;
  tasks: Array<{ projectId: number; kept: KeptTask }> | null;
  carriedOver: number[];
}

/** A reader's tasks of a sprint as JSON text, and how many. */
interface KeptPage {
  json: string;
  count: number;
}

/** The JSON text of a presented task (kept tasks are fragments of text already). */
function jsonOf(task: Task): string {
  return task instanceof JsonFragment ? task.json : JSON.stringify(task);
}

/**
 * What the abilities of a reader's tasks depend on besides the tasks: per project, whether they manage it,
 * their role, the assignee-editing setting and their privacy view (their id is in the key beside it).
 */
function readerKey(accesses: readonly ProjectAccess[]): string {
  return accesses
    .map((projectAccess) => `${projectAccess.projectId}:${projectAccess.isManager ? 1 : 0}:${projectAccess.role ?? "-"}:${projectAccess.assigneesCanEdit ? 1 : 0}:${viewKey(privacyView(projectAccess))}`)
    .sort()
    .join(",");
}

/** Every table a sprint's contents are read from. */
const CONTENT_TABLES = [...TASK_READ_TABLES, "sprints", "sprint_tasks", "sprint_projects"] as const;
/** Tasks kept at most across every sprint's contents (a sprint weighs its tasks). */
const MAX_KEPT_TASKS = 20_000;

/** Adds the visible groups of count rows up into each sprint's counters. */
export function countersOf(rows: readonly SprintCountRow[], accessOf: (projectId: number) => ProjectAccess | undefined): Map<number, SprintCounters> {
  const counters = new Map<number, SprintCounters>();
  for (const row of rows) {
    const projectAccess = accessOf(row.project_id);
    if (!projectAccess || !taskPolicy.canSee(privacyView(projectAccess), row, { privacy: row.list_privacy })) continue;
    const current = counters.get(row.sprint_id) ?? { tasks: { total: 0, complete: 0 }, estimation: { total: 0, complete: 0 } };
    current.tasks.total += row.count;
    current.estimation.total += row.estimation;
    if (row.done === 1) {
      current.tasks.complete += row.count;
      current.estimation.complete += row.estimation;
    }
    counters.set(row.sprint_id, current);
  }
  return counters;
}

/** A stable key of what a reader sees of a sprint: the projects they may enter, each with their privacy view. */
export function viewsKey(accesses: readonly ProjectAccess[]): string {
  return accesses.map((projectAccess) => `${projectAccess.projectId}:${viewKey(privacyView(projectAccess))}`).sort().join(",");
}

/**
 * Reading sprints: which a reader may see (those of a project they may enter; every one for site
 * managers), and presenting them with the reader's counters, abilities and tasks. A sprint's contents are
 * kept per privacy view until a table they are read from changes, so its page of 2,000 tasks is presented
 * once per change; each reader's abilities and running timer are then added once and kept as text.
 */
export function sprintReader(ctx: AppContext, access: ProjectAccessService) {
  const repository = sprintsRepository(ctx.db, ctx.kind);
  const loader = taskLoader(ctx.db, ctx.config.timezone);
  const running = runningTimers(ctx.tables, ctx.db);
  const heads = readCache<KeptHead>(ctx.tables, { dependsOn: ["sprints", "sprint_projects", "projects", "users"], maxWeight: 5_000 });
  const contents = readCache<KeptContents>(ctx.tables, {
    dependsOn: CONTENT_TABLES,
    maxWeight: MAX_KEPT_TASKS,
    weigh: (value) => (value.tasks?.length ?? 0) + 1,
  });

  const readerPages = readCache<KeptPage>(ctx.tables, { dependsOn: CONTENT_TABLES, maxWeight: MAX_KEPT_TASKS, weigh: (page) => page.count + 1 });

  async function headOf(sprintId: number): Promise<KeptHead> {
    return heads.get(String(sprintId), async () => {
      const row = (await repository.findSprint(sprintId)) ?? null;
      if (!row) return { row, projects: [], creator: null };
      const [projects, creators] = await Promise.all([
        repository.projectsOf([sprintId]),
        row.created_by === null ? Promise.resolve([]) : findUsersByIds(ctx.db, [row.created_by]),
      ]);
      return { row, projects, creator: creators[0] ?? null };
    });
  }

  /** The sprint, if the actor may see it: 404 when it does not exist or none of its projects is theirs (site managers see all). */
  async function requireReadable(actor: Actor, sprintId: number): Promise<ReadableSprint> {
    const head = await headOf(sprintId);
    if (!head.row) throw notFound(say("sprints.sprint_not_found"));
    const accesses = await access.accessToProjects(actor, head.projects.map((project) => project.project_id));
    // Site managers read every sprint, even one whose projects were all deleted since (it lists for them).
    if (accesses.size === 0 && !actor.isSiteManager) throw notFound(say("sprints.sprint_not_found"));
    return { row: head.row, projects: head.projects, accesses: [...accesses.values()] };
  }

  async function contentsOf(sprint: ReadableSprint, withTasks: boolean): Promise<KeptContents> {
    const byProject = new Map(sprint.accesses.map((projectAccess) => [projectAccess.projectId, projectAccess]));
    const key = `${sprint.row.id}|${viewsKey(sprint.accesses)}|${withTasks ? "tasks" : "counts"}`;
    return contents.get(key, async () => {
      const counters = countersOf(await repository.count([sprint.row.id]), (id) => byProject.get(id)).get(sprint.row.id) ?? NO_COUNTERS;
      if (!withTasks) return { counters, tasks: null, carriedOver: [] };
      const records = (await repository.tasksOf(sprint.row.id, [...byProject.keys()])).filter((record) => {
        const projectAccess = byProject.get(record.project_id);
        return projectAccess !== undefined && taskPolicy.canSee(privacyView(projectAccess), record, { privacy: record.list_privacy });
      });
      const presented = await loader.present(records, (id) => byProject.get(id));
      const facts = new Map(records.map((record) => [record.id, record]));
      const tasks = presented.flatMap((task) => {
        const record = facts.get(task.id);
        return record ? [{ projectId: record.project_id, kept: keepTask(task, record, task.assignees.data.map((user) => user.id)) }] : [];
      });
      const carriedOver = records.filter((record) => record.is_open === 0 && record.final_status === 0).map((record) => record.id);
      return { counters, tasks, carriedOver };
    });
  }

  /**
   * The sprint's tasks as one reader gets them, as JSON text: kept per reader (their access to each project
   * and their running timer are in the key), so that a page of 2,000 tasks read again is one string, not
   * 2,000 pieces joined and 8 MB of garbage a request.
   */
  async function tasksFor(actor: Actor, sprint: ReadableSprint, runningTaskId: number | null): Promise<KeptPage> {
    const byProject = new Map(sprint.accesses.map((projectAccess) => [projectAccess.projectId, projectAccess]));
    const key = `${sprint.row.id}|${actor.id}|${runningTaskId ?? 0}|${readerKey(sprint.accesses)}`;
    return readerPages.get(key, async () => {
      const kept = await contentsOf(sprint, true);
      const parts = (kept.tasks ?? []).flatMap(({ projectId, kept: task }) => {
        const projectAccess = byProject.get(projectId);
        return projectAccess ? [jsonOf(keptTaskFor({ access: projectAccess, runningTaskId }, task))] : [];
      });
      return { json: `[${parts.join(",")}]`, count: parts.length };
    });
  }

  return {
    requireReadable,

    /** The sprint if the actor may change it (site managers and its creator): 404 as `requireReadable`, else 403. */
    async requireEditable(actor: Actor, sprintId: number): Promise<ReadableSprint> {
      const sprint = await requireReadable(actor, sprintId);
      if (!sprintPolicy.canEdit(actor, sprint.row)) throw forbidden(say("sprints.who_may_edit"));
      return sprint;
    },

    /** One sprint for its reader, with its tasks when asked. */
    async present(actor: Actor, sprint: ReadableSprint, options: { withTasks?: boolean } = {}): Promise<Sprint> {
      const withTasks = options.withTasks === true;
      const [kept, head, runningTaskId] = await Promise.all([
        contentsOf(sprint, withTasks),
        headOf(sprint.row.id),
        withTasks ? running.taskOf(actor.id) : Promise.resolve(null),
      ]);
      const byProject = new Map(sprint.accesses.map((projectAccess) => [projectAccess.projectId, projectAccess]));
      let tasks: SprintTasks | undefined;
      if (kept.tasks) {
        const page = await tasksFor(actor, sprint, runningTaskId);
        tasks = { data: new JsonFragment<Task[]>(page.json).asValue(), meta: { total: page.count, carried_over_ids: kept.carriedOver } };
      }
      const users = new Map(head.creator ? [[head.creator.id, head.creator]] : []);
      return presentSprint(sprint.row, {
        projects: sprint.projects.filter((project) => byProject.has(project.project_id)),
        creator: presentUserOrPlaceholder(users, sprint.row.created_by ?? 0),
        counters: kept.counters,
        abilities: sprintAbilities(actor, sprint.row, sprint.accesses),
        ...(tasks && { tasks }),
      }, ctx.config.timezone);
    },

    /** Many sprints for one reader, without their tasks: a fixed number of queries whatever their number. */
    async presentMany(actor: Actor, rows: readonly SprintRow[]): Promise<Sprint[]> {
      if (rows.length === 0) return [];
      const ids = rows.map((row) => row.id);
      const creatorIds = [...new Set(rows.flatMap((row) => (row.created_by === null ? [] : [row.created_by])))];
      const [projects, countRows, creators] = await Promise.all([repository.projectsOf(ids), repository.count(ids), findUsersByIds(ctx.db, creatorIds)]);
      const accesses = await access.accessToProjects(actor, [...new Set(projects.map((project) => project.project_id))]);
      const counters = countersOf(countRows, (id) => accesses.get(id));
      const users = new Map(creators.map((user) => [user.id, user]));
      return rows.map((row) => {
        const own = projects.filter((project) => project.sprint_id === row.id && accesses.has(project.project_id));
        const ownAccesses = own.flatMap((project) => accesses.get(project.project_id) ?? []);
        return presentSprint(row, {
          projects: own,
          creator: presentUserOrPlaceholder(users, row.created_by ?? 0),
          counters: counters.get(row.id) ?? NO_COUNTERS,
          abilities: sprintAbilities(actor, row, ownAccesses),
        }, ctx.config.timezone);
      });
    },
  };
}

export type SprintReader = ReturnType<typeof sprintReader>;

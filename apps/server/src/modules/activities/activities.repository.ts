import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { ActivityRow } from "./activities.tables.js";
import { chunkIds, inChunks } from "../../db/sql-helpers.js";
import { tasksFlagged } from "../privacy/privacy.filters.js";
import type { ActivityChange } from "./activity-catalogue.js";
import type { PrivateRecord } from "../privacy/privacy.rules.js";

/**
 * An activity to write: the table's columns, with `meta` and `changes` as values (stored as JSON text) and
 * the record's title, from which the sentence is rendered when read, always given.
 */
export type NewActivity = Omit<ActivityRow, "id" | "meta" | "changes" | "title"> & {
  meta: Record<string, unknown>;
  changes: ActivityChange[] | null;
  title: string;
};

/** Which entries of which projects a reader may see: per project, the private scopes they may read. */
export interface ActivityVisibility {
  /** Every entry of every project (site managers); the two lists below are then ignored. */
  everyProject?: boolean;
  /** Projects whose every entry the reader may see. */
  fullProjects: number[];
  /** Projects where only entries without a scope, or with one of the listed scopes, may be seen. */
  limitedProjects: Array<{ projectId: number; scopes: string[] }>;
}

/** Filters of an activity listing. */
export interface ActivityFilter {
  userId?: number;
  /** One record's history, e.g. a task's. */
  resource?: { type: string; id: number };
  /** Inclusive UTC bounds, as stored. */
  from?: string;
  to?: string;
  limit: number;
  offset: number;
  /** Oldest first instead of newest first. */
  ascending?: boolean;
}

/** `activity_counts`' scope for entries without one (a key column cannot be null). */
const NO_SCOPE = "";

/** A listing with no filter but visibility, whose total the kept counts answer. */
function isUnfiltered(filter: ActivityFilter): boolean {
  return filter.userId === undefined && filter.resource === undefined && filter.from === undefined && filter.to === undefined;
}

/** Limited projects grouped by their scope set, so a condition stays small whatever the project count. */
function projectsByScopes(visibility: ActivityVisibility): Array<{ projectIds: number[]; scopes: string[] }> {
  const byScopes = new Map<string, number[]>();
  for (const entry of visibility.limitedProjects) {
    const key = [...entry.scopes].sort().join(",");
    byScopes.set(key, [...(byScopes.get(key) ?? []), entry.projectId]);
  }
  return [...byScopes].map(([key, projectIds]) => ({ projectIds, scopes: key ? key.split(",") : [] }));
}

/** Queries on activities. */
export function activitiesRepository(db: Kysely<Database>) {
  function visible(visibility: ActivityVisibility, filter: Omit<ActivityFilter, "limit" | "offset" | "ascending">) {
    return db
      .selectFrom("activities")
      .$if(!visibility.everyProject, (qb) => qb.where((eb) => {
        const branches = [];
        if (visibility.fullProjects.length > 0) branches.push(eb("project_id", "in", visibility.fullProjects));
        for (const { projectIds, scopes } of projectsByScopes(visibility)) {
          branches.push(
            eb.and([
              eb("project_id", "in", projectIds),
              scopes.length > 0 ? eb.or([eb("privacy_scope", "is", null), eb("privacy_scope", "in", scopes)]) : eb("privacy_scope", "is", null),
            ]),
          );
        }
        // A literal false cannot be bound on SQLite; a comparison that never holds reads the same on both engines.
        return branches.length > 0 ? eb.or(branches) : sql<boolean>`1 = 0`;
      }))
      .$if(filter.userId !== undefined, (qb) => qb.where("actor_id", "=", filter.userId ?? 0))
      .$if(filter.resource !== undefined, (qb) =>
        qb.where("resource_type", "=", filter.resource?.type ?? "").where("resource_id", "=", filter.resource?.id ?? 0),
      )
      .$if(filter.from !== undefined, (qb) => qb.where("committed_at", ">=", filter.from ?? ""))
      .$if(filter.to !== undefined, (qb) => qb.where("committed_at", "<=", filter.to ?? ""));
  }

  /**
   * How many entries `visible` finds when nothing but visibility narrows it, from the counts the triggers
   * keep: the same projects and scopes, read from a few rows per project instead of every entry.
   */
  async function countVisible(visibility: ActivityVisibility): Promise<number> {
    const row = await db.selectFrom("activity_counts")
      .select((eb) => eb.fn.sum<number>("count").as("count"))
      .$if(!visibility.everyProject, (qb) => qb.where((eb) => {
        const branches = [];
        if (visibility.fullProjects.length > 0) branches.push(eb("project_id", "in", visibility.fullProjects));
        for (const { projectIds, scopes } of projectsByScopes(visibility)) {
          branches.push(eb.and([eb("project_id", "in", projectIds), eb("privacy_scope", "in", [NO_SCOPE, ...scopes])]));
        }
        return branches.length > 0 ? eb.or(branches) : sql<boolean>`1 = 0`;
      }))
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  return {
    /** Writes an entry; one whose event and action were already written (a repeated delivery) is skipped. */
    /** Writes entries of events, one statement per 100; an entry an earlier delivery wrote is skipped. */
    async insertEventActivities(activities: readonly NewActivity[]): Promise<void> {
      for (let start = 0; start < activities.length; start += 100) {
        const rows = activities.slice(start, start + 100).map((activity) => ({
          ...activity, meta: JSON.stringify(activity.meta), changes: activity.changes === null ? null : JSON.stringify(activity.changes),
        }));
        await db.insertInto("activities").values(rows).onConflict((oc) => oc.columns(["event_id", "action"]).doNothing()).execute();
      }
    },

    /**
     * Which of these projects still exist. `lock` (PostgreSQL) holds their rows until the transaction ends,
     * so a project cannot be deleted before an entry written next commits.
     */
    async findExistingProjects(projectIds: readonly number[], { lock = false } = {}): Promise<Set<number>> {
      if (projectIds.length === 0) return new Set();
      const rows = await db.selectFrom("projects").select("id").where("id", "in", [...projectIds]).$if(lock, (qb) => qb.forShare()).execute();
      return new Set(rows.map((row) => row.id));
    },

    /**
     * The privacy flags these records have now, by `type:id`, one query per kind (tasks with their list,
     * lists, milestones, discussions: the kinds whose entries are re-scoped when their privacy changes); a
     * record gone or of another kind is absent. `lock` (PostgreSQL) holds the rows read until the
     * transaction ends: a change of their privacy then waits for an entry written next to commit, and
     * re-scopes it too.
     */
    async findSubjectPrivacies(subjects: ReadonlyArray<{ type: string; id: number }>, { lock = false } = {}): Promise<Map<string, PrivateRecord>> {
      const found = new Map<string, PrivateRecord>();
      const idsOf = (type: string) => [...new Set(subjects.filter((subject) => subject.type === type).map((subject) => subject.id))];
      const tasks = idsOf("task");
      if (tasks.length > 0) {
        const rows = await db.selectFrom("tasks").innerJoin("task_lists", "task_lists.id", "tasks.task_list_id")
          .select(["tasks.id", "tasks.privacy", "task_lists.privacy as list_privacy"]).where("tasks.id", "in", tasks)
          .$if(lock, (qb) => qb.forShare()).execute();
        for (const row of rows) found.set(`task:${row.id}`, { kind: "task", privacy: row.privacy, listPrivacy: row.list_privacy });
      }
      const simple = [
        { type: "task_list", table: "task_lists", kind: "task_list" },
        { type: "milestone", table: "milestones", kind: "milestone" },
        { type: "discussion_board", table: "discussions", kind: "discussion" },
      ] as const;
      for (const { type, table, kind } of simple) {
        const ids = idsOf(type);
        if (ids.length === 0) continue;
        const rows = await db.selectFrom(table).select(["id", "privacy"]).where("id", "in", ids).$if(lock, (qb) => qb.forShare()).execute();
        for (const row of rows) found.set(`${type}:${row.id}`, { kind, privacy: row.privacy } as PrivateRecord);
      }
      return found;
    },

    async insertActivity(activity: NewActivity): Promise<void> {
      await db.insertInto("activities")
        .values({ ...activity, meta: JSON.stringify(activity.meta), changes: activity.changes === null ? null : JSON.stringify(activity.changes) })
        .$if(activity.event_id !== null, (qb) => qb.onConflict((oc) => oc.columns(["event_id", "action"]).doNothing()))
        .execute();
    },

    /** Sets the scope of every entry of a project about the given records: their own entries and comments on them. */
    async setScopeOfSubjects(projectId: number, subjectType: string, subjectIds: readonly number[], scope: string | null): Promise<void> {
      for (const chunk of chunkIds(subjectIds)) {
        await db.updateTable("activities").set({ privacy_scope: scope })
          .where("project_id", "=", projectId).where("subject_type", "=", subjectType).where("subject_id", "in", chunk)
          .execute();
      }
    },

    /**
     * Sets the scope of every entry about the tasks of a list, or the sub-tasks of a task, and about the
     * comments on them: `scopeFor` gives the scope of a public (0) and of a private (1) task. The tasks are
     * picked by a sub-query, so however many there are this is two statements.
     */
    async setScopeOfTasks(projectId: number, of: { listId: number } | { parentId: number }, scopeFor: (privacy: 0 | 1) => string | null): Promise<void> {
      for (const privacy of [0, 1] as const) {
        const taskIds = db.selectFrom("tasks").select("tasks.id").where((eb) => tasksFlagged(eb, privacy === 1))
          .$if("listId" in of, (qb) => qb.where("tasks.task_list_id", "=", "listId" in of ? of.listId : 0))
          // `parent_id <> 0` lets SQLite use the partial sub-task index (see migration 0003).
          .$if("parentId" in of, (qb) => qb.where("tasks.parent_id", "=", "parentId" in of ? of.parentId : 0).where("tasks.parent_id", "<>", 0));
        await db.updateTable("activities").set({ privacy_scope: scopeFor(privacy) })
          .where("project_id", "=", projectId).where("subject_type", "=", "task").where("subject_id", "in", taskIds)
          .execute();
      }
    },

    async listActivities(visibility: ActivityVisibility, filter: ActivityFilter): Promise<{ rows: ActivityRow[]; total: number }> {
      const [rows, total] = await Promise.all([
        visible(visibility, filter).selectAll()
          .orderBy("committed_at", filter.ascending ? "asc" : "desc").orderBy("id", filter.ascending ? "asc" : "desc").limit(filter.limit).offset(filter.offset).execute(),
        isUnfiltered(filter) ? countVisible(visibility) : visible(visibility, filter).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow().then((row) => Number(row.count)),
      ]);
      return { rows, total };
    },

    /** How many entries each project has per privacy scope: the raw rows of the projects' `total_activities`. */
    async countForProjects(projectIds: readonly number[]): Promise<Array<{ project_id: number; privacy_scope: string | null; count: number }>> {
      // Read from the counts the triggers keep per project and scope (activities.counters.migration.ts).
      const rows = await inChunks(projectIds, (chunk) =>
        db.selectFrom("activity_counts").select(["project_id", "privacy_scope", "count"]).where("project_id", "in", chunk).where("count", "<>", 0).execute());
      return rows.map((row) => ({ project_id: Number(row.project_id), privacy_scope: row.privacy_scope === NO_SCOPE ? null : row.privacy_scope, count: Number(row.count) }));
    },

    /** Ids and titles of the given projects, for `with=project`. */
    findProjectTitles(projectIds: readonly number[]): Promise<Array<{ id: number; title: string }>> {
      if (projectIds.length === 0) return Promise.resolve([]);
      return db.selectFrom("projects").select(["id", "title"]).where("id", "in", [...new Set(projectIds)]).execute();
    },
  };
}

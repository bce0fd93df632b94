import type { Kysely } from "kysely";
import type { ActivityRow, Database } from "../../db/schema.js";

/** An activity to write. */
export interface NewActivity {
  project_id: number;
  actor_id: number;
  action: string;
  action_type: string;
  resource_type: string;
  resource_id: number | null;
  privacy_scope: string | null;
  message: string;
  meta: Record<string, unknown>;
  committed_at: string;
}

/** Which entries of which projects a reader may see: per project, the private scopes they may read. */
export interface ActivityVisibility {
  /** Projects whose every entry the reader may see. */
  fullProjects: number[];
  /** Projects where only entries without a scope, or with one of the listed scopes, may be seen. */
  limitedProjects: Array<{ projectId: number; scopes: string[] }>;
}

/** Filters of an activity listing. */
export interface ActivityFilter {
  userId?: number;
  /** Inclusive UTC bounds, as stored. */
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

/** Queries on activities. */
export function activitiesRepository(db: Kysely<Database>) {
  function visible(visibility: ActivityVisibility, filter: Omit<ActivityFilter, "limit" | "offset">) {
    return db
      .selectFrom("activities")
      .where((eb) => {
        const branches = [];
        if (visibility.fullProjects.length > 0) branches.push(eb("project_id", "in", visibility.fullProjects));
        // Group limited projects by their scope set so the condition stays small whatever the project count.
        const byScopes = new Map<string, number[]>();
        for (const entry of visibility.limitedProjects) {
          const key = [...entry.scopes].sort().join(",");
          byScopes.set(key, [...(byScopes.get(key) ?? []), entry.projectId]);
        }
        for (const [key, projectIds] of byScopes) {
          const scopes = key ? key.split(",") : [];
          branches.push(
            eb.and([
              eb("project_id", "in", projectIds),
              scopes.length > 0 ? eb.or([eb("privacy_scope", "is", null), eb("privacy_scope", "in", scopes)]) : eb("privacy_scope", "is", null),
            ]),
          );
        }
        return branches.length > 0 ? eb.or(branches) : eb.val(false);
      })
      .$if(filter.userId !== undefined, (qb) => qb.where("actor_id", "=", filter.userId ?? 0))
      .$if(filter.from !== undefined, (qb) => qb.where("committed_at", ">=", filter.from ?? ""))
      .$if(filter.to !== undefined, (qb) => qb.where("committed_at", "<=", filter.to ?? ""));
  }

  return {
    async insertActivity(activity: NewActivity): Promise<void> {
      await db.insertInto("activities").values({ ...activity, meta: JSON.stringify(activity.meta) }).execute();
    },

    async listActivities(visibility: ActivityVisibility, filter: ActivityFilter): Promise<{ rows: ActivityRow[]; total: number }> {
      const [rows, total] = await Promise.all([
        visible(visibility, filter).selectAll().orderBy("committed_at", "desc").orderBy("id", "desc").limit(filter.limit).offset(filter.offset).execute(),
        visible(visibility, filter).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
    },
  };
}

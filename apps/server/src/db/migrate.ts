import { Migrator, type Migration, type MigrationProvider } from "kysely";
import type { ModuleDefinition } from "../modules/module.js";
import { MODULES } from "../modules/registry.js";
import type { DatabaseHandle, DatabaseKind } from "./kysely.js";
import type { EngineMigration } from "./migration.js";
import * as platform from "./migrations/0001-platform.js";
import * as core from "./migrations/0002-core.js";
import * as taskIndexes from "./migrations/0003-task-indexes.js";
import * as activitySubjects from "./migrations/0004-activity-subjects.js";
import * as files from "./migrations/0005-files.js";
import * as labels from "./migrations/0006-labels.js";
import * as pagesDepartments from "./migrations/0007-pages-departments.js";
import * as search from "./migrations/0008-search.js";
import * as calendar from "./migrations/0009-calendar.js";
import * as fileAttachments from "./migrations/0010-file-attachments.js";
import * as events from "./migrations/0011-events.js";
import * as jobs from "./migrations/0012-jobs.js";
import * as structuredActivities from "./migrations/0013-structured-activities.js";

/**
 * The platform's migrations, and the schema of the modules from before modules declared their own (see
 * `ModuleDefinition.migrations`). Names sort in the order they run; never rename or edit one that shipped.
 */
const MIGRATIONS: Record<string, EngineMigration> = {
  "0001-platform": platform,
  "0002-core": core,
  "0003-task-indexes": taskIndexes,
  "0004-activity-subjects": activitySubjects,
  "0005-files": files,
  "0006-labels": labels,
  "0007-pages-departments": pagesDepartments,
  "0008-search": search,
  "0009-calendar": calendar,
  "0010-file-attachments": fileAttachments,
  "0011-events": events,
  "0012-jobs": jobs,
  "0013-structured-activities": structuredActivities,
};

class StaticProvider implements MigrationProvider {
  constructor(
    private readonly kind: DatabaseKind,
    private readonly modules: readonly ModuleDefinition[],
  ) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const all: Record<string, EngineMigration> = { ...MIGRATIONS };
    for (const module of this.modules) {
      for (const [name, migration] of Object.entries(module.migrations ?? {})) {
        if (name in all) throw new Error(`The ${module.name} module's migration "${name}" has the name of another migration.`);
        all[name] = migration;
      }
    }
    return Object.fromEntries(Object.entries(all).map(([name, migration]) => [name, { up: (db) => migration.up(db, this.kind) }]));
  }
}

/** Brings the database to the newest schema. Throws with the failing migration's error. */
export async function migrateToLatest(handle: DatabaseHandle, modules: readonly ModuleDefinition[] = MODULES): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema; naming ours keeps parallel test schemas apart.
  const migrator = new Migrator({
    db: handle.db,
    provider: new StaticProvider(handle.kind, modules),
    // Modules are added over time with their own dated migrations; one added later may sort before one
    // that already ran, and neither depends on the other.
    allowUnorderedMigrations: true,
    ...(handle.pgSchema && { migrationTableSchema: handle.pgSchema }),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${String(error)}`, { cause: error });
  }
}

import { Migrator, type Migration, type MigrationProvider } from "kysely";
import type { DatabaseHandle, DatabaseKind } from "./kysely.js";
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

type EngineMigration = { up: (db: Parameters<Migration["up"]>[0], kind: DatabaseKind) => Promise<void> };

/** Every migration in order. Names sort in the order they run; never rename or edit one that shipped. */
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
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly kind: DatabaseKind) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(MIGRATIONS).map(([name, migration]) => [name, { up: (db) => migration.up(db, this.kind) }]),
    );
  }
}

/** Brings the database to the newest schema. Throws with the failing migration's error. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema; naming ours keeps parallel test schemas apart.
  const migrator = new Migrator({
    db: handle.db,
    provider: new StaticProvider(handle.kind),
    ...(handle.pgSchema && { migrationTableSchema: handle.pgSchema }),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${String(error)}`, { cause: error });
  }
}

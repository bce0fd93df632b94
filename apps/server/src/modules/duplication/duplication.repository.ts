import { sql, type Kysely } from "kysely";
import type { DatabaseKind } from "../../db/kysely.js";
import type { Database } from "../../db/schema.js";
import { visibleTasksInShownList } from "../privacy/privacy.filters.js";
import type { PrivacyView } from "../privacy/privacy.rules.js";
import type { ProjectRow } from "../projects/projects.tables.js";
import type { TaskListRow } from "../task-lists/task-lists.tables.js";
import { inChunks } from "../../db/sql-helpers.js";
import type { ProjectFilesTable } from "../files/files.repository.js";

/** A row as read to be copied: every column, whatever later migrations add. */
export type SourceRow = Record<string, unknown> & { id: number };

/** Tables whose rows get new ids when copied. */
export type IdTable = "milestones" | "task_lists" | "tasks" | "discussions" | "labels" | "project_files";

/** Tables written by a copy. */
export type CopyTable = IdTable | "project_members" | "project_settings" | "task_assignees" | "task_labels" | "gantt_links";

/** The tables of other modules that a copy reads and writes, typed here as their migrations made them. */
type CopyTables = {
  project_files: ProjectFilesTable;
};

/**
 * Most bound parameters per INSERT: SQLite takes 32,766 and PostgreSQL 65,535, so a batch of a wide table
 * (tasks: 22 columns) still carries several hundred rows.
 */
const PARAMETERS_PER_INSERT = 15_000;

/** Escapes LIKE wildcards so that a title holding `%` or `_` means the text. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Numbers may come back from PostgreSQL as text (bigint, count); ids are always small enough. */
function toNumber(value: unknown): number {
  return typeof value === "number" ? value : Number(value);
}

/**
 * The SQL of duplication: reading a project's or a list's rows (every column, so that columns added by
 * later migrations are copied too), reserving ids for the copies, and writing the copies in batches. It
 * decides nothing about what is copied; the service does.
 */
export function duplicationRepository(base: Kysely<Database>, kind: DatabaseKind) {
  const db: Kysely<Database & CopyTables> = base.withTables<CopyTables>();
  // Tables of modules that may be switched off or added later are reached by name through `loose`.
  const loose = db as unknown as Kysely<Record<string, Record<string, unknown>>>;

  async function selectRows(table: string, build: (qb: ReturnType<typeof selectAllFrom>) => ReturnType<typeof selectAllFrom>): Promise<SourceRow[]> {
    const rows = await build(selectAllFrom(table)).execute();
    return rows.map((row) => ({ ...row, id: toNumber(row.id) }) as SourceRow);
  }

  function selectAllFrom(table: string) {
    return loose.selectFrom(table).selectAll();
  }

  return {
    findProject(id: number): Promise<ProjectRow | undefined> {
      return db.selectFrom("projects").selectAll().where("id", "=", id).executeTakeFirst();
    },

    findList(id: number): Promise<TaskListRow | undefined> {
      return db.selectFrom("task_lists").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** Project titles equal to `stem` or starting with `stem` and a space, lower-cased: the copies of one title. */
    async findTitlesLike(stem: string): Promise<string[]> {
      const lowered = stem.toLowerCase();
      const rows = await db.selectFrom("projects").select("title")
        .where((eb) => eb.or([
          eb(sql<string>`lower(title)`, "=", lowered),
          eb(sql<string>`lower(title)`, "like", sql<string>`${`${escapeLike(lowered)} %`} escape '\\'`),
        ]))
        .execute();
      return rows.map((row) => row.title.toLowerCase());
    },

    /** Every row of a table that belongs to the project, by id. */
    projectRows(table: "milestones" | "task_lists" | "tasks" | "discussions" | "labels" | "project_files", projectId: number): Promise<SourceRow[]> {
      return selectRows(table, (qb) => qb.where("project_id", "=", projectId).orderBy("id"));
    },

    /**
     * Rows of tables keyed by project whose ids are not kept (members, settings, assignees, task labels, the
     * Gantt chart's links).
     */
    async projectLinks(table: "project_members" | "project_settings" | "task_assignees" | "task_labels" | "gantt_links", projectId: number): Promise<Array<Record<string, unknown>>> {
      return selectAllFrom(table).where("project_id", "=", projectId).execute();
    },

    /** The tasks of one list (sub-tasks included) the reader sees, by id; the list is one shown to them. */
    async listTasks(listId: number, view: PrivacyView): Promise<SourceRow[]> {
      const rows = await db.selectFrom("tasks").selectAll().where("task_list_id", "=", listId).where((eb) => visibleTasksInShownList(eb, view)).orderBy("id").execute();
      return rows.map((row) => ({ ...row, id: toNumber(row.id) }));
    },

    /** Rows of an id-less table that belong to the given tasks. */
    taskLinks(table: "task_assignees" | "task_labels", taskIds: readonly number[]): Promise<Array<Record<string, unknown>>> {
      return inChunks(taskIds, (chunk) => selectAllFrom(table).where("task_id", "in", chunk).execute());
    },

    /** Files attached to the given records (`fileable_type`, `fileable_id`), by id. */
    attachmentsOf(projectId: number, fileableType: string, ids: readonly number[]): Promise<SourceRow[]> {
      return inChunks(ids, (chunk) =>
        selectRows("project_files", (qb) =>
          qb.where("project_id", "=", projectId).where("fileable_type", "=", fileableType).where("fileable_id", "in", chunk).orderBy("id")));
    },

    /**
     * Reserves `count` new ids of a table, ascending, in one statement: the sequence's next values on
     * PostgreSQL; on SQLite, the ids after the highest one used, which the open write transaction keeps
     * for this copy (an explicit id moves SQLite's autoincrement counter past it).
     */
    async reserveIds(table: IdTable, count: number): Promise<number[]> {
      if (count === 0) return [];
      if (kind === "postgres") {
        const result = await sql<{ id: string | number }>`select nextval(pg_get_serial_sequence(${table}, 'id')) as id from generate_series(1, ${count})`.execute(db);
        return result.rows.map((row) => toNumber(row.id)).sort((a, b) => a - b);
      }
      const result = await sql<{ top: number | null }>`select max(
        coalesce((select seq from sqlite_sequence where name = ${table}), 0),
        coalesce((select max(id) from ${sql.table(table)}), 0)) as top`.execute(db);
      const top = toNumber(result.rows[0]?.top ?? 0);
      return Array.from({ length: count }, (_, index) => top + index + 1);
    },

    /** Writes one row and answers its new id. */
    async insertReturningId(table: "projects" | "task_lists", row: Record<string, unknown>): Promise<number> {
      const created = await loose.insertInto(table).values(row).returning("id").executeTakeFirstOrThrow();
      return toNumber(created.id);
    },

    /** Writes rows (all with the same columns) in as few INSERTs as the engines' parameter limits allow. */
    async insertRows(table: CopyTable, rows: ReadonlyArray<Record<string, unknown>>): Promise<void> {
      const first = rows[0];
      if (!first) return;
      const perInsert = Math.max(1, Math.floor(PARAMETERS_PER_INSERT / Object.keys(first).length));
      for (let start = 0; start < rows.length; start += perInsert) {
        await loose.insertInto(table).values(rows.slice(start, start + perInsert)).execute();
      }
    },

    /** Makes room right after `sortOrder` among a project's lists, so that a copy sits just below its source. */
    async shiftListsAfter(projectId: number, sortOrder: number): Promise<void> {
      await db.updateTable("task_lists").set({ sort_order: sql<number>`sort_order + 1` })
        .where("project_id", "=", projectId).where("sort_order", ">", sortOrder).execute();
    },
  };
}

export type DuplicationRepository = ReturnType<typeof duplicationRepository>;

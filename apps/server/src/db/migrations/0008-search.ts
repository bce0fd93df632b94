import { sql, type Kysely } from "kysely";
import type { DatabaseKind } from "../kysely.js";
import { withId } from "./helpers.js";

/**
 * The search index (modules/search): one row per searchable record in `search_documents`, kept in step by
 * triggers on the source tables, so that every write path (services, bulk copies, cascades) stays indexed
 * without code in other modules.
 *
 * - `kind`/`record_id`: the record (`task`, `subtask`, `task_list`, `discussion_board`, `milestone`,
 *   `comment`, `doc`, `project`).
 * - `parent_id`: a sub-task's parent, a comment's record, a doc's folder; else 0.
 * - `subject_type`/`subject_id`: the record whose privacy flag hides this one (a comment's record; the
 *   record itself otherwise). `parent_task_id`, `list_id` and `folder_id` are the other records whose
 *   privacy hides it (a sub-task's parent, the list holding a task, the folder holding a doc or a commented
 *   file). Privacy itself is read from the source tables when searching, so it can never be stale.
 * - `title`, `body`: what is searched; `body` is plain text (HTML stripped by `plotline_plain_text`, a
 *   function registered on every SQLite connection by db/sqlite-functions.ts and created below on PostgreSQL).
 *
 * SQLite: `search_fts`, an external-content FTS5 table (unicode61 words, prefix index for 2 and 3
 * characters, ranked with bm25), and `search_trigram` (FTS5 trigram tokenizer over titles, for partial
 * words). PostgreSQL: a generated `tsv` column (titles weight A, bodies B, `simple` configuration) with a
 * GIN index, and a pg_trgm GIN index on `lower(title)` when the extension can be had.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await withId(db.schema.createTable("search_documents"), kind)
    .addColumn("kind", "varchar(20)", (col) => col.notNull())
    .addColumn("record_id", "integer", (col) => col.notNull())
    .addColumn("project_id", "integer", (col) => col.notNull())
    .addColumn("parent_id", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("subject_type", "varchar(30)", (col) => col.notNull())
    .addColumn("subject_id", "integer", (col) => col.notNull())
    .addColumn("parent_task_id", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("list_id", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("folder_id", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("search_documents_record_idx").on("search_documents").columns(["record_id", "kind"]).unique().execute();
  await db.schema.createIndex("search_documents_subject_idx").on("search_documents").columns(["subject_type", "subject_id"]).execute();
  await db.schema.createIndex("search_documents_project_idx").on("search_documents").columns(["project_id", "kind"]).execute();

  if (kind === "postgres") await upPostgres(db);
  else await upSqlite(db);
  await backfill(db);
}

// ---------------------------------------------------------------------------------------------------------
// SQLite

/** The column list every insert into search_documents names, in this order. */
const COLUMNS = "kind, record_id, project_id, parent_id, subject_type, subject_id, parent_task_id, list_id, folder_id, title, body";

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  // remove_diacritics 0: the same words match as on PostgreSQL's `simple` configuration (see the README).
  await sql`create virtual table search_fts using fts5(title, body, content='search_documents', content_rowid='id',
    prefix='2 3', tokenize='unicode61 remove_diacritics 0')`.execute(db);
  await sql`create virtual table search_trigram using fts5(title, content='search_documents', content_rowid='id', tokenize='trigram')`.execute(db);

  const statements = [
    // The FTS tables follow search_documents (the external-content pattern of the FTS5 manual).
    `create trigger search_documents_ai after insert on search_documents begin
      insert into search_fts (rowid, title, body) values (new.id, new.title, new.body);
      insert into search_trigram (rowid, title) values (new.id, new.title);
    end`,
    `create trigger search_documents_ad after delete on search_documents begin
      insert into search_fts (search_fts, rowid, title, body) values ('delete', old.id, old.title, old.body);
      insert into search_trigram (search_trigram, rowid, title) values ('delete', old.id, old.title);
    end`,
    `create trigger search_documents_au after update of title, body on search_documents
    when old.title is not new.title or old.body is not new.body begin
      insert into search_fts (search_fts, rowid, title, body) values ('delete', old.id, old.title, old.body);
      insert into search_fts (rowid, title, body) values (new.id, new.title, new.body);
      insert into search_trigram (search_trigram, rowid, title) values ('delete', old.id, old.title);
      insert into search_trigram (rowid, title) values (new.id, new.title);
    end`,

    `create trigger search_tasks_ai after insert on tasks begin
      insert into search_documents (${COLUMNS}) values (case when new.parent_id <> 0 then 'subtask' else 'task' end, new.id,
        new.project_id, new.parent_id, 'task', new.id, new.parent_id, new.task_list_id, 0, new.title, plotline_plain_text(new.description));
    end`,
    // Only the columns the index holds: status changes and reordering never touch it.
    `create trigger search_tasks_au after update of title, description, project_id, task_list_id, parent_id on tasks
    when old.title is not new.title or old.description is not new.description or old.project_id is not new.project_id
      or old.task_list_id is not new.task_list_id or old.parent_id is not new.parent_id begin
      update search_documents set kind = case when new.parent_id <> 0 then 'subtask' else 'task' end, project_id = new.project_id,
        parent_id = new.parent_id, parent_task_id = new.parent_id, list_id = new.task_list_id, title = new.title,
        body = plotline_plain_text(new.description)
        where record_id = new.id and kind in ('task', 'subtask');
      update search_documents set project_id = new.project_id, parent_task_id = new.parent_id, list_id = new.task_list_id
        where subject_type = 'task' and subject_id = new.id and kind = 'comment';
    end`,
    `create trigger search_tasks_ad after delete on tasks begin
      delete from search_documents where record_id = old.id and kind in ('task', 'subtask');
    end`,

    `create trigger search_task_lists_ai after insert on task_lists begin
      insert into search_documents (${COLUMNS}) values ('task_list', new.id, new.project_id, 0, 'task_list', new.id, 0, new.id, 0,
        new.title, plotline_plain_text(new.description));
    end`,
    `create trigger search_task_lists_au after update of title, description, project_id on task_lists
    when old.title is not new.title or old.description is not new.description or old.project_id is not new.project_id begin
      update search_documents set project_id = new.project_id, title = new.title, body = plotline_plain_text(new.description)
        where record_id = new.id and kind = 'task_list';
    end`,
    `create trigger search_task_lists_ad after delete on task_lists begin
      delete from search_documents where record_id = old.id and kind = 'task_list';
    end`,

    ...simpleSqliteTriggers("milestones", "milestone"),
    ...simpleSqliteTriggers("discussions", "discussion_board"),

    `create trigger search_projects_ai after insert on projects begin
      insert into search_documents (${COLUMNS}) values ('project', new.id, new.id, 0, 'project', new.id, 0, 0, 0,
        new.title, plotline_plain_text(new.description));
    end`,
    `create trigger search_projects_au after update of title, description on projects
    when old.title is not new.title or old.description is not new.description begin
      update search_documents set title = new.title, body = plotline_plain_text(new.description) where record_id = new.id and kind = 'project';
    end`,
    // The project's records go by cascade (each with its own trigger); this also sweeps anything left.
    `create trigger search_projects_ad after delete on projects begin
      delete from search_documents where project_id = old.id;
    end`,

    `create trigger search_comments_ai after insert on comments begin
      insert into search_documents (${COLUMNS}) values ('comment', new.id, new.project_id, new.commentable_id,
        new.commentable_type, new.commentable_id,
        case when new.commentable_type = 'task' then coalesce((select parent_id from tasks where id = new.commentable_id), 0) else 0 end,
        case when new.commentable_type = 'task' then coalesce((select task_list_id from tasks where id = new.commentable_id), 0)
          when new.commentable_type = 'task_list' then new.commentable_id else 0 end,
        case when new.commentable_type = 'file' then coalesce((select parent_id from project_files where id = new.commentable_id), 0) else 0 end,
        '', plotline_plain_text(new.content));
    end`,
    `create trigger search_comments_au after update of content on comments when old.content is not new.content begin
      update search_documents set body = plotline_plain_text(new.content) where record_id = new.id and kind = 'comment';
    end`,
    `create trigger search_comments_ad after delete on comments begin
      delete from search_documents where record_id = old.id and kind = 'comment';
    end`,

    `create trigger search_files_ai after insert on project_files when new.type = 'doc' begin
      insert into search_documents (${COLUMNS}) values ('doc', new.id, new.project_id, new.parent_id, 'file', new.id, 0, 0, new.parent_id,
        new.title, plotline_plain_text(new.description));
    end`,
    `create trigger search_files_au after update of title, description, parent_id, project_id on project_files
    when old.title is not new.title or old.description is not new.description or old.parent_id is not new.parent_id
      or old.project_id is not new.project_id begin
      update search_documents set project_id = new.project_id, parent_id = new.parent_id, folder_id = new.parent_id, title = new.title,
        body = plotline_plain_text(new.description)
        where record_id = new.id and kind = 'doc';
      update search_documents set folder_id = new.parent_id where subject_type = 'file' and subject_id = new.id and kind = 'comment';
    end`,
    `create trigger search_files_ad after delete on project_files when old.type = 'doc' begin
      delete from search_documents where record_id = old.id and kind = 'doc';
    end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** Triggers of a table whose records are their own privacy subject: milestones, discussions. */
function simpleSqliteTriggers(table: string, kind: string): string[] {
  return [
    `create trigger search_${table}_ai after insert on ${table} begin
      insert into search_documents (${COLUMNS}) values ('${kind}', new.id, new.project_id, 0, '${kind}', new.id, 0, 0, 0,
        new.title, plotline_plain_text(new.description));
    end`,
    `create trigger search_${table}_au after update of title, description, project_id on ${table}
    when old.title is not new.title or old.description is not new.description or old.project_id is not new.project_id begin
      update search_documents set project_id = new.project_id, title = new.title, body = plotline_plain_text(new.description)
        where record_id = new.id and kind = '${kind}';
    end`,
    `create trigger search_${table}_ad after delete on ${table} begin
      delete from search_documents where record_id = old.id and kind = '${kind}';
    end`,
  ];
}

// ---------------------------------------------------------------------------------------------------------
// PostgreSQL

// Serialises the creation of pg_trgm between migrations running at once (the test suite's schemas).
const TRGM_LOCK_KEY = 80_080_008;

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`alter table search_documents add column tsv tsvector generated always as
    (setweight(to_tsvector('simple'::regconfig, title), 'A') || setweight(to_tsvector('simple'::regconfig, body), 'B')) stored`).execute(db);
  // New GIN entries wait in a pending list that every search reads from start to end until it is merged
  // into the index (by a vacuum, or when it outgrows its limit). At the default 4 MB limit a search over
  // freshly written rows took ten times longer; at 64 kB searches stay fast and bulk copies keep most of
  // the batching (with the list switched off, a 1,000-task copy took 50% longer).
  await sql`create index search_documents_tsv_idx on search_documents using gin (tsv) with (gin_pending_list_limit = 64)`.execute(db);
  const trgmSchema = await ensurePgTrgm(db);
  // Without pg_trgm, partial-word matches still work (plain LIKE), only unindexed.
  if (trgmSchema) {
    await sql`create index search_documents_title_trgm_idx on search_documents using gin (lower(title) ${sql.id(trgmSchema, "gin_trgm_ops")})
      with (gin_pending_list_limit = 64)`.execute(db);
  }

  // The same steps as plainTextOfHtml in db/sqlite-functions.ts.
  await sql.raw(`create or replace function plotline_plain_text(html text) returns text language sql immutable as $fn$
    select btrim(regexp_replace(
      replace(replace(replace(replace(replace(replace(replace(
        regexp_replace(
          regexp_replace(coalesce(html, ''), '</?(p|br|hr|h[1-6]|blockquote|pre|li|ul|ol|table|thead|tbody|tr|th|td|div)(\\s[^>]*)?/?>', ' ', 'gi'),
          '<[^>]*>', '', 'g'),
        '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&#x27;', ''''), '&amp;', '&'),
      '\\s+', ' ', 'g'))
  $fn$`).execute(db);

  const functions = [
    `create or replace function search_index_task() returns trigger language plpgsql as $fn$
    begin
      if tg_op = 'DELETE' then
        delete from search_documents where record_id = old.id and kind in ('task', 'subtask');
        return old;
      elsif tg_op = 'INSERT' then
        insert into search_documents (${COLUMNS}) values (case when new.parent_id <> 0 then 'subtask' else 'task' end, new.id,
          new.project_id, new.parent_id, 'task', new.id, new.parent_id, new.task_list_id, 0, new.title, plotline_plain_text(new.description));
        return new;
      end if;
      update search_documents set kind = case when new.parent_id <> 0 then 'subtask' else 'task' end, project_id = new.project_id,
        parent_id = new.parent_id, parent_task_id = new.parent_id, list_id = new.task_list_id, title = new.title,
        body = plotline_plain_text(new.description)
        where record_id = new.id and kind in ('task', 'subtask');
      update search_documents set project_id = new.project_id, parent_task_id = new.parent_id, list_id = new.task_list_id
        where subject_type = 'task' and subject_id = new.id and kind = 'comment';
      return new;
    end $fn$`,
    `create trigger search_tasks_aid after insert or delete on tasks for each row execute function search_index_task()`,
    `create trigger search_tasks_au after update of title, description, project_id, task_list_id, parent_id on tasks for each row
      when (old.title is distinct from new.title or old.description is distinct from new.description or old.project_id is distinct from new.project_id
        or old.task_list_id is distinct from new.task_list_id or old.parent_id is distinct from new.parent_id)
      execute function search_index_task()`,

    `create or replace function search_index_task_list() returns trigger language plpgsql as $fn$
    begin
      if tg_op = 'DELETE' then
        delete from search_documents where record_id = old.id and kind = 'task_list';
        return old;
      elsif tg_op = 'INSERT' then
        insert into search_documents (${COLUMNS}) values ('task_list', new.id, new.project_id, 0, 'task_list', new.id, 0, new.id, 0,
          new.title, plotline_plain_text(new.description));
        return new;
      end if;
      update search_documents set project_id = new.project_id, title = new.title, body = plotline_plain_text(new.description)
        where record_id = new.id and kind = 'task_list';
      return new;
    end $fn$`,
    `create trigger search_task_lists_aid after insert or delete on task_lists for each row execute function search_index_task_list()`,
    `create trigger search_task_lists_au after update of title, description, project_id on task_lists for each row
      when (old.title is distinct from new.title or old.description is distinct from new.description or old.project_id is distinct from new.project_id)
      execute function search_index_task_list()`,

    ...simplePgTriggers("milestones", "milestone"),
    ...simplePgTriggers("discussions", "discussion_board"),

    `create or replace function search_index_project() returns trigger language plpgsql as $fn$
    begin
      if tg_op = 'DELETE' then
        delete from search_documents where project_id = old.id;
        return old;
      elsif tg_op = 'INSERT' then
        insert into search_documents (${COLUMNS}) values ('project', new.id, new.id, 0, 'project', new.id, 0, 0, 0,
          new.title, plotline_plain_text(new.description));
        return new;
      end if;
      update search_documents set title = new.title, body = plotline_plain_text(new.description) where record_id = new.id and kind = 'project';
      return new;
    end $fn$`,
    `create trigger search_projects_aid after insert or delete on projects for each row execute function search_index_project()`,
    `create trigger search_projects_au after update of title, description on projects for each row
      when (old.title is distinct from new.title or old.description is distinct from new.description)
      execute function search_index_project()`,

    `create or replace function search_index_comment() returns trigger language plpgsql as $fn$
    begin
      if tg_op = 'DELETE' then
        delete from search_documents where record_id = old.id and kind = 'comment';
        return old;
      elsif tg_op = 'INSERT' then
        insert into search_documents (${COLUMNS}) values ('comment', new.id, new.project_id, new.commentable_id,
          new.commentable_type, new.commentable_id,
          case when new.commentable_type = 'task' then coalesce((select parent_id from tasks where id = new.commentable_id), 0) else 0 end,
          case when new.commentable_type = 'task' then coalesce((select task_list_id from tasks where id = new.commentable_id), 0)
            when new.commentable_type = 'task_list' then new.commentable_id else 0 end,
          case when new.commentable_type = 'file' then coalesce((select parent_id from project_files where id = new.commentable_id), 0) else 0 end,
          '', plotline_plain_text(new.content));
        return new;
      end if;
      update search_documents set body = plotline_plain_text(new.content) where record_id = new.id and kind = 'comment';
      return new;
    end $fn$`,
    `create trigger search_comments_aid after insert or delete on comments for each row execute function search_index_comment()`,
    `create trigger search_comments_au after update of content on comments for each row
      when (old.content is distinct from new.content) execute function search_index_comment()`,

    `create or replace function search_index_file() returns trigger language plpgsql as $fn$
    begin
      if tg_op = 'DELETE' then
        delete from search_documents where record_id = old.id and kind = 'doc';
        return old;
      elsif tg_op = 'INSERT' then
        insert into search_documents (${COLUMNS}) values ('doc', new.id, new.project_id, new.parent_id, 'file', new.id, 0, 0, new.parent_id,
          new.title, plotline_plain_text(new.description));
        return new;
      end if;
      update search_documents set project_id = new.project_id, parent_id = new.parent_id, folder_id = new.parent_id, title = new.title,
        body = plotline_plain_text(new.description)
        where record_id = new.id and kind = 'doc';
      update search_documents set folder_id = new.parent_id where subject_type = 'file' and subject_id = new.id and kind = 'comment';
      return new;
    end $fn$`,
    `create trigger search_files_ai after insert on project_files for each row when (new.type = 'doc') execute function search_index_file()`,
    `create trigger search_files_ad after delete on project_files for each row when (old.type = 'doc') execute function search_index_file()`,
    `create trigger search_files_au after update of title, description, parent_id, project_id on project_files for each row
      when (old.title is distinct from new.title or old.description is distinct from new.description or old.parent_id is distinct from new.parent_id
        or old.project_id is distinct from new.project_id)
      execute function search_index_file()`,
  ];
  for (const statement of functions) await sql.raw(statement).execute(db);
}

/** Trigger function and triggers of a table whose records are their own privacy subject. */
function simplePgTriggers(table: string, kind: string): string[] {
  return [
    `create or replace function search_index_${table}() returns trigger language plpgsql as $fn$
    begin
      if tg_op = 'DELETE' then
        delete from search_documents where record_id = old.id and kind = '${kind}';
        return old;
      elsif tg_op = 'INSERT' then
        insert into search_documents (${COLUMNS}) values ('${kind}', new.id, new.project_id, 0, '${kind}', new.id, 0, 0, 0,
          new.title, plotline_plain_text(new.description));
        return new;
      end if;
      update search_documents set project_id = new.project_id, title = new.title, body = plotline_plain_text(new.description)
        where record_id = new.id and kind = '${kind}';
      return new;
    end $fn$`,
    `create trigger search_${table}_aid after insert or delete on ${table} for each row execute function search_index_${table}()`,
    `create trigger search_${table}_au after update of title, description, project_id on ${table} for each row
      when (old.title is distinct from new.title or old.description is distinct from new.description or old.project_id is distinct from new.project_id)
      execute function search_index_${table}()`,
  ];
}

/**
 * Makes pg_trgm available and returns the schema it lives in, or null when this database user may not
 * create it. It goes into `public` (shared by every schema of the database, as the test suite's per-test
 * schemas need) and is referred to by that schema, since `public` need not be on the search path.
 */
async function ensurePgTrgm(db: Kysely<unknown>): Promise<string | null> {
  const find = async () =>
    (await sql<{ schema: string }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname = 'pg_trgm'`.execute(db)).rows[0]?.schema ?? null;
  const existing = await find();
  if (existing) return existing;
  await sql`select pg_advisory_xact_lock(${TRGM_LOCK_KEY})`.execute(db);
  // The migration runs in a transaction: a savepoint keeps a refusal from aborting it.
  await sql`savepoint plotline_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`release savepoint plotline_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint plotline_trgm`.execute(db);
  }
  return find();
}

// ---------------------------------------------------------------------------------------------------------
// Both

/** Indexes what exists already; the triggers keep it in step from here on. */
async function backfill(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `insert into search_documents (${COLUMNS}) select case when parent_id <> 0 then 'subtask' else 'task' end, id, project_id, parent_id,
      'task', id, parent_id, task_list_id, 0, title, plotline_plain_text(description) from tasks`,
    `insert into search_documents (${COLUMNS}) select 'task_list', id, project_id, 0, 'task_list', id, 0, id, 0, title,
      plotline_plain_text(description) from task_lists`,
    `insert into search_documents (${COLUMNS}) select 'milestone', id, project_id, 0, 'milestone', id, 0, 0, 0, title,
      plotline_plain_text(description) from milestones`,
    `insert into search_documents (${COLUMNS}) select 'discussion_board', id, project_id, 0, 'discussion_board', id, 0, 0, 0, title,
      plotline_plain_text(description) from discussions`,
    `insert into search_documents (${COLUMNS}) select 'project', id, id, 0, 'project', id, 0, 0, 0, title, plotline_plain_text(description)
      from projects`,
    `insert into search_documents (${COLUMNS}) select 'comment', c.id, c.project_id, c.commentable_id, c.commentable_type, c.commentable_id,
      coalesce(t.parent_id, 0),
      case when c.commentable_type = 'task' then coalesce(t.task_list_id, 0) when c.commentable_type = 'task_list' then c.commentable_id else 0 end,
      coalesce(f.parent_id, 0), '', plotline_plain_text(c.content)
      from comments c
      left join tasks t on c.commentable_type = 'task' and t.id = c.commentable_id
      left join project_files f on c.commentable_type = 'file' and f.id = c.commentable_id`,
    `insert into search_documents (${COLUMNS}) select 'doc', id, project_id, parent_id, 'file', id, 0, 0, parent_id, title,
      plotline_plain_text(description) from project_files where type = 'doc'`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

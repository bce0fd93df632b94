import { sql, type Kysely, type RawBuilder } from "kysely";
import type { DatabaseKind } from "../../db/kysely.js";
import type { Database } from "../../db/schema.js";
import { hiddenFolderIds, hiddenRecordIds } from "../privacy/privacy.filters.js";
import type { ViewScope } from "../privacy/privacy.rules.js";
import { fts5Query, fts5TitleQuery, likePattern, trigramQuery, tsQuery, tsTitleQuery, type ParsedQuery } from "./search.text.js";
import { tasksWithTextValue } from "../custom-fields/custom-fields.filters.js";

/** Kinds of rows in search_documents (migration 0008-search). */
export type DocumentKind = "task" | "subtask" | "task_list" | "discussion_board" | "milestone" | "comment" | "doc" | "project";

/** Which documents a search may return. */
export interface SearchFilter {
  kinds: readonly DocumentKind[];
  /** Projects searched; null for every project (a site manager). Never empty. */
  projectIds: readonly number[] | null;
  /** The searched projects grouped by the reader's privacy view of them; empty when nothing is hidden (site managers). */
  scopes: readonly ViewScope[];
  /** Leave out comments on project files (the files module is off). */
  withoutFileComments: boolean;
  /** Partial hits also take tasks whose custom field texts hold the phrase (the custom-fields module is on). */
  withCustomFields?: boolean;
}

/** One ranked hit with what its result shows. */
export interface SearchHitRow {
  id: number;
  kind: DocumentKind;
  record_id: number;
  project_id: number;
  parent_id: number;
  subject_type: string;
  subject_id: number;
  folder_id: number;
  title: string;
  body: string;
  project_title: string;
  project_status: string;
  task_status: number | null;
  task_title: string | null;
  parent_task_title: string | null;
  list_status: number | null;
  list_title: string | null;
  milestone_status: number | null;
  milestone_title: string | null;
  discussion_title: string | null;
  file_title: string | null;
  file_type: string | null;
  folder_title: string | null;
}

/**
 * Which matches a query asks for: `words` (each word the start of a word, ranked) or `partial` (the
 * whole query inside a title, the matches that are not word matches; they rank after every word match).
 */
export type Branch = "words" | "partial";

/** Ranked full-text search over search_documents, on SQLite (FTS5) or PostgreSQL (tsvector, pg_trgm). */
export function searchRepository(db: Kysely<Database>, kind: DatabaseKind) {
  /**
   * Membership, kinds and privacy as SQL on the document `d`: privacy is read from the source tables, so a
   * record made private a moment ago is hidden at once. The privacy module gives each hidden set as one
   * uncorrelated subquery; the document says which records it stands for (its subject, parent task, list
   * and folder).
   */
  function conditions(filter: SearchFilter): RawBuilder<boolean> {
    const parts: RawBuilder<unknown>[] = [sql`d.kind in (${sql.join([...filter.kinds])})`];
    if (filter.projectIds) parts.push(sql`d.project_id in (${sql.join([...filter.projectIds])})`);
    if (filter.withoutFileComments) parts.push(sql`not (d.kind = 'comment' and d.subject_type = 'file')`);
    const hiddenSubject = (subjectType: string, ids: RawBuilder<number> | null) => {
      if (ids) parts.push(sql`not (d.subject_type = ${sql.lit(subjectType)} and d.subject_id in ${ids})`);
    };
    const hiddenTasks = hiddenRecordIds(filter.scopes, "task");
    hiddenSubject("task", hiddenTasks);
    // A sub-task (and a comment on one) is hidden with its private parent.
    if (hiddenTasks) parts.push(sql`d.parent_task_id not in ${hiddenTasks}`);
    const hiddenLists = hiddenRecordIds(filter.scopes, "task_list");
    if (hiddenLists) parts.push(sql`d.list_id not in ${hiddenLists}`);
    hiddenSubject("milestone", hiddenRecordIds(filter.scopes, "milestone"));
    hiddenSubject("discussion_board", hiddenRecordIds(filter.scopes, "discussion"));
    hiddenSubject("file", hiddenRecordIds(filter.scopes, "file"));
    const hiddenFolders = hiddenFolderIds(filter.scopes);
    if (hiddenFolders) parts.push(sql`d.folder_id not in ${hiddenFolders}`);
    return sql<boolean>`${sql.join(parts, sql` and `)}`;
  }

  /**
   * The documents one branch matches that the reader may see, as `(doc_id, tier, score)`: lower tiers, then
   * lower scores, rank first.
   *
   * - `words`: every word as a prefix. Tier 0 holds the documents whose title has every word, tier 1 the
   *   rest, so a title match always ranks above a body match (by bm25 alone, a body repeating the word
   *   beats a long title saying it once). Within a tier SQLite ranks by bm25 over FTS5 with titles
   *   weighing ten times the body, PostgreSQL by ts_rank over the tsvector (titles weight A, bodies B).
   * - `partial`: the whole phrase inside a title (trigrams), leaving out word hits.
   */
  function matches(query: ParsedQuery, filter: SearchFilter, branch: Branch, ranked: boolean): RawBuilder<unknown> {
    const words = fts5Query(query.words);
    const hasWords = query.words.length > 0;
    if (kind === "sqlite") {
      let source: RawBuilder<unknown>;
      if (branch === "words") {
        const tier = ranked
          ? sql`case when rowid in (select rowid from search_fts where search_fts match ${fts5TitleQuery(query.words)}) then 0 else 1 end`
          : sql`0`;
        const score = ranked ? sql`bm25(search_fts, 10.0, 1.0)` : sql`0`;
        source = sql`select rowid as doc_id, ${tier} as tier, ${score} as score from search_fts where search_fts match ${words}`;
      } else {
        const notWordHits = hasWords ? sql` and rowid not in (select rowid from search_fts where search_fts match ${words})` : sql``;
        source = sql`select rowid as doc_id, 0 as tier, 0 as score from search_trigram where search_trigram match ${trigramQuery(query.phrase)}${notWordHits}`;
        if (filter.withCustomFields) {
          // Tasks whose custom field texts hold the phrase match as partial hits too (custom-fields module).
          const notWords = hasWords ? sql` and f.id not in (select rowid from search_fts where search_fts match ${words})` : sql``;
          source = sql`${source} union select f.id as doc_id, 0 as tier, 0 as score from search_documents f
            where f.kind in ('task', 'subtask') and f.record_id in ${tasksWithTextValue(query.phrase)}${notWords}`;
        }
      }
      return sql`select h.doc_id, h.tier, h.score from (${source}) h join search_documents d on d.id = h.doc_id where ${conditions(filter)}`;
    }
    const tsquery = sql`to_tsquery('simple', ${tsQuery(query.words)})`;
    if (branch === "words") {
      const tier = ranked ? sql`case when d.tsv @@ to_tsquery('simple', ${tsTitleQuery(query.words)}) then 0 else 1 end` : sql`0`;
      const score = ranked ? sql`-ts_rank(d.tsv, ${tsquery})` : sql`0`;
      return sql`select d.id as doc_id, ${tier} as tier, ${score} as score from search_documents d where d.tsv @@ ${tsquery} and ${conditions(filter)}`;
    }
    const notWordHits = hasWords ? sql` and not (d.tsv @@ ${tsquery})` : sql``;
    const inFields = filter.withCustomFields
      ? sql` or (d.kind in ('task', 'subtask') and d.record_id in ${tasksWithTextValue(query.phrase)})`
      : sql``;
    return sql`select d.id as doc_id, 0 as tier, 0 as score from search_documents d
      where (lower(d.title) like ${likePattern(query.phrase)} escape '\\'${inFields})${notWordHits} and ${conditions(filter)}`;
  }

  return {
    /**
     * One page of a branch's hits in rank order (ties newest first), with the titles, statuses and project
     * each result shows, in one statement: the page of ids is picked first (sorting thousands of matches
     * never carries their text), then joined to the records it points at.
     */
    async findHits(query: ParsedQuery, filter: SearchFilter, branch: Branch, limit: number, offset: number): Promise<SearchHitRow[]> {
      const { rows } = await sql<SearchHitRow>`
        select r.id, r.kind, r.record_id, r.project_id, r.parent_id, r.subject_type, r.subject_id, r.folder_id, r.title, r.body,
          p.title as project_title, p.status as project_status,
          t.status as task_status, t.title as task_title, pt.title as parent_task_title,
          l.status as list_status, l.title as list_title,
          m.status as milestone_status, m.title as milestone_title,
          b.title as discussion_title,
          f.title as file_title, f.type as file_type, fo.title as folder_title
        from (select hit.doc_id, hit.tier, hit.score from (${matches(query, filter, branch, true)}) hit
          order by hit.tier, hit.score, hit.doc_id desc limit ${limit} offset ${offset}) page
        join search_documents r on r.id = page.doc_id
        join projects p on p.id = r.project_id
        left join tasks t on r.subject_type = 'task' and t.id = r.subject_id
        left join tasks pt on r.parent_task_id <> 0 and pt.id = r.parent_task_id
        left join task_lists l on r.subject_type = 'task_list' and l.id = r.subject_id
        left join milestones m on r.subject_type = 'milestone' and m.id = r.subject_id
        left join discussions b on r.subject_type = 'discussion_board' and b.id = r.subject_id
        left join project_files f on r.subject_type = 'file' and f.id = r.subject_id
        left join project_files fo on r.folder_id <> 0 and fo.id = r.folder_id
        order by page.tier, page.score, page.doc_id desc`.execute(db);
      return rows.map((row) => ({ ...row, id: Number(row.id), record_id: Number(row.record_id), project_id: Number(row.project_id) }));
    },

    /** How many documents a branch matches, counting no further than `cap`. */
    async countHits(query: ParsedQuery, filter: SearchFilter, branch: Branch, cap: number): Promise<number> {
      const { rows } = await sql<{ total: number | string }>`
        select count(*) as total from (${matches(query, filter, branch, false)} limit ${cap}) capped`.execute(db);
      return Number(rows[0]?.total ?? 0);
    },
  };
}

export type SearchRepository = ReturnType<typeof searchRepository>;

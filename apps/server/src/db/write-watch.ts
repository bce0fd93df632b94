import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from "kysely";

/** Stands for "some table": a statement whose written table cannot be read from its text (DDL, a CTE). */
export const ANY_TABLE = "*";

/** Told, after each commit that wrote, which tables it wrote. */
export type CommittedWritesListener = (tables: ReadonlySet<string>) => Promise<void> | void;

/**
 * Which tables each committed change wrote, for caches that must never serve what a change replaced. A
 * statement outside a transaction is reported once it has run; a transaction's statements once it has
 * committed (a rolled-back one, never), and the commit's caller waits for every listener: a change is
 * answered only after every cache built from the old rows has been told.
 */
export interface WriteWatch {
  /** Adds a listener; the returned function removes it. */
  onCommit(listener: CommittedWritesListener): () => void;
}

// `insert into "tasks"`, `insert or replace into tasks`, `update "tasks"`, `delete from "s"."tasks"`:
// the table a statement writes, quoted or not, with or without a schema.
const WRITE_STATEMENT = /^\s*(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+(?:"?\w+"?\s*\.\s*)?"?(\w+)"?/i;
// Statements that may write without naming one table first: data-modifying CTEs and schema changes.
const OTHER_WRITE = /^\s*(?:with|create|drop|alter|truncate|merge)\b/i;

/** The table a statement writes, ANY_TABLE when it may write but does not say where, or null for a read. */
export function writtenTable(sqlText: string): string | null {
  const match = WRITE_STATEMENT.exec(sqlText);
  if (match?.[1]) return match[1].toLowerCase();
  return OTHER_WRITE.test(sqlText) ? ANY_TABLE : null;
}

class WatchedConnection implements DatabaseConnection {
  inTransaction = false;
  readonly written = new Set<string>();

  constructor(
    readonly inner: DatabaseConnection,
    private readonly notify: (tables: ReadonlySet<string>) => Promise<void>,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(compiledQuery);
    const table = writtenTable(compiledQuery.sql);
    if (table !== null) {
      if (this.inTransaction) this.written.add(table);
      else await this.notify(new Set([table]));
    }
    return result;
  }

  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiledQuery, chunkSize);
  }
}

class WatchingDriver implements Driver {
  private readonly wrappers = new WeakMap<DatabaseConnection, WatchedConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly notify: (tables: ReadonlySet<string>) => Promise<void>,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let wrapper = this.wrappers.get(connection);
    if (!wrapper) {
      wrapper = new WatchedConnection(connection, this.notify);
      this.wrappers.set(connection, wrapper);
    }
    return wrapper;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const watched = connection as WatchedConnection;
    await this.inner.beginTransaction(watched.inner, settings);
    watched.inTransaction = true;
    watched.written.clear();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    watched.inTransaction = false;
    await this.inner.commitTransaction(watched.inner);
    if (watched.written.size === 0) return;
    const tables = new Set(watched.written);
    watched.written.clear();
    await this.notify(tables);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    watched.inTransaction = false;
    watched.written.clear();
    await this.inner.rollbackTransaction(watched.inner);
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver["savepoint"]>>[2]): Promise<void> {
    if (!this.inner.savepoint) throw new Error("This database driver has no savepoints");
    await this.inner.savepoint((connection as WatchedConnection).inner, name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver["savepoint"]>>[2]): Promise<void> {
    if (!this.inner.rollbackToSavepoint) throw new Error("This database driver has no savepoints");
    // What the savepoint undid stays in `written`: telling caches of a table that did not change costs a reload.
    await this.inner.rollbackToSavepoint((connection as WatchedConnection).inner, name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver["savepoint"]>>[2]): Promise<void> {
    if (!this.inner.releaseSavepoint) throw new Error("This database driver has no savepoints");
    await this.inner.releaseSavepoint((connection as WatchedConnection).inner, name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    // A connection handed back mid-transaction (its holder failed) is rolled back by the pool or the
    // next begin; nothing it wrote was committed.
    watched.inTransaction = false;
    watched.written.clear();
    return this.inner.releaseConnection(watched.inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** Wraps a dialect so that every committed write is reported to the returned watch's listeners. */
export function watchWrites(dialect: Dialect): { dialect: Dialect; watch: WriteWatch } {
  const listeners = new Set<CommittedWritesListener>();
  const notify = async (tables: ReadonlySet<string>) => {
    for (const listener of listeners) await listener(tables);
  };
  const watched: Dialect = {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => new WatchingDriver(dialect.createDriver(), notify),
  };
  return {
    dialect: watched,
    watch: {
      onCommit(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  };
}

import { TransactionAbortedError, type PGlite, type Transaction } from '@electric-sql/pglite';
import {
  AbortedTransactionError,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';

/*
 * Kysely over embedded PGlite. Kysely ships this dialect from 0.29 on, which declares Node 22;
 * Rith stays on 0.28 while it runs on Node 20 (package.json's engines), so it has its own,
 * made to behave as 0.29's does. Once Node 20 is dropped, kysely's PGliteDialect replaces it.
 */

/** PGlite is one connection: Kysely's users take turns at it, as at SQLite's. */
class Turns {
  private held: Promise<void> | null = null;
  private release: (() => void) | null = null;

  async take(): Promise<void> {
    while (this.held) await this.held;
    this.held = new Promise((resolve) => (this.release = resolve));
  }

  give(): void {
    const release = this.release;
    this.held = null;
    this.release = null;
    release?.();
  }
}

class PGliteConnection implements DatabaseConnection {
  private tx: Transaction | null = null;
  private commit: (() => void) | null = null;
  private rollback: ((reason: unknown) => void) | null = null;
  private closed: Promise<void> | null = null;

  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { affectedRows, rows } = await (this.tx ?? this.pglite).query<R>(query.sql, [
      ...query.parameters,
    ]);
    return {
      numAffectedRows: affectedRows === undefined ? undefined : BigInt(affectedRows),
      rows,
    };
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream query results.');
  }

  /**
   * In PGlite's own transaction, which locks the instance: what else uses it (the readiness
   * ping, a dump) waits for the commit instead of running inside the transaction.
   */
  async begin(): Promise<void> {
    const ended = new Promise<void>((commit, rollback) => {
      this.commit = commit;
      this.rollback = rollback;
    });
    await new Promise<void>((begun, failed) => {
      this.closed = this.pglite.transaction(async (tx) => {
        this.tx = tx;
        begun();
        await ended;
      });
      this.closed.catch(failed);
    });
  }

  async commitTransaction(): Promise<void> {
    try {
      await this.finish(true);
    } catch (err) {
      // A statement had failed, so COMMIT rolled back: Kysely then does not roll back again.
      throw err instanceof TransactionAbortedError ? new AbortedTransactionError() : err;
    }
  }

  async rollbackTransaction(): Promise<void> {
    // PGlite rethrows the reason finish() rolled back with: nothing failed.
    await this.finish(false)?.catch(() => {});
  }

  /** Lets the transaction's callback return (commit) or throw (roll back); PGlite ends it. */
  private finish(commit: boolean): Promise<void> | null {
    const closed = this.closed;
    if (commit) this.commit?.();
    else this.rollback?.(new Error('rolled back'));
    this.tx = this.commit = this.rollback = this.closed = null;
    return closed;
  }
}

class PGliteDriver implements Driver {
  private readonly turns = new Turns();
  private readonly connection: PGliteConnection;

  constructor(private readonly pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.turns.take();
    return this.connection;
  }

  async releaseConnection(): Promise<void> {
    this.turns.give();
  }

  beginTransaction(): Promise<void> {
    return this.connection.begin();
  }

  commitTransaction(): Promise<void> {
    return this.connection.commitTransaction();
  }

  rollbackTransaction(): Promise<void> {
    return this.connection.rollbackTransaction();
  }

  /** Closes the PGlite instance too, as Kysely's own PGlite driver does. */
  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

/** The one connection is the migrations' for the whole run: no other can race them. */
class PGliteAdapter extends PostgresAdapter {
  override async acquireMigrationLock(): Promise<void> {}
  override async releaseMigrationLock(): Promise<void> {}
}

export class PGliteDialect implements Dialect {
  constructor(private readonly config: { pglite: PGlite }) {}

  createAdapter() {
    return new PGliteAdapter();
  }

  createDriver() {
    return new PGliteDriver(this.config.pglite);
  }

  createIntrospector(db: Parameters<Dialect['createIntrospector']>[0]) {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

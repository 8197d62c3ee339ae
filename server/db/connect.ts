import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import type { DatabaseConfig } from '../config.ts';
import type { Database } from './types.ts';
import { PGliteDialect } from './pglite.ts';
import { prepareDataDir } from './template.ts';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseConfig['kind'];
  /** Answers once the database does (for /readyz): never queued behind busy requests. */
  ping(): Promise<void>;
  /** Embedded only: a gzipped copy of the whole database (test templates, backups). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** Embedded only: start from a dump of an already-migrated database (tests). */
  loadDataDir?: Blob;
  onPoolError?: (err: Error) => void;
}

const DATE_OID = 1082;
/** Connections to PostgreSQL per process. */
const POOL_SIZE = 10;
const keepDateText = (value: string) => value;

export async function connectDatabase(
  config: DatabaseConfig,
  options: ConnectOptions = {},
): Promise<DatabaseHandle> {
  const plugins = [new CamelCasePlugin()];
  if (config.kind === 'pglite') {
    if (config.dataDir) await prepareDataDir(config.dataDir);
    const pglite = await PGlite.create({
      ...(config.dataDir ? { dataDir: config.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      parsers: { [DATE_OID]: keepDateText },
    });
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), plugins });
    return {
      db,
      kind: 'pglite',
      ping: async () => {
        await pglite.query('select 1');
      },
      dumpDataDir: () => pglite.dumpDataDir('gzip'),
      // The PGlite driver (pglite.ts) closes the PGlite instance on destroy.
      close: () => db.destroy(),
    };
  }

  // pg is loaded only for PostgreSQL: an embedded start-up does not wait for it.
  const [{ default: pg }, { poolProbe }] = await Promise.all([import('pg'), import('./probe.ts')]);
  const pool = new pg.Pool({
    connectionString: config.url,
    max: POOL_SIZE,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === DATE_OID
          ? keepDateText
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its connection emits 'error' on the pool; unhandled, it would
  // crash the process. The pool replaces the client on the next query.
  pool.on('error', (err) => options.onPoolError?.(err));
  // A client checked out (inside a transaction, say) that loses its connection between two
  // queries emits 'error' on itself, not on the pool: pg_terminate_backend or a failover
  // would end the process. The query in flight, or the next, fails and the pool drops it.
  pool.on('connect', (client) => client.on('error', (err) => options.onPoolError?.(err)));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
  const probe = poolProbe(pool, config.url, POOL_SIZE);
  return {
    db,
    kind: 'postgres',
    ping: probe.ping,
    async close() {
      await probe.close();
      await db.destroy();
    },
  };
}

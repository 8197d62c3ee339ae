// Run by scripts/build-server.mjs after it compiles: an embedded database, migrated and
// holding the price plans, dumped to dist/pglite-template.tar.gz. A new data directory
// starts from it (server/db/template.ts) instead of PostgreSQL's initdb and every migration:
// `npm start` on a new install answers in about a second rather than four.
import fs from 'node:fs/promises';
import { connectDatabase } from '../server/db/connect.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { ensurePricePlans } from '../server/pricing/plans.ts';
import { TEMPLATE_FILE } from '../server/db/template.ts';

const database = await connectDatabase({ kind: 'pglite', dataDir: undefined });
try {
  await migrateToLatest(database.db);
  await ensurePricePlans(database.db);
  const dump = await database.dumpDataDir!();
  await fs.writeFile(TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
} finally {
  await database.close();
}

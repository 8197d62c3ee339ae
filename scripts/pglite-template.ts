// Run by scripts/build-server.mjs after it compiles: an embedded database, migrated and
// holding the price plans, left in dist/pglite-template/. A new data directory starts as a
// copy of it (server/db/template.ts) instead of PostgreSQL's initdb and every migration,
// which `npm start` on a new install would otherwise wait for.
import fs from 'node:fs/promises';
import path from 'node:path';
import { connectDatabase } from '../server/db/connect.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { ensurePricePlans } from '../server/pricing/plans.ts';
import { TEMPLATE_DIR } from '../server/db/template.ts';

// Made beside it and renamed into place: an interrupted build leaves no half template, and
// with no template in place, the database here is made by initdb, not copied.
const staging = `${TEMPLATE_DIR}.new`;
await fs.rm(TEMPLATE_DIR, { recursive: true, force: true });
await fs.rm(staging, { recursive: true, force: true });
const database = await connectDatabase({ kind: 'pglite', dataDir: staging });
try {
  await migrateToLatest(database.db);
  await ensurePricePlans(database.db);
} finally {
  await database.close();
}
// An embedded database is one club's meets: 16 MB of shared buffers hold it. PostgreSQL's
// 128 MB cost every start ~0.15 s to set up and ~140 MB of memory. The later line wins.
await fs.appendFile(
  path.join(staging, 'postgresql.conf'),
  '\n# Rith (scripts/pglite-template.ts): sized for one club.\nshared_buffers = 16MB\n',
);
// Readable by whoever runs the server, which copies it (the image is built as root and runs
// as `node`): PGlite leaves some files readable by their owner only.
for (const entry of await fs.readdir(staging, { recursive: true, withFileTypes: true })) {
  await fs.chmod(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o755 : 0o644);
}
await fs.rename(staging, TEMPLATE_DIR);

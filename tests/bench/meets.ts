// npm run bench:meets
//
// How much of each test meet (tests/fixtures/meets: real FinishLynx output and meets built in
// the shapes real timing rooms write) reaches spectators with no edit: each meet's first
// scenario is uploaded through the HTTP API, on the embedded database with jobs in-process as
// `npm start` runs them, and the public site is counted: events, heats, start-list and result
// rows, files refused, warnings, and the events an admin would still have to edit (imported,
// or round unknown). Also the time from the first upload sent to the last one published.
import { loadConfig } from '../../server/config.ts';
import { createRuntime } from '../../server/runtime.ts';
import { buildApp } from '../../server/app.ts';
import { ensurePricePlans } from '../../server/pricing/plans.ts';
import { registerProcessors } from '../../worker/processors.ts';
import { clubWithAdmin, loggedIn } from '../support/admin.ts';
import { createCompetition } from '../support/factory.ts';
import { meets, publicMeet, uploadBatches } from '../support/meets.ts';

const config = {
  ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
  database: { kind: 'pglite' as const, dataDir: undefined },
  redisUrl: undefined,
};
const quiet = { info() {}, warn() {}, error() {} };
const runtime = await createRuntime(config, quiet);
await ensurePricePlans(runtime.db);
const processors = await registerProcessors(runtime);
const app = await buildApp(runtime, { serveClient: false, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');
const url = `http://127.0.0.1:${address.port}`;

const { club, admin } = await clubWithAdmin(runtime.db);
const client = await loggedIn(url, admin.email);

const header = [
  'meet',
  'files',
  'events',
  'heats',
  'start-list rows',
  'result rows',
  'refused',
  'warnings',
  'edits needed',
  'ms',
];
const table: (string | number)[][] = [];
for (const meet of meets()) {
  const scenario = meet.scenarios[0]!;
  const competition = await createCompetition(runtime.db, club.uic);
  const started = performance.now();
  const uploads = await uploadBatches(client, competition.uic, meet.name, scenario.batches);
  const ms = Math.round(performance.now() - started);
  const events = await publicMeet(url, competition.uic);
  const reports = uploads.flatMap((u) => u.files);
  table.push([
    meet.name,
    scenario.batches.flat().length,
    events.length,
    events.filter((e) => e.heat !== null).length,
    events.reduce((n, e) => n + e.startListFile.length, 0),
    events.reduce((n, e) => n + e.results.length, 0),
    reports.filter((r) => r.outcome === 'refused').length,
    reports.reduce((n, r) => n + r.warnings.length, 0),
    events.filter((e) => e.status === 'imported' || e.round === 'unknown').length,
    ms,
  ]);
}

const widths = header.map((h, i) =>
  Math.max(h.length, ...table.map((row) => String(row[i]).length)),
);
const line = (cells: (string | number)[]) =>
  cells.map((cell, i) => String(cell).padStart(widths[i]!)).join('  ');
console.log(line(header));
for (const row of table) console.log(line(row));

await app.close();
await runtime.close();
await processors.close();

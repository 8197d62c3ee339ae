// npm run bench:ingest -- [--uploads 100] [--rows 40]
//
// 1. Parse throughput per format (rows per second), in this process, on generated files of
//    a few thousand rows: FinishLynx .lif, .lff and lynx.evt, the manual XLSX results
//    template, and meet-management XML.
// 2. Upload accepted -> change published, over BullMQ as deployed: an API node (this
//    process) on PostgreSQL and Redis, `npm run worker` in a process of its own, and a
//    spectator's Socket.IO client on the event. Each upload of a 40-row .lif is timed from
//    the API's 202 to the spectator receiving the published results; p50 and p99 printed.
//    Needs DATABASE_URL and REDIS_URL (defaults: the local services).
import { fork } from 'node:child_process';
import { parseArgs } from 'node:util';
import * as XLSX from 'xlsx';
import { loadConfig } from '../../server/config.ts';
import { createRuntime } from '../../server/runtime.ts';
import { buildApp } from '../../server/app.ts';
import { ensurePricePlans } from '../../server/pricing/plans.ts';
import { parseUpload, type ParseJob } from '../../server/parsers/upload.ts';
import type { UploadFormat } from '../../shared/uploadRules.ts';
import { clubWithAdmin, loggedIn } from '../support/admin.ts';
import { createCompetition, createEvent } from '../support/factory.ts';
import { Spectator } from '../support/spectator.ts';
import { accepted, sendUpload } from '../support/uploads.ts';

const { values } = parseArgs({
  options: {
    uploads: { type: 'string', default: '100' },
    rows: { type: 'string', default: '40' },
  },
});
const uploads = Number(values.uploads);
const uploadRows = Number(values.rows);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const enc = (lines: string[]) => new TextEncoder().encode(lines.join('\r\n') + '\r\n');
const time = (i: number) => `${10 + Math.floor(i / 1000)}.${String(i % 1000).padStart(3, '0')}`;

function lif(rows: number, heat = 1) {
  const lines = [`1,1,${heat},Men 100 Meter Dash,+1.2,M/S,,,,100,13:00:00.0000`];
  for (let i = 1; i <= rows; i++) {
    lines.push(
      `${i},${100 + i},${(i % 8) + 1},Runner${i},Sean,Club ${i % 30},${time(i)},,${time(i)},,,13:00:00.000,M`,
    );
  }
  return enc(lines);
}
function lff(rows: number) {
  const lines = ['35,1,1,Women Long Jump,metric,'];
  for (let i = 1; i <= rows; i++) {
    lines.push(
      `${i},${100 + i},${i},${i},Jumper${i},Aoife,"Club",6.01,+1.2,F,-0.3,5.98,+0.4,6.10,+1.1,6.02,+0.0,5.99,-0.2`,
    );
  }
  return enc(lines);
}
function evt(rows: number) {
  const lines: string[] = [];
  for (let heat = 1; heat <= rows / 10; heat++) {
    lines.push(`1,1,${heat},Men 100 Meter Dash,,,,,,100`);
    for (let i = 1; i <= 10; i++) lines.push(`,${heat * 100 + i},${i},Runner${i},Sean,Club`);
  }
  return enc(lines);
}
function xlsx(rows: number) {
  const sheet = [
    [
      'Bib',
      'Rank',
      'Lane',
      'First Name',
      'Last Name',
      'Club',
      'Gender',
      'Result',
      'Reaction Time',
      'Windspeed',
    ],
  ];
  for (let i = 1; i <= rows; i++) {
    sheet.push([
      String(100 + i),
      String(i),
      String((i % 8) + 1),
      'Sean',
      `Runner${i}`,
      'Club',
      'M',
      time(i),
      '0.151',
      '+1.2',
    ]);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet), 'Results');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}
function xml(rows: number) {
  const parts = [
    '<?xml version="1.0"?><results><event name="Men 100 Meter Dash" round="Final" heat="1" wind="+1.2">',
  ];
  for (let i = 1; i <= rows; i++) {
    parts.push(
      `<competitor place="${i}" bib="${100 + i}" lane="${(i % 8) + 1}" firstName="Sean" lastName="Runner${i}" club="Club" time="${time(i)}"/>`,
    );
  }
  parts.push('</event></results>');
  return new TextEncoder().encode(parts.join(''));
}

function throughput(
  format: UploadFormat,
  target: ParseJob['target'],
  bytes: Uint8Array,
  rows: number,
) {
  const job: ParseJob = {
    target,
    eventType: format === 'lff' ? 'JUMP' : 'ATHLETICS',
    files: [{ name: `bench.${format}`, format, bytes }],
  };
  const first = parseUpload(job);
  if (!first.ok) throw new Error(`${format}: ${first.error.reason}`);
  let runs = 0;
  const start = performance.now();
  while (performance.now() - start < 1500) {
    parseUpload(job);
    runs += 1;
  }
  const seconds = (performance.now() - start) / 1000;
  console.log(
    `  ${format.padEnd(5)} ${String(rows).padStart(5)} rows  ${Math.round((runs * rows) / seconds)
      .toLocaleString('en-IE')
      .padStart(
        10,
      )} rows/s  (${((seconds / runs) * 1000).toFixed(1)} ms a file, ${(bytes.byteLength / 1024).toFixed(0)} KB)`,
  );
}

async function latency() {
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
    database: {
      kind: 'postgres' as const,
      url: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    rateLimitPrefix: `rith-bench:${process.pid}`,
  };
  const quiet = { info() {}, warn() {}, error() {} };
  const runtime = await createRuntime(config, quiet);
  await ensurePricePlans(runtime.db);
  const app = await buildApp(runtime, { serveClient: false, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  const worker = fork('worker/main.ts', [], {
    execArgv: ['--import', 'tsx'],
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: config.database.url,
      REDIS_URL: config.redisUrl,
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    const { club, admin } = await clubWithAdmin(runtime.db);
    const client = await loggedIn(url, admin.email);
    const competition = await createCompetition(runtime.db, club.uic);
    // One event per heat, as at a meet: changes to one event within 100 ms are coalesced on
    // purpose, which back-to-back uploads to a single event would measure instead.
    const events = await Promise.all(
      Array.from({ length: 12 }, (_, h) =>
        createEvent(runtime.db, competition.uic, { eventName: `Heat ${h + 1}` }),
      ),
    );
    const spectator = await Spectator.connect(url);
    await spectator.subscribe({ competitionUic: competition.uic });
    const samples: number[] = [];
    const warmUp = 5;
    for (let i = 0; i < uploads + warmUp; i++) {
      const file = lif(uploadRows, (i % 9) + 1);
      const seen = spectator.messages.length;
      const event = events[i % events.length]!;
      const res = await sendUpload(
        client,
        `/api/admin/events/${event.id}/upload-results`,
        [{ name: `heat-${i}.lif`, bytes: file }],
        { type: 'LYNX_MEET_MANAGMENT' },
      );
      const t0 = performance.now();
      await accepted(res);
      await spectator.next(
        (m) =>
          spectator.messages.indexOf(m) >= seen &&
          m.name === 'event.changed' &&
          m.payload.event.resultsFileName === `heat-${i}.lif`,
        10_000,
      );
      if (i >= warmUp) samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    console.log(
      `\nupload accepted (202) -> results at a spectator, ${uploadRows}-row .lif over BullMQ, ${uploads} uploads:`,
    );
    console.log(
      `  p50 ${quantile(samples, 0.5).toFixed(1)} ms   p99 ${quantile(samples, 0.99).toFixed(1)} ms   max ${samples[samples.length - 1]!.toFixed(1)} ms   (target p99 <= 150 ms)`,
    );
    spectator.socket.close();
  } finally {
    worker.kill('SIGTERM');
    await app.close();
    await runtime.close();
  }
}

console.log('parse throughput (one core, in-process):');
throughput('lif', 'results', lif(5000), 5000);
throughput('lff', 'results', lff(2000), 2000);
throughput('evt', 'start_list', evt(5000), 5000);
throughput('xlsx', 'results', xlsx(5000), 5000);
throughput('xml', 'results', xml(5000), 5000);
await latency();
process.exit(0);

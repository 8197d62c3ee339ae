// npm run bench:rounds -- [spectators=1000] [--runs 3] [--generators 2]
//
// Who is through, under a meet's load, on the server exactly as `npm start` runs it (the
// compiled entry point, NODE_ENV=production, the embedded database in a new DATA_DIR). A
// real FinishLynx meet (tests/fixtures/meets/college-indoor): the women's 60 m in four heats
// timed to the thousandth, the final listed in lynx.evt before its line-up is known. The
// round's rule is set (first 1 of each heat, then the 4 fastest), heats 1-3 are sent, then N
// spectators follow the competition on raw websockets in other processes (liveClients.ts)
// and the last heat's file is sent as the timing room sends it (POST upload-lynx). Timed from
// that POST to the last spectator holding (a) heat 1 with its q final and (b) the final with
// Rith's drawn line-up; each run in a competition of its own.
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { AdminClubs, AdminCompetition, AdminEvent } from '../../shared/schemas/admin.ts';
import type { UploadAccepted, UploadView } from '../../shared/schemas/upload.ts';
import { AdminClient, ADMIN_PASSWORD, competitionBody } from '../support/admin.ts';
import type { ClientsCommand, ClientsMessage, ClientsRequest } from './liveClients.ts';
import { lastReceipts, reportsOf } from './receipts.ts';
import { startRith } from './product.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '3' },
    generators: { type: 'string', default: '2' },
  },
});
const spectators = Number(positionals[0] ?? 1000);
const runs = Number(values.runs);
const generatorCount = Number(values.generators);

const root = fileURLToPath(new URL('../..', import.meta.url));
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (n: number) => `${n.toFixed(1)} ms`;
const MEET = path.join(root, 'tests/fixtures/meets/college-indoor');
const file = (name: string) => fs.readFileSync(path.join(MEET, name));

/** lynx.evt before the final is seeded: the women's 60 m final listed, no entrants. */
function evtBeforeFinal(): Buffer {
  let inFinal = false;
  const lines = file('lynx.evt')
    .toString('latin1')
    .split('\r\n')
    .filter((line) => {
      if (/^\d/.test(line)) {
        inFinal = line.startsWith('1,2,1,');
        return true;
      }
      return !inFinal;
    });
  return Buffer.from(lines.join('\r\n'), 'latin1');
}

async function spectatorsOn(url: string, competitionUic: number): Promise<ChildProcess[]> {
  const children: ChildProcess[] = [];
  await Promise.all(
    Array.from({ length: generatorCount }, (_, index) => {
      const count =
        Math.floor(spectators / generatorCount) + (index < spectators % generatorCount ? 1 : 0);
      const child = fork(here('./liveClients.ts'), [], { execArgv: ['--import', 'tsx'] });
      children.push(child);
      try {
        execFileSync('chrt', ['--all-tasks', '--batch', '--pid', '0', String(child.pid)]);
      } catch {
        // default scheduling where chrt is missing
      }
      const request: ClientsRequest = { url, count, competitionUic, keyBy: 'rounds' };
      child.send(request);
      return new Promise<void>((resolve, reject) =>
        child.on('message', (message: ClientsMessage) => {
          if (message.type === 'ready') resolve();
          else if (message.type === 'failed') reject(new Error(message.error));
        }),
      );
    }),
  );
  return children;
}

/** Sends files as the timing room does; resolves once the upload is accepted. */
async function send(admin: AdminClient, uic: number, files: [string, Buffer][]) {
  const form = new FormData();
  for (const [name, bytes] of files) form.append('files', new Blob([new Uint8Array(bytes)]), name);
  const res = await admin.fetch(`/api/admin/competitions/${uic}/upload-lynx`, {
    method: 'POST',
    body: form,
  });
  if (res.status !== 202) throw new Error(`upload refused: ${res.status} ${await res.text()}`);
  return ((await res.json()) as UploadAccepted).uploadId;
}

async function settled(admin: AdminClient, uploadId: string): Promise<void> {
  for (;;) {
    const { body } = await admin.json<UploadView>(`/api/admin/uploads/${uploadId}`);
    if (body.status === 'published') return;
    if (body.status === 'failed') throw new Error(`upload failed: ${body.message}`);
    await sleep(50);
  }
}

execFileSync(process.execPath, ['scripts/build-client.mjs', '--if-stale'], {
  cwd: root,
  stdio: 'inherit',
});
execFileSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], {
  cwd: root,
  stdio: 'inherit',
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rith-bench-rounds-'));
const env = {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  LIVE_MAX_CONNECTIONS_PER_ADDRESS: String(spectators + 10),
};
const email = `referee-${Date.now()}@example.com`;
execFileSync(
  process.execPath,
  ['dist/scripts/admin-create.js', '--email', email, '--club', 'Bench Harriers'],
  { cwd: root, env: { PATH: process.env.PATH ?? '', ADMIN_PASSWORD, ...env }, stdio: 'ignore' },
);
const server = await startRith(env);
const results: { q: number; lineUp: number }[] = [];
try {
  const admin = new AdminClient(server.url);
  if (!(await admin.login(email, ADMIN_PASSWORD)).ok) throw new Error('login failed');
  const { body: clubs } = await admin.json<AdminClubs>('/api/admin/clubs');
  for (let run = 0; run < runs; run++) {
    const { body: competition } = await admin.json<AdminCompetition>('/api/admin/competitions', {
      method: 'POST',
      json: competitionBody(clubs.clubs[0]!.uic, { liveNow: true }),
    });
    const uic = competition.uic;
    await settled(admin, await send(admin, uic, [['lynx.evt', evtBeforeFinal()]]));
    const { body: events } = await admin.json<AdminEvent[]>(
      `/api/admin/competitions/${uic}/events`,
    );
    const sixty = events.filter((e) => e.eventName === 'Women 60 Meter Dash');
    const heat1 = sixty.find((e) => e.round === 'heats' && e.heat === 1)!;
    const final = sixty.find((e) => e.round === 'finals')!;
    await admin.fetch(`/api/admin/events/${heat1.id}/progression`, {
      method: 'PUT',
      json: { byPlace: 1, byTime: 4 },
    });
    const heats = ['001-1-01.lif', '001-1-02.lif', '001-1-03.lif'];
    await settled(
      admin,
      await send(
        admin,
        uic,
        heats.map((name) => [name, file(name)]),
      ),
    );

    const generators = await spectatorsOn(server.url, uic);
    for (const child of generators) child.send({ type: 'mark' } satisfies ClientsCommand);
    await sleep(500);
    const at = now();
    const upload = await send(admin, uic, [['001-1-04.lif', file('001-1-04.lif')]]);
    const sent = new Map([
      [`${heat1.id}:final`, at],
      [`${final.id}:drawn`, at],
    ]);
    let got: number[] = [];
    for (const until = now() + 30_000; now() < until;) {
      await sleep(500);
      got = lastReceipts(await reportsOf(generators), sent, spectators);
      if (got.length === 2) break;
    }
    await settled(admin, upload);
    for (const child of generators) child.kill();
    if (got.length < 2) throw new Error(`run ${run + 1}: not every spectator got both changes`);
    // Fastest first: which of the two came first varies from run to run.
    results.push({ q: got[0]!, lineUp: got[1]! });
  }
  const sorted = (pick: (r: { q: number; lineUp: number }) => number) =>
    results.map(pick).sort((a, b) => a - b);
  console.log(`
  bench:rounds  ${spectators} spectators on Socket.IO, ${runs} runs, npm start in production mode, ${os.cpus().length} cores
  the last heat's .lif posted -> the last spectator holding heat 1's final q and the final's drawn line-up:
    first of the two: ${sorted((r) => r.q)
      .map(ms)
      .join(', ')}
    both:             ${sorted((r) => r.lineUp)
      .map(ms)
      .join(', ')}
`);
} finally {
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// npm run bench:replay -- [meet ...]
//
// Real meets replayed through the timing room as it runs on a meet day: Rith as `npm start`
// runs it (the compiled build, production mode, embedded database, in a process of its own),
// the agent as an operator runs it (its compiled single file, a process of its own) watching
// a folder, and the meet's files saved into it one after another: lynx.evt, lynx.sch and
// lynx.ppl first, then each heat's and flight's results in the order they were run, each .lif
// written in two steps (a pause at a line end, as over a network share). For each meet
// (tests/fixtures/meets/*) it prints what a spectator would see go wrong:
//   * false "Corrected": events that say they were corrected (the files hold no correction);
//   * out of running order: events the competition's list puts out of lynx.sch's order (or,
//     without one, lynx.evt's);
//   * Official too early: events that were Official at some point with fewer rows than they
//     end with (a flight of two, a file still being written).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { AgentProcess } from '../support/agentProcess.ts';
import { freePort } from '../support/ports.ts';
import { meetFile, publicMeet } from '../support/meets.ts';
import { outOfRunningOrder } from '../support/runningOrder.ts';
import { createAdminAccount, runScript, timingRoomOf, untilUp } from '../support/rithProcess.ts';
import type { EventSummary } from '../../shared/schemas/event.ts';

const MEETS = path.resolve('tests/fixtures/meets');
const wanted = process.argv.slice(2);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The meet files first, then results in the order they were run: the gun's time in the file. */
async function savingOrder(meet: string): Promise<string[]> {
  const names = (await fs.readdir(path.join(MEETS, meet))).filter((n) =>
    /^(lynx\.(evt|sch|ppl)|.*\.(lif|lff))$/i.test(n),
  );
  const meetFiles = ['lynx.evt', 'lynx.sch', 'lynx.ppl'].filter((n) => names.includes(n));
  const startOf = (name: string) => {
    const header = new TextDecoder('latin1').decode(meetFile(meet, name)).split(/\r?\n/)[0] ?? '';
    return /(\d{1,2}:\d{2}:\d{2})/.exec(header.split(',').slice(10).join(','))?.[1] ?? '99';
  };
  const results = names
    .filter((n) => !meetFiles.includes(n))
    .sort((a, b) => startOf(a).localeCompare(startOf(b)) || a.localeCompare(b));
  return [...meetFiles, ...results];
}

/** Writes a .lif as a network share does: its first rows, a pause, then the rest. */
async function saveInTwoSteps(file: string, bytes: Uint8Array): Promise<void> {
  const text = Buffer.from(bytes);
  const lines = text.toString('latin1').split('\r\n');
  if (lines.length < 5) return fs.writeFile(file, bytes);
  const cut = Buffer.byteLength(
    `${lines.slice(0, Math.ceil(lines.length / 2)).join('\r\n')}\r\n`,
    'latin1',
  );
  await fs.writeFile(file, text.subarray(0, cut));
  await sleep(600);
  await fs.writeFile(file, text);
}

async function replay(meet: string, url: string, email: string) {
  const { competitionUic, token } = await timingRoomOf(url, email);
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), `rith-replay-${meet}-`));
  const agent = AgentProcess.start({ url, token, folder, bundle: 'dist/agent/main.js' });
  const officialRows = new Map<string, number>();
  const watch = async () => {
    for (const event of await publicMeet(url, competitionUic)) {
      if (event.status === 'official') {
        const rows = event.results.length;
        officialRows.set(event.id, Math.min(officialRows.get(event.id) ?? rows, rows));
      }
    }
  };
  try {
    await agent.waitFor(/status: publishing/);
    for (const name of await savingOrder(meet)) {
      const done = new RegExp(`(published|unchanged|refused)\\s+${name.replace(/\./g, '\\.')}`);
      const before = agent.matching(done).length;
      const file = path.join(folder, name);
      if (/\.lif$/i.test(name)) await saveInTwoSteps(file, meetFile(meet, name));
      else await fs.writeFile(file, meetFile(meet, name));
      const end = Date.now() + 20_000;
      while (agent.matching(done).length <= before && Date.now() < end) {
        await watch();
        await sleep(100);
      }
      await watch();
    }
    const events = await publicMeet(url, competitionUic);
    const listed = (await (
      await fetch(`${url}/api/events?competitionUic=${competitionUic}`)
    ).json()) as EventSummary[];
    const evt = (await fs.readdir(path.join(MEETS, meet))).includes('lynx.evt');
    const sch = (await fs.readdir(path.join(MEETS, meet))).includes('lynx.sch')
      ? new TextDecoder().decode(meetFile(meet, 'lynx.sch'))
      : null;
    const tooEarly = events.filter(
      (e) => officialRows.has(e.id) && officialRows.get(e.id)! < e.results.length,
    );
    return {
      meet,
      files: (await savingOrder(meet)).length,
      refused: agent.matching(/\brefused\b/).length,
      events: events.length,
      official: events.filter((e) => e.status === 'official').length,
      'false Corrected': events.filter((e) => e.correctedAt !== null).length,
      'out of running order': evt
        ? outOfRunningOrder(listed, meetFile(meet, 'lynx.evt'), sch)
        : 'n/a',
      'Official too early': tooEarly.length,
      // Which, and whether a start list said how many were to come.
      early: tooEarly.map(
        (e) => `${e.eventName}${e.startListFile.length === 0 ? ' (no start list)' : ''}`,
      ),
    };
  } finally {
    await agent.stop();
    await fs.rm(folder, { recursive: true, force: true });
  }
}

execFileSync(process.execPath, ['scripts/build-client.mjs', '--if-stale'], { stdio: 'inherit' });
execFileSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], { stdio: 'inherit' });
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rith-replay-data-'));
const port = await freePort();
const env = { DATA_DIR: dataDir, PORT: String(port), NODE_ENV: 'production' };
const email = await createAdminAccount(env, 'dist/scripts/admin-create.js');
const server = runScript('dist/server/main.js', env);
const url = `http://localhost:${port}`;
try {
  await untilUp(url);
  const meets = (await fs.readdir(MEETS, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && (wanted.length === 0 || wanted.includes(entry.name)))
    .map((entry) => entry.name);
  const rows = [];
  for (const meet of meets) rows.push(await replay(meet, url, email));
  console.log('Real meets replayed through the agent, file after file, as on a meet day:');
  console.table(rows.map(({ early: _early, ...row }) => row));
  for (const { meet, early } of rows) {
    if (early.length > 0) console.log(`Official too early in ${meet}: ${early.join(', ')}`);
  }
} finally {
  server.kill('SIGTERM');
  await fs.rm(dataDir, { recursive: true, force: true });
}

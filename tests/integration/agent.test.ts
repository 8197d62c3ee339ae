import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { clubWithAdmin, loggedIn, type AdminClient } from '../support/admin.ts';
import { createCompetition } from '../support/factory.ts';
import { meetFile, publicMeet } from '../support/meets.ts';
import { createToken } from '../support/tokens.ts';
import { AgentProcess } from '../support/agentProcess.ts';
import type { CompetitionToken } from '../../shared/schemas/timingRoom.ts';
import type { PublicEvent } from '../../shared/schemas/event.ts';

// The timing room agent as an operator runs it, a process of its own against a running Rith:
// FinishLynx saves the meet's files one after another into the folder it watches.

let t: TestApp;
let admin: AdminClient;
let clubUic: number;
const agents: AgentProcess[] = [];
const folders: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  const { club, admin: user } = await clubWithAdmin(t.runtime.db);
  clubUic = club.uic;
  admin = await loggedIn(t.url, user.email);
});
afterEach(async () => {
  await Promise.all(agents.splice(0).map((a) => a.stop('SIGKILL')));
});
afterAll(async () => {
  await t?.close();
  await Promise.all(folders.map((f) => fs.rm(f, { recursive: true, force: true })));
});

const MEET = 'us-high-school';

async function newMeet() {
  const competition = await createCompetition(t.runtime.db, clubUic, { liveNow: true });
  const { token, id } = await createToken(admin, competition.uic);
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'rith-lynx-'));
  folders.push(folder);
  return { uic: competition.uic, token, tokenId: id, folder };
}

function startAgent(options: Parameters<typeof AgentProcess.start>[0]): AgentProcess {
  const agent = AgentProcess.start(options);
  agents.push(agent);
  return agent;
}

/** FinishLynx saving a file: written in place, as it does. */
const save = (folder: string, name: string, bytes: Uint8Array = meetFile(MEET, name)) =>
  fs.writeFile(path.join(folder, name), bytes);

/** A file written in three pieces a moment apart, as a slow disk or a network share does. */
async function saveSlowly(folder: string, name: string): Promise<void> {
  const bytes = meetFile(MEET, name);
  const file = await fs.open(path.join(folder, name), 'w');
  const third = Math.ceil(bytes.length / 3);
  for (let i = 0; i < 3; i++) {
    await file.write(bytes.subarray(i * third, (i + 1) * third));
    await file.sync();
    await new Promise((r) => setTimeout(r, 60));
  }
  await file.close();
}

const escape = (name: string) => name.replace(/\./g, '\\.');
const published = (name: string) => new RegExp(`published\\s+${escape(name)}\\b`);
const sentLines = (agent: AgentProcess, name: string) =>
  agent.matching(new RegExp(`\\bsent\\s+${escape(name)}\\b`)).length;

async function heat(uic: number, nameIncludes: string, heatNumber: number | null) {
  const events = await publicMeet(t.url, uic);
  return events.find((e) => e.eventName.includes(nameIncludes) && e.heat === heatNumber);
}

/** How many times Rith stored a file of this name for the competition. */
async function storedCopies(uic: number, name: string): Promise<number> {
  const uploads = await t.runtime.db
    .selectFrom('uploads')
    .select('fileIds')
    .where('competitionUic', '=', uic)
    .execute();
  const ids = uploads.flatMap((u) => u.fileIds);
  if (ids.length === 0) return 0;
  const files = await t.runtime.db
    .selectFrom('files')
    .select('fileName')
    .where('id', 'in', ids)
    .execute();
  return files.filter((f) => f.fileName === name).length;
}

describe('the timing room agent', () => {
  it('publishes a meet saved in FinishLynx’s order: each content once, a re-saved heat as a correction', async () => {
    const { uic, token, tokenId, folder } = await newMeet();
    await save(folder, 'lynx.evt');
    const agent = startAgent({ url: t.url, token, folder });
    await agent.waitFor(published('lynx.evt'));
    expect(await heat(uic, '110', 1)).toMatchObject({ status: 'upcoming' });

    await save(folder, '001-1-01.lif');
    await saveSlowly(folder, '001-1-02.lif');
    await save(folder, '003-3-00.lif');
    for (const name of ['001-1-01.lif', '001-1-02.lif', '003-3-00.lif']) {
      await agent.waitFor(published(name));
    }
    const first = (await heat(uic, '110', 1)) as PublicEvent;
    expect(first.status).toBe('official');
    expect(first.results[0]?.name).toBe('Darius Washington');
    // The slowly written file was sent whole: every finisher of the heat is there.
    const second = (await heat(uic, '110', 2)) as PublicEvent;
    const lines = new TextDecoder('latin1').decode(meetFile(MEET, '001-1-02.lif')).trim();
    expect(second.results).toHaveLength(lines.split(/\r?\n/).length - 1);

    // Saved again unchanged (FinishLynx rewrites a heat when the operator reopens it), then
    // another heat: the agent got to the first before the second, and sent it only once.
    await save(folder, '001-1-01.lif');
    await save(folder, '009-1-01.lif');
    await agent.waitFor(published('009-1-01.lif'));
    expect(sentLines(agent, '001-1-01.lif')).toBe(1);
    expect((await heat(uic, '110', 1))?.version).toBe(first.version);

    // The operator re-reads the photo: the heat is saved with a corrected time.
    const corrected = new TextDecoder('latin1')
      .decode(meetFile(MEET, '001-1-01.lif'))
      .replace('14.412', '14.409');
    await save(folder, '001-1-01.lif', Uint8Array.from(Buffer.from(corrected, 'latin1')));
    await expect
      .poll(async () => (await heat(uic, '110', 1))?.results[0]?.performance, { timeout: 15_000 })
      .toBe('14.409');
    expect((await heat(uic, '110', 1))?.version).toBe(first.version + 1);
    expect(await storedCopies(uic, '001-1-01.lif')).toBe(2);
    expect(await storedCopies(uic, 'lynx.evt')).toBe(1);

    // The console sees the agent, what it did last and how many files today.
    await expect
      .poll(
        async () => {
          const { body } = await admin.json<CompetitionToken[]>(
            `/api/admin/competitions/${uic}/tokens`,
          );
          return body.find((x) => x.id === tokenId)?.agent;
        },
        { timeout: 15_000 },
      )
      .toMatchObject({ state: 'running', filesToday: 6, folder });

    // Ctrl-C: a clean stop, and the console is told.
    expect(await agent.stop('SIGINT')).toBe(0);
    const { body } = await admin.json<CompetitionToken[]>(`/api/admin/competitions/${uic}/tokens`);
    expect(body.find((x) => x.id === tokenId)?.agent?.state).toBe('stopped');
  });

  it('killed in the middle of sending and started again: nothing lost, nothing doubled', async () => {
    const { uic, token, folder } = await newMeet();
    await save(folder, 'lynx.evt');
    let agent = startAgent({ url: t.url, token, folder });
    await agent.waitFor(published('lynx.evt'));
    const heats = [
      '001-1-01.lif',
      '001-1-02.lif',
      '001-2-01.lif',
      '003-3-00.lif',
      '009-1-01.lif',
      '009-1-02.lif',
      '009-1-03.lif',
      '016-1-01.lif',
    ];
    const before = await storedCopies(uic, heats[0]!);
    expect(before).toBe(0);
    for (const name of heats) await save(folder, name);
    // Killed the moment Rith has begun to receive the heats.
    await expect
      .poll(
        async () =>
          (
            await t.runtime.db
              .selectFrom('uploads')
              .select('id')
              .where('competitionUic', '=', uic)
              .execute()
          ).length,
        { timeout: 15_000, interval: 5 },
      )
      .toBeGreaterThan(1);
    await agent.stop('SIGKILL');

    agent = startAgent({ url: t.url, token, folder });
    await expect
      .poll(
        async () => {
          const events = await publicMeet(t.url, uic);
          return events.filter((e) => e.results.length > 0).length;
        },
        { timeout: 30_000 },
      )
      .toBe(heats.length);
    for (const name of heats) expect(await storedCopies(uic, name)).toBe(1);
    await agent.waitFor(/status:/);
  });

  it('stops with a clear message once its token is revoked', async () => {
    const { token, tokenId, folder } = await newMeet();
    await save(folder, 'lynx.evt');
    const agent = startAgent({ url: t.url, token, folder });
    await agent.waitFor(published('lynx.evt'));
    expect((await admin.fetch(`/api/admin/tokens/${tokenId}`, { method: 'DELETE' })).status).toBe(
      204,
    );
    await save(folder, '001-1-01.lif');
    expect(await agent.exited).toBe(2);
    expect(agent.output).toMatch(/revoked/i);
  });

  it('holds back the files saved before today until the console asks, alone on its folder', async () => {
    const { uic, token, tokenId, folder } = await newMeet();
    const old = new Date(Date.now() - 3 * 86_400_000);
    for (const name of ['lynx.evt', '001-1-01.lif']) {
      await save(folder, name);
      await fs.utimes(path.join(folder, name), old, old);
    }
    const agent = startAgent({ url: t.url, token, folder });
    await agent.waitFor(/held back: 2 files saved before today \(lynx\.evt, 001-1-01\.lif\)/);
    const heldInConsole = async () => {
      const { body } = await admin.json<CompetitionToken[]>(
        `/api/admin/competitions/${uic}/tokens`,
      );
      return body.find((x) => x.id === tokenId)?.agent?.held;
    };
    await expect.poll(heldInConsole, { timeout: 15_000 }).toBe(2);
    expect(await storedCopies(uic, 'lynx.evt')).toBe(0);

    // A second agent on the folder, with a journal of its own, is refused and sends nothing.
    const second = startAgent({ url: t.url, token, folder, state: path.join(folder, 'other') });
    expect(await second.exited).toBe(1);
    expect(second.output).toMatch(
      /Another Rith agent is already watching .+ \(host .+, PID \d+, since \d\d:\d\d\)\. Stop it first, or give this one another --folder\./,
    );

    const res = await admin.fetch(`/api/admin/tokens/${tokenId}/send-held`, { method: 'POST' });
    expect(res.status).toBe(204);
    await agent.waitFor(published('001-1-01.lif'));
    expect((await heat(uic, '110', 1))?.status).toBe('official');
    await expect.poll(heldInConsole, { timeout: 15_000 }).toBe(0);
    expect(sentLines(agent, 'lynx.evt')).toBe(1);
  });

  it('publishes only the folder’s own files: no link out of it, nothing larger than Rith takes', async () => {
    const { uic, token, folder } = await newMeet();
    await save(folder, 'lynx.evt');
    // The same meet's heats kept elsewhere on the PC, linked into the folder under their names.
    const elsewhere = await fs.mkdtemp(path.join(os.tmpdir(), 'rith-elsewhere-'));
    folders.push(elsewhere);
    await save(elsewhere, '001-1-01.lif');
    await save(elsewhere, '001-1-02.lif');
    await fs.symlink(path.join(elsewhere, '001-1-01.lif'), path.join(folder, '001-1-01.lif'));
    await fs.link(path.join(elsewhere, '001-1-02.lif'), path.join(folder, '001-1-02.lif'));
    await fs.symlink('/etc/passwd', path.join(folder, 'passwd.lif'));
    // 400 MB on paper, nothing on disk.
    const big = await fs.open(path.join(folder, '001-2-01.lif'), 'w');
    await big.truncate(400 * 1024 * 1024);
    await big.close();
    await save(folder, '003-3-00.lif');

    const agent = startAgent({ url: t.url, token, folder });
    await agent.waitFor(published('003-3-00.lif'));
    for (const refused of [
      /skipped\s+001-1-01\.lif: a link to a file elsewhere/,
      /skipped\s+001-1-02\.lif: a hard link/,
      /skipped\s+passwd\.lif: a link to a file elsewhere/,
      /skipped\s+001-2-01\.lif: 400 MB, larger than Rith takes/,
    ]) {
      expect(agent.matching(refused)).toHaveLength(1);
    }
    for (const name of ['001-1-01.lif', '001-1-02.lif', 'passwd.lif', '001-2-01.lif']) {
      expect(await storedCopies(uic, name)).toBe(0);
    }
    expect((await heat(uic, '110', 1))?.status).toBe('upcoming');
  });

  it('runs as the one file the site serves, with plain node', async () => {
    const { uic, token, folder } = await newMeet();
    const res = await fetch(`${t.url}/agent/rith-agent.mjs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/rith-agent\.mjs/);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rith-download-'));
    folders.push(dir);
    const bundle = path.join(dir, 'rith-agent.mjs');
    await fs.writeFile(bundle, Buffer.from(await res.arrayBuffer()));

    await save(folder, 'lynx.evt');
    await save(folder, '001-1-01.lif');
    const agent = startAgent({ url: t.url, token, folder, bundle });
    await agent.waitFor(published('001-1-01.lif'));
    expect((await heat(uic, '110', 1))?.status).toBe('official');

    const lss = await fetch(`${t.url}/agent/rith.lss`);
    expect(lss.status).toBe(200);
    expect(await lss.text()).toMatch(/;;ResultsHeader/);
  });
});

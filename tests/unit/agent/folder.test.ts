/**
 * What the agent makes of the folder it is given: files from an earlier day are held back,
 * a second agent on the folder is refused, and a file still being written waits for its end,
 * on its own.
 * In-process, against the stand-in for Rith's API over real HTTP, with real files.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, readFile, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startAgent, type AgentHandle, type StartAgentOptions } from '../../../agent/agent.ts';
import { LOCK_FILE } from '../../../agent/lock.ts';
import type { FakeRith } from './fakeRith.ts';
import { agentFolder, waiter } from './agentFolder.ts';

let dir: string;
let folder: string;
let rith: FakeRith;
let lines: string[];
const agents: AgentHandle[] = [];
agentFolder(agents, (room) => ({ dir, folder, rith, lines } = room));
const waitFor = waiter(() => lines);

const line = (pattern: RegExp) => () => lines.find((text) => pattern.test(text));
const sent = () => rith.uploads.flatMap((upload) => upload.names);

async function agent(extra: Partial<StartAgentOptions> = {}) {
  const handle = await startAgent(
    { url: rith.url, token: rith.token, folder, ...extra },
    { out: (text) => lines.push(text) },
  );
  agents.push(handle);
  return handle;
}

const lif = (name: string, text = `1,1,1,100m Men\r\n1,101,4,Murphy,Aoife,DCH,10.51\r\n`) =>
  writeFile(join(folder, name), text);
const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
const age = (name: string) => utimes(join(folder, name), threeDaysAgo, threeDaysAgo);

describe('files saved before today', { timeout: 30_000 }, () => {
  it('are held back until saved again or the operator says so; what Rith has is not', async () => {
    await lif('001-1-01.lif');
    const first = await agent();
    await waitFor(line(/published 001-1-01\.lif/), 'the first day');
    await first.stop();

    // A later day: 001 went to Rith; the rest was saved but never sent.
    await writeFile(join(folder, 'lynx.evt'), '1,1,1,100m Men\r\n');
    await lif('002-1-01.lif');
    await lif('003-1-01.lif');
    for (const name of ['001-1-01.lif', 'lynx.evt', '002-1-01.lif', '003-1-01.lif']) {
      await age(name);
    }
    lines = [];
    const second = await agent();
    await second.ready;
    expect(line(/found 4 Lynx files in the folder; nothing to send, 3 held back\./)()).toBeTruthy();
    expect(
      line(
        /held back: 3 files saved before today \(lynx\.evt, 002-1-01\.lif, 003-1-01\.lif\); start with --send-existing, or press 'Send held files'/,
      )(),
    ).toBeTruthy();
    await waitFor(() => rith.statuses.some((s) => s.held === 3), 'held in the status report');

    // Saved again today, even unchanged: it is today's meet's, and goes.
    await lif('002-1-01.lif');
    await waitFor(line(/published 002-1-01\.lif/), 'the file saved again');
    await waitFor(() => rith.statuses.at(-1)?.held === 2, 'one fewer held');
    await second.stop();

    lines = [];
    await (
      await agent()
    ).ready;
    expect(
      line(/held back: 2 files saved before today \(lynx\.evt, 003-1-01\.lif\)/)(),
    ).toBeTruthy();
    await agents.pop()!.stop();
    expect(sent()).toEqual(['001-1-01.lif', '002-1-01.lif']);

    lines = [];
    await agent({ sendExisting: true });
    await waitFor(line(/published 003-1-01\.lif/), 'the held files');
    expect(rith.uploads.at(-1)!.names).toEqual(['lynx.evt', '003-1-01.lif']);
    expect(line(/held back/)()).toBeUndefined();
  });
});

describe('one agent per folder', { timeout: 30_000 }, () => {
  const lockPath = () => join(folder, LOCK_FILE);

  it('refuses a second agent, even with another --state, and lets go when it stops', async () => {
    await lif('001-1-01.lif');
    const first = await agent();
    await first.ready;
    await expect(agent({ stateDir: join(dir, 'elsewhere') })).rejects.toThrow(
      `Another Rith agent is already watching ${folder} (host ${hostname()}, PID ${process.pid}, since `,
    );
    await waitFor(line(/published 001-1-01\.lif/), 'the first agent to go on');
    expect(rith.uploads).toHaveLength(1);
    await first.stop();
    expect(existsSync(lockPath())).toBe(false);
  });

  it('takes over a lock whose agent is gone: a dead process here, or silent for long elsewhere', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    const startedAt = new Date().toISOString();
    await writeFile(lockPath(), JSON.stringify({ host: hostname(), pid: dead, startedAt }));
    await (
      await agent()
    ).ready;
    expect(
      line(new RegExp(`locked by an agent that is gone \\(host .+, PID ${dead}\\)`))(),
    ).toBeTruthy();
    expect(JSON.parse(await readFile(lockPath(), 'utf8'))).toMatchObject({ pid: process.pid });
    await agents.pop()!.stop();

    const other = { host: 'FINISH-PC', pid: 4312, startedAt: '2026-05-14T14:02:00' };
    await writeFile(lockPath(), JSON.stringify(other));
    await expect(agent()).rejects.toThrow(/host FINISH-PC, PID 4312, since .*14:02\)\. Stop it/);
    await age(LOCK_FILE);
    await (
      await agent()
    ).ready;
    expect(line(/locked by an agent that is gone \(host FINISH-PC, PID 4312\)/)()).toBeTruthy();
  });
});

describe('a file still being written', { timeout: 30_000 }, () => {
  it('is sent once it ends with its line break, or as it is after a while; an empty one never', async () => {
    const handle = await agent({ tuning: { watch: { unfinishedMs: 1500 } } });
    await handle.ready;
    await writeFile(join(folder, 'empty.lif'), '');
    // A network share delivering a heat in two pieces, the first settled on its own.
    const whole = '1,1,1,100m Men\r\n1,101,4,Murphy,Aoife,DCH,10.51\r\n';
    await lif('001-1-01.lif', whole.slice(0, 20));
    await new Promise((resolve) => setTimeout(resolve, 500));
    await lif('001-1-01.lif', whole);
    await waitFor(line(/published 001-1-01\.lif/), 'the whole heat');
    expect(rith.files.get('001-1-01.lif')?.text).toBe(whole);

    await lif('002-1-01.lif', 'never ends');
    await waitFor(line(/002-1-01\.lif: no line break at its end after 1\.5 s; sending it/), 'warn');
    await waitFor(line(/published 002-1-01\.lif/), 'the file as it is');
    expect(sent()).toEqual(['001-1-01.lif', '002-1-01.lif']);
  });

  /** Nine heats written at once, none of them done yet. */
  const nine = Array.from({ length: 9 }, (_, i) => `${String(i + 2).padStart(3, '0')}-1-01.lif`);
  const published = (name: string) => line(new RegExp(`published ${name.replace('.', '\\.')}`));

  it('at start, holds no finished file back behind results still being written', async () => {
    await lif('001-1-01.lif');
    for (const name of nine) await lif(name, '1,1,1,100m Men\r\n');
    // A slow copy (or FinishLynx) still writing them, a line at a time.
    let writing = true;
    const writer = (async () => {
      while (writing) {
        for (const name of nine) await appendFile(join(folder, name), '1,101,4,Murphy,Aoife\r\n');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    try {
      await agent();
      await waitFor(published('001-1-01.lif'), 'the finished heat, at once', 5_000);
      expect(sent()).toEqual(['001-1-01.lif']);
    } finally {
      writing = false;
      await writer;
    }
    for (const name of nine) await waitFor(published(name), `${name} once written`);
    expect(lines.filter((text) => / saved +\d{3}-1-01\.lif$/.test(text))).toHaveLength(9);
  });

  it('holds no finished file back behind files still waiting for their line break', async () => {
    const handle = await agent({ tuning: { watch: { unfinishedMs: 20_000 } } });
    await handle.ready;
    for (const name of nine) await lif(name, '1,1,1,100m Men\r\n1,101,4');
    await lif('001-1-01.lif');
    await waitFor(published('001-1-01.lif'), 'the finished heat, at once', 5_000);
    for (const name of nine) await appendFile(join(folder, name), ',Murphy,Aoife\r\n');
    for (const name of nine) await waitFor(published(name), `${name} once written`);
  });
});

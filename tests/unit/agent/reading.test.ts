/**
 * What the agent reads of its folder: only the folder's own regular files, none larger than
 * Rith takes. A link named like a Lynx file (to /etc/passwd, to another meet's heat) is never
 * followed, and each file refused is said once, with why. In-process, against the stand-in
 * for Rith's API over real HTTP, with real files and links.
 */
import { link, mkdir, open, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startAgent, type AgentHandle, type StartAgentOptions } from '../../../agent/agent.ts';
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
const count = (pattern: RegExp) => lines.filter((text) => pattern.test(text)).length;
const sent = () => rith.uploads.flatMap((upload) => upload.names);

async function agent(extra: Partial<StartAgentOptions> = {}) {
  const handle = await startAgent(
    { url: rith.url, token: rith.token, folder, sendExisting: true, ...extra },
    { out: (text) => lines.push(text) },
  );
  agents.push(handle);
  return handle;
}

const heat = (name: string) => `1,1,1,100m Men\r\n1,101,4,Murphy,Aoife,DCH,10.51\r\n${name}\r\n`;
/** A heat kept outside the watched folder: another meet's, or anything else on the PC. */
async function outside(name: string): Promise<string> {
  await mkdir(join(dir, 'elsewhere'), { recursive: true });
  const path = join(dir, 'elsewhere', name);
  await writeFile(path, heat(`elsewhere ${name}`));
  return path;
}

describe('the files the agent reads', { timeout: 30_000 }, () => {
  it('never follows a link out of the folder, nor reads a hard link, and says so once', async () => {
    await symlink('/etc/passwd', join(folder, 'passwd.lif'));
    await symlink(await outside('007-1-01.lif'), join(folder, '007-1-01.lif'));
    const original = await outside('008-1-01.lif');
    await link(original, join(folder, '008-1-01.lif'));
    await writeFile(join(folder, '001-1-01.lif'), heat('001'));

    const handle = await agent();
    await handle.ready;
    await waitFor(line(/published 001-1-01\.lif/), 'the folder’s own file');
    expect(
      line(
        /skipped +passwd\.lif: a link to a file elsewhere; the agent sends only files saved in its folder$/,
      )(),
    ).toBeTruthy();
    expect(line(/skipped +007-1-01\.lif: a link to a file elsewhere/)()).toBeTruthy();
    expect(
      line(
        /skipped +008-1-01\.lif: a hard link \(one file with 2 names\), maybe to a file elsewhere/,
      )(),
    ).toBeTruthy();

    // The linked file written again outside: the watcher reports its name in the folder, and
    // the agent refuses it again without saying it again.
    await writeFile(original, heat('008 again'));
    await writeFile(join(folder, '002-1-01.lif'), heat('002'));
    await waitFor(line(/published 002-1-01\.lif/), 'a later file');
    expect(sent().sort()).toEqual(['001-1-01.lif', '002-1-01.lif']);
    for (const name of ['passwd', '007-1-01', '008-1-01']) {
      expect(count(new RegExp(`skipped +${name}\\.lif:`))).toBe(1);
    }
  });

  /** Holds Rith's answer to the first upload, so the next files wait in the agent's queue. */
  async function queueBehindFirst(...names: string[]): Promise<() => void> {
    let release!: () => void;
    rith.holdUploads = new Promise((resolve) => (release = resolve));
    await writeFile(join(folder, '001-1-01.lif'), heat('001'));
    await waitFor(() => rith.files.has('001-1-01.lif'), 'the first upload');
    for (const name of names) {
      await writeFile(join(folder, name), heat(name));
      await waitFor(line(new RegExp(`saved +${name.replace('.', '\\.')}`)), `${name} queued`);
    }
    return () => {
      rith.holdUploads = null;
      release();
    };
  }

  it('does not send a file replaced by a link after it was saved', async () => {
    const handle = await agent();
    await handle.ready;
    const release = await queueBehindFirst('002-1-01.lif');
    await rm(join(folder, '002-1-01.lif'));
    await symlink(await outside('002-1-01.lif'), join(folder, '002-1-01.lif'));
    release();
    await waitFor(line(/skipped +002-1-01\.lif: a link to a file elsewhere/), 'the link');
    await waitFor(() => handle.snapshot().queue === 0, 'the queue to empty');
    expect(sent()).toEqual(['001-1-01.lif']);
    expect(count(/skipped +002-1-01\.lif/)).toBe(1);
    expect(line(/002-1-01\.lif: deleted/)()).toBeUndefined();
  });

  it('reads nothing through its folder once the folder is swapped for a link elsewhere', async () => {
    // The journal kept apart: the folder is moved away below.
    const handle = await agent({ stateDir: join(dir, 'state') });
    await handle.ready;
    const release = await queueBehindFirst('002-1-01.lif');
    await outside('002-1-01.lif');
    await rename(folder, join(dir, 'Lynx.old'));
    await symlink(join(dir, 'elsewhere'), folder);
    release();
    await waitFor(
      line(/skipped +002-1-01\.lif: reached through a link to another folder$/),
      'the refusal',
    );
    await waitFor(() => handle.snapshot().queue === 0, 'the queue to empty');
    expect(sent()).toEqual(['001-1-01.lif']);
  });

  it('refuses a file larger than Rith takes without reading it', async () => {
    // Sparse: 400 MB on paper, nothing on disk; reading it would take 400 MB of memory.
    const big = await open(join(folder, 'big.lif'), 'w');
    await big.truncate(400 * 1024 * 1024);
    await big.close();
    await writeFile(join(folder, '001-1-01.lif'), heat('001'));
    const peakBefore = process.resourceUsage().maxRSS;

    const handle = await agent();
    await handle.ready;
    await waitFor(line(/published 001-1-01\.lif/), 'the small file');
    expect(
      line(/skipped +big\.lif: 400 MB, larger than Rith takes \(5 MB\); not read$/)(),
    ).toBeTruthy();
    expect(sent()).toEqual(['001-1-01.lif']);
    // maxRSS is in kilobytes: the agent's process never held the file.
    expect(process.resourceUsage().maxRSS - peakBefore).toBeLessThan(200 * 1024);
  });
});

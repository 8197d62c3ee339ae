import { execFile, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from '../support/app.ts';
import { meetFile, publicMeet } from '../support/meets.ts';
import { freePort } from '../support/ports.ts';
import {
  createAdminAccount,
  exited,
  runScript,
  timingRoomOf,
  untilUp,
} from '../support/rithProcess.ts';
import { accepted, sendUpload, settled } from '../support/uploads.ts';
import { sortResultRows } from '../../shared/athletics/resultOrder.ts';
import { AGENT_DOWNLOAD_PATH } from '../../shared/timingRoom.ts';
import { AGENT_VERSION } from '../../agent/version.ts';

// What `npm start`, `npm run worker` and the image run (issue 14, point 1): the build in
// dist/, with plain node and no TypeScript loader anywhere, the parse thread included.

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Every import specifier in the compiled files, with the file that makes it. */
async function compiledImports(): Promise<{ file: string; specifier: string }[]> {
  const files = (await fs.readdir('dist', { recursive: true })).filter((f) => f.endsWith('.js'));
  const found: { file: string; specifier: string }[] = [];
  for (const file of files) {
    const code = await fs.readFile(path.join('dist', file), 'utf8');
    for (const [, specifier] of code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+)["']/g)) {
      found.push({ file, specifier: specifier! });
    }
  }
  return found;
}

// The PostgreSQL project runs this folder too: building dist/ twice at once would race.
describe.skipIf(testDbKind() === 'postgres')('the compiled build', () => {
  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], {
      stdio: 'inherit',
    });
  });

  it('imports no TypeScript and no tsx, and each of its own imports is compiled', async () => {
    const imports = await compiledImports();
    expect(imports.length).toBeGreaterThan(100);
    expect(imports.filter(({ specifier }) => /^tsx(\/|$)|\.tsx?$/.test(specifier))).toEqual([]);
    const own = imports.filter(({ specifier }) => specifier.startsWith('.'));
    const missing: string[] = [];
    for (const { file, specifier } of own) {
      const target = path.join('dist', path.dirname(file), specifier);
      if (!(await fs.stat(target).catch(() => null))) missing.push(`${file} -> ${specifier}`);
    }
    expect(missing).toEqual([]);
  });

  it('serves, parses an upload in its thread and publishes it, and hands out the agent', async () => {
    const env = { DATA_DIR: await tempDir('rith-compiled-') };
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // admin:create first: the embedded database is one process's at a time.
    const email = await createAdminAccount(env, 'dist/scripts/admin-create.js');
    const server: ChildProcess = runScript('dist/server/main.js', {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LIVE_PROCESSES: '2',
    });
    cleanups.push(async () => {
      server.kill('SIGTERM');
      await exited(server);
    });
    await untilUp(url);
    // Its live fan-out process runs compiled too, and takes sockets.
    const metrics = await (await fetch(`${url}/metrics`)).text();
    expect(metrics).toMatch(/^rith_live_processes 2$/m);

    const { admin, competitionUic } = await timingRoomOf(url, email);
    const files = ['lynx.evt', '001-1-01.lif'].map((name) => ({
      name,
      bytes: meetFile('us-high-school', name),
    }));
    const { uploadId } = await accepted(
      await sendUpload(admin, `/api/admin/competitions/${competitionUic}/upload-lynx`, files, {
        field: 'files',
      }),
    );
    expect(await settled(admin, uploadId, 30_000)).toMatchObject({ status: 'published' });
    const withResults = (await publicMeet(url, competitionUic)).filter((e) => e.results.length);
    expect(withResults).toHaveLength(1);
    expect(withResults[0]).toMatchObject({ eventName: 'Boys 110 Meter Hurdles', heat: 1 });
    expect(sortResultRows(withResults[0]!.results).map((row) => row.name)).toEqual([
      'Darius Washington',
      'José Ramírez',
      'Chidi Okafor',
      expect.any(String),
      expect.any(String),
      expect.any(String),
      expect.any(String),
      expect.any(String),
    ]);

    // The timing room's download is bundled from the compiled agent.
    const agent = await fetch(`${url}${AGENT_DOWNLOAD_PATH}`);
    expect(agent.status).toBe(200);
    const agentFile = path.join(await tempDir('rith-agent-'), 'rith-agent.mjs');
    await fs.writeFile(agentFile, await agent.text());
    const { stdout } = await promisify(execFile)(process.execPath, [agentFile, '--version']);
    expect(stdout.trim()).toBe(AGENT_VERSION);
  }, 90_000);
});

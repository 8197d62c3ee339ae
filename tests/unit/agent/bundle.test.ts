import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAgentBundle } from '../../../server/timingRoom/agentBundle.ts';

const run = promisify(execFile);
let dir: string;
let file: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rith-bundle-'));
  file = join(dir, 'rith-agent.mjs');
  await writeFile(file, await buildAgentBundle());
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('rith-agent.mjs', () => {
  it('runs with plain node, nothing installed, and prints its usage', async () => {
    // Run from the temporary folder: no node_modules anywhere above it to lean on.
    const { stdout } = await run(process.execPath, [file, '--help'], { cwd: dir });
    expect(stdout).toContain('node rith-agent.mjs --url <site> --token <token> --folder <dir>');
    expect(stdout).toContain('--scoreboard-port');
  });

  it('says what is missing and exits 1', async () => {
    const failure = await run(process.execPath, [file, '--url', 'https://rith.example'], {
      cwd: dir,
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 1 });
    expect((failure as { stderr: string }).stderr).toContain('Missing --token, --folder.');
  });

  it('names a folder that does not exist, without a stack trace, and exits 1', async () => {
    const failure = await run(
      process.execPath,
      [file, '--url', 'http://127.0.0.1:9', '--token', 't', '--folder', join(dir, 'nope')],
      { cwd: dir },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 1 });
    const stderr = (failure as { stderr: string }).stderr;
    expect(stderr).toContain('does not exist');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('starts with the banner that says how to run it', async () => {
    const text = await buildAgentBundle();
    expect(text.startsWith('// Rith timing room agent — run: node rith-agent.mjs --help')).toBe(
      true,
    );
  });
});

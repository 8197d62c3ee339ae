/**
 * Where the agent's token comes from: --token-file or RITH_TOKEN keep it out of the process
 * list; --token still works. Real files; the agent as a process is in agent.test.ts.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAgentArgs, type ParsedArgs } from '../../../agent/args.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rith-args-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const base = ['--url', 'https://rith.example', '--folder', 'C:\\Lynx'];
const token = (parsed: ParsedArgs) => (parsed.kind === 'run' ? parsed.options.token : parsed);
const error = (parsed: ParsedArgs) => (parsed.kind === 'error' ? parsed.message : parsed);

describe('the agent token', () => {
  it('comes from --token-file, from RITH_TOKEN, or from --token, the command line first', async () => {
    const file = join(dir, 'token.txt');
    // As Notepad saves it: a byte order mark and a line break.
    await writeFile(file, '\uFEFFrith_fromfile\r\n');
    expect(token(parseAgentArgs([...base, '--token-file', file], {}))).toBe('rith_fromfile');
    expect(token(parseAgentArgs(base, { RITH_TOKEN: ' rith_fromenv\n' }))).toBe('rith_fromenv');
    expect(token(parseAgentArgs([...base, '--token', 'rith_flag'], {}))).toBe('rith_flag');
    const both = { RITH_TOKEN: 'rith_fromenv' };
    expect(token(parseAgentArgs([...base, '--token-file', file], both))).toBe('rith_fromfile');
    expect(token(parseAgentArgs([...base, '--token', 'rith_flag'], both))).toBe('rith_flag');
  });

  it('says what is wrong with the token as given', async () => {
    const empty = join(dir, 'empty.txt');
    await writeFile(empty, '\r\n');
    const two = join(dir, 'two.txt');
    await writeFile(two, 'rith_one\r\nrith_two\r\n');
    const missing = join(dir, 'missing.txt');
    expect(error(parseAgentArgs(base, {}))).toBe(
      'Missing --token. The token may also come from --token-file <file> or the RITH_TOKEN environment variable.',
    );
    expect(error(parseAgentArgs([...base, '--token-file', empty], {}))).toBe(
      `The token file ${empty} is empty.`,
    );
    expect(error(parseAgentArgs([...base, '--token-file', two], {}))).toBe(
      `The token file ${two} must hold the token alone.`,
    );
    expect(error(parseAgentArgs([...base, '--token-file', missing], {}))).toMatch(
      `Cannot read the token file ${missing}: ENOENT`,
    );
    expect(error(parseAgentArgs([...base, '--token-file', dir], {}))).toBe(
      `The token file ${dir} is not a file.`,
    );
    expect(error(parseAgentArgs([...base, '--token', 'rith_flag', '--token-file', two], {}))).toBe(
      'Give the token once: --token or --token-file, not both.',
    );
  });
});

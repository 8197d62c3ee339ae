import { afterEach, describe, expect, it } from 'vitest';
import { ParseSandbox } from '../../worker/parseSandbox.ts';
import type { ParseJob } from '../../server/parsers/upload.ts';
import { fixture } from '../support/uploads.ts';

// The thread that parses uploads has its own heap and a time limit: a file that takes too
// long or needs too much memory fails its own job, and the next job gets a fresh thread.

const sandboxes: ParseSandbox[] = [];
afterEach(async () => {
  for (const s of sandboxes.splice(0)) await s.close();
});

function sandbox(limits: { timeoutMs: number; maxMemoryMb: number }, entry?: URL) {
  const s = new ParseSandbox(limits, entry);
  sandboxes.push(s);
  return s;
}

function lifJob(rows: number): ParseJob {
  const lines = ['9,1,1,Men 5000 Meter Run,+0.4,M/S,,,,5000,14:00:00.0000'];
  for (let i = 1; i <= rows; i++) {
    lines.push(`${i},${1000 + i},1,Runner${i},Test,Club,14:${String(i % 60).padStart(2, '0')}.123`);
  }
  return {
    target: 'results',
    eventType: 'ATHLETICS',
    files: [
      { name: 'big.lif', format: 'lif', bytes: new TextEncoder().encode(lines.join('\r\n')) },
    ],
  };
}

const sample: ParseJob = {
  target: 'results',
  eventType: 'ATHLETICS',
  files: [{ name: '001-1-01.lif', format: 'lif', bytes: fixture('finishlynx', '001-1-01.lif') }],
};

describe('the parse sandbox', () => {
  it('parses a real file in its thread', async () => {
    const output = await sandbox({ timeoutMs: 10_000, maxMemoryMb: 256 }).parse(sample);
    expect(output).toMatchObject({ ok: true, target: 'results', format: 'lif' });
  });

  it('stops a parse that runs past the time limit, and parses the next file', async () => {
    // A thread that never answers for hang.lif: the limit is what ends it, not the file's size.
    const s = sandbox(
      { timeoutMs: 300, maxMemoryMb: 256 },
      new URL('../support/hangingParseThread.ts', import.meta.url),
    );
    const hang: ParseJob = { ...sample, files: [{ ...sample.files[0]!, name: 'hang.lif' }] };
    expect(await s.parse(hang)).toMatchObject({
      ok: false,
      error: { file: 'hang.lif', reason: 'parsing took longer than 0.3 s' },
    });
    expect(await s.parse(sample)).toMatchObject({ ok: true });
  });

  it('fails a file that needs more memory than the thread may use, and parses the next file', async () => {
    const s = sandbox({ timeoutMs: 60_000, maxMemoryMb: 48 });
    const before = process.memoryUsage().heapUsed;
    const huge = await s.parse(lifJob(400_000));
    expect(huge).toMatchObject({
      ok: false,
      error: { file: 'big.lif', reason: 'the file needs more than 48 MB to parse' },
    });
    // The main thread's own heap did not take the load.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(200 * 1024 * 1024);
    expect(await s.parse(sample)).toMatchObject({ ok: true });
  });
});

import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Journal, journalFileName, writeFileAtomic } from '../../../agent/journal.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rith-journal-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const SITE = 'https://rith.example';

describe('agent journal', () => {
  it('keeps accepted files and the queue across a reopen', async () => {
    const { journal } = await Journal.open(dir, SITE, 7);
    journal.data.files['001-1-01.lif'] = {
      name: '001-1-01.LIF',
      hash: 'a'.repeat(64),
      uploadId: '2c6c2f3e-5b4b-4a57-9a4e-1f1f4c1d8f00',
      outcome: 'published',
      detail: '100m Men, heat 1: 8 results',
      at: '2026-05-14T13:02:12.000Z',
    };
    journal.data.pending.push(
      {
        key: 'lynx.evt',
        name: 'lynx.evt',
        hash: 'b',
        state: 'sending',
        sendingHash: 'b',
        seq: 40,
        alone: false,
      },
      {
        key: '002-1-01.lif',
        name: '002-1-01.lif',
        hash: 'c',
        state: 'queued',
        sendingHash: null,
        seq: 12,
        alone: false,
      },
    );
    journal.countPublished('2026-05-14');
    await journal.save();

    const { journal: again, setAside } = await Journal.open(dir, SITE, 7);
    expect(setAside).toBeNull();
    expect(again.accepted('001-1-01.lif')).toEqual(journal.data.files['001-1-01.lif']);
    // The queue comes back in its order, renumbered from 0.
    expect(again.data.pending.map((item) => [item.key, item.state, item.seq])).toEqual([
      ['002-1-01.lif', 'queued', 0],
      ['lynx.evt', 'sending', 1],
    ]);
    expect(again.publishedToday('2026-05-14')).toBe(1);
    expect(again.publishedToday('2026-05-15')).toBe(0);
  });

  it('keeps one journal per site and competition', async () => {
    const { journal: a } = await Journal.open(dir, SITE, 7);
    a.data.files['x.lif'] = {
      name: 'x.lif',
      hash: 'h',
      uploadId: null,
      outcome: 'refused',
      detail: 'no',
      at: '2026-05-14T00:00:00.000Z',
    };
    await a.save();
    const otherCompetition = await Journal.open(dir, SITE, 8);
    const otherSite = await Journal.open(dir, 'https://other.example', 7);
    expect(otherCompetition.journal.accepted('x.lif')).toBeUndefined();
    expect(otherSite.journal.accepted('x.lif')).toBeUndefined();
    expect(new Set([a.path, otherCompetition.journal.path, otherSite.journal.path]).size).toBe(3);
    expect(journalFileName('HTTPS://RITH.EXAMPLE', 7)).toBe(journalFileName(SITE, 7));
    expect((await Journal.open(dir, SITE, 7)).journal.accepted('x.lif')?.outcome).toBe('refused');
  });

  it('is always whole on disk: every read while it is rewritten sees a complete journal', async () => {
    const { journal } = await Journal.open(dir, SITE, 7);
    await journal.save();
    let reading = true;
    const reads: number[] = [];
    const reader = (async () => {
      while (reading) {
        const data = JSON.parse(await readFile(journal.path, 'utf8')) as { pending: unknown[] };
        reads.push(data.pending.length);
      }
    })();
    for (let i = 0; i < 100; i += 1) {
      journal.data.pending.push({
        key: `f${i}.lif`,
        name: `f${i}.lif`,
        hash: 'x'.repeat(64),
        state: 'queued',
        sendingHash: null,
        seq: i,
        alone: false,
      });
      // Saves called while one is under way share the next write, and never overlap.
      if (i % 3 === 0) await journal.save();
      else void journal.save();
    }
    await journal.save();
    reading = false;
    await reader;
    expect(reads.length).toBeGreaterThan(0);
    expect(reads).toEqual([...reads].sort((a, b) => a - b));
    const final = JSON.parse(await readFile(journal.path, 'utf8')) as { pending: unknown[] };
    expect(final.pending).toHaveLength(100);
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('ignores a temporary file left by a crash mid-write', async () => {
    const { journal } = await Journal.open(dir, SITE, 7);
    journal.countPublished('2026-05-14');
    await journal.save();
    await writeFile(`${journal.path}.tmp`, '{"version":1,"site":"half wr');
    const { journal: again } = await Journal.open(dir, SITE, 7);
    expect(again.publishedToday('2026-05-14')).toBe(1);
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('puts an unreadable journal aside and starts afresh', async () => {
    const { journal } = await Journal.open(dir, SITE, 7);
    await writeFileAtomic(journal.path, 'not json');
    const { journal: fresh, setAside } = await Journal.open(dir, SITE, 7);
    expect(setAside).toMatch(/\.unreadable-\d+$/);
    expect(await readFile(setAside!, 'utf8')).toBe('not json');
    expect(fresh.data.pending).toEqual([]);
  });
});

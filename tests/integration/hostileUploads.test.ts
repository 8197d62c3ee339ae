import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { adminWithEvent } from '../support/admin.ts';
import { accepted, sendUpload, settled } from '../support/uploads.ts';
import { minimalWorkbookParts, writeZip } from '../fixtures/xlsx/zipWriter.ts';

// Files built to hurt fail their own upload with a reason; the server keeps answering and
// the event keeps what it had.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const MB = 1024 * 1024;

const setUp = () => adminWithEvent(t.runtime.db, t.url);

async function unchanged(event: { id: string; version: number }) {
  const row = await t.runtime.db
    .selectFrom('events')
    .select(['version', 'results'])
    .where('id', '=', event.id)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ version: event.version, results: [] });
}

describe('hostile uploads', () => {
  it('refuses a zip bomb dressed as a spreadsheet before it is inflated', async () => {
    const { client, event } = await setUp();
    const bomb = writeZip(
      minimalWorkbookParts([['bib', 'result']]).map((part) =>
        part.name === 'xl/worksheets/sheet1.xml'
          ? {
              ...part,
              deflated: deflateRawSync(new Uint8Array(200 * MB)),
              declaredUncompressed: 200 * MB,
            }
          : part,
      ),
    );
    expect(bomb.byteLength).toBeLessThan(MB);
    const { uploadId } = await accepted(
      await sendUpload(
        client,
        `/api/admin/events/${event.id}/upload-results`,
        [{ name: 'results.xlsx', bytes: bomb }],
        { type: 'MANUAL' },
      ),
    );
    const health = await fetch(`${t.url}/healthz`);
    expect(health.status).toBe(200);
    const done = await settled(client, uploadId);
    expect(done.status).toBe('failed');
    expect(done.message).toMatch(/^Failed to parse XLSX file\. results\.xlsx/);
    await unchanged(event);
  });

  it('refuses XML with entity declarations (billion laughs)', async () => {
    const { client, event } = await setUp();
    const laughs = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE lolz [<!ENTITY lol "lol">',
      ...Array.from(
        { length: 9 },
        (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`,
      ),
      ']>',
      '<results><event name="&lol9;"/></results>',
    ].join('\n');
    const { uploadId } = await accepted(
      await sendUpload(
        client,
        `/api/admin/events/${event.id}/upload-results`,
        [{ name: 'results.xml', bytes: new TextEncoder().encode(laughs) }],
        { type: 'LYNX_MEET_MANAGMENT' },
      ),
    );
    const done = await settled(client, uploadId);
    expect(done.status).toBe('failed');
    expect(done.message).toMatch(/^Failed to parse XML file\. results\.xml.*DOCTYPE/);
    await unchanged(event);
  });

  it('refuses a file over its size limit with a clear message, storing nothing', async () => {
    const { client, event } = await setUp();
    const before = (await t.runtime.db.selectFrom('files').select('id').execute()).length;
    const big = new TextEncoder().encode('1,1,1,Men 100,,,,,,100\r\n'.padEnd(3 * MB, ' '));
    const res = await sendUpload(
      client,
      `/api/admin/events/${event.id}/upload-results`,
      [{ name: 'big.lif', bytes: big }],
      { type: 'LYNX_MEET_MANAGMENT' },
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      error: 'big.lif is too large (at most 2 MB).',
      code: 'payload_too_large',
    });
    expect((await t.runtime.db.selectFrom('files').select('id').execute()).length).toBe(before);
  });
});

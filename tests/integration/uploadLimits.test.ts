import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { adminWithEvent, samples } from '../support/admin.ts';
import { accepted, sendUpload, settled } from '../support/uploads.ts';
import { dropExpiredFailedUploads } from '../../server/uploads/retention.ts';
import { TOO_MANY_WAITING_LIST } from '../../server/waitinglist/routes.ts';

// Issue 13, points 6 and 7: a club's raw upload never runs as a page of the site, and what
// one sender can cost (rows, time, bytes, disk) has a limit.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ config: { requestTimeoutMs: 1_500 } });
});
afterAll(async () => {
  await t?.close();
});

const MB = 1024 * 1024;

const setUp = () => adminWithEvent(t.runtime.db, t.url);

const fileIdsOf = async (uploadId: string) =>
  (
    await t.runtime.db
      .selectFrom('uploads')
      .select('fileIds')
      .where('id', '=', uploadId)
      .executeTakeFirstOrThrow()
  ).fileIds;

/** An XML upload that a browser would render as XHTML and run, were it served as a page. */
const SCRIPTED_XML = new TextEncoder().encode(
  '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><script>alert(document.cookie)</script></html>',
);

describe('raw uploads', () => {
  it('are never served, to anyone, while a competition image still is, in a sandbox', async () => {
    const { client, competition, event } = await setUp();
    const sent = await accepted(
      await sendUpload(client, `/api/admin/events/${event.id}/upload-results`, [
        { name: 'results.xml', bytes: SCRIPTED_XML },
      ]),
    );
    await settled(client, sent.uploadId);
    const [fileId] = await fileIdsOf(sent.uploadId);
    expect(fileId).toBeDefined();
    // Neither a stranger nor the club's own admin gets the raw file back from the site.
    expect((await fetch(`${t.url}/api/files/${fileId}`)).status).toBe(404);
    expect((await client.fetch(`/api/files/${fileId}`)).status).toBe(404);

    const image = await client.upload(
      `/api/admin/competitions/${competition.uic}/upload-image`,
      samples.png,
      'poster.png',
      'image/png',
    );
    const { imageLink } = (await image.json()) as { imageLink: string };
    const served = await fetch(`${t.url}${imageLink}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-security-policy')).toMatch(/\bsandbox\b/);
    expect(served.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
  });

  it('drop their files once failed longer than the retention, keeping the report', async () => {
    const { client, event } = await setUp();
    const failed = await settled(
      client,
      (
        await accepted(
          await sendUpload(client, `/api/admin/events/${event.id}/upload-results`, [
            { name: 'results.xml', bytes: new TextEncoder().encode('<results><broken') },
          ]),
        )
      ).uploadId,
    );
    expect(failed.status).toBe('failed');
    const [fileId] = await fileIdsOf(failed.id);
    const stored = () =>
      t.runtime.db.selectFrom('files').select('id').where('id', '=', fileId!).execute();
    expect(await stored()).toHaveLength(1);

    // Within the retention nothing goes; past it, the files do and the upload's story stays.
    await dropExpiredFailedUploads(t.runtime.db, 60 * 60 * 1000);
    expect(await stored()).toHaveLength(1);
    await dropExpiredFailedUploads(t.runtime.db, 0);
    expect(await stored()).toHaveLength(0);
    expect(await fileIdsOf(failed.id)).toEqual([]);
    const view = await client.json<{ status: string; message: string | null }>(
      `/api/admin/uploads/${failed.id}`,
    );
    expect(view.body).toMatchObject({ status: 'failed', message: failed.message });
  });
});

describe('what one sender can cost', () => {
  it('refuses a batch larger than 25 MB in all, storing nothing', async () => {
    const { client, competition } = await setUp();
    const files = Array.from({ length: 6 }, (_, i) => ({
      name: `${i + 1}.evt`,
      bytes: new Uint8Array(Math.round(4.5 * MB)).fill(0x41),
    }));
    const before = await t.runtime.db.selectFrom('uploads').select('id').execute();
    const res = await sendUpload(
      client,
      `/api/admin/competitions/${competition.uic}/upload-lynx`,
      files,
      { field: 'files' },
    );
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toBe(
      'An upload holds at most 25 MB in all: send its files in several uploads.',
    );
    expect(await t.runtime.db.selectFrom('uploads').select('id').execute()).toHaveLength(
      before.length,
    );
  });

  it('answers 408 to a body trickled in slower than the request timeout', async () => {
    const socket = net.connect(Number(new URL(t.url).port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write(
      'POST /api/waitinglist HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    // One byte a quarter-second: never done, never idle long.
    const trickle = setInterval(() => socket.writable && socket.write(' '), 250);
    try {
      await closed;
    } finally {
      clearInterval(trickle);
    }
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('lets one address join the waiting list ten times an hour, then says to wait', async () => {
    const post = (email: string) =>
      fetch(`${t.url}/api/waitinglist`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
    const stamp = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await post(`flood-${stamp}-${i}@example.ie`)).status);
    expect(statuses).toEqual(Array(10).fill(200));
    const refused = await post(`flood-${stamp}-10@example.ie`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ error: TOO_MANY_WAITING_LIST });
    const rows = await t.runtime.db
      .selectFrom('waitingList')
      .select('email')
      .where('email', 'like', `flood-${stamp}-%`)
      .execute();
    expect(rows).toHaveLength(10);
  });
});

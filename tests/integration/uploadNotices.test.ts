import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { clubWithAdmin, loggedIn } from '../support/admin.ts';
import { Spectator } from '../support/spectator.ts';
import type { UploadStatus } from '../../shared/schemas/upload.ts';

// An upload's notices take different roads to a node ("queued" and "parsing" published at
// once, the outcome from the outbox, any of them held while Redis is away): one that arrives
// after a later one must not take the admin's page back, nor replace the outcome.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("an upload's status notices arriving out of order", () => {
  it('reach the admin in the order of the upload, never an earlier status after a later one', async () => {
    const { club, admin } = await clubWithAdmin(t.runtime.db);
    const client = await loggedIn(t.url, admin.email);
    const page = await Spectator.connect(t.url, { cookie: client.cookie!, origin: t.url });
    expect(await page.subscribe({ clubAdminUic: club.uic })).toMatchObject({ ok: true });
    const notice = (uploadId: string, status: UploadStatus) =>
      t.runtime.bus.publish({
        name: 'upload.status',
        payload: { uploadId, clubUic: club.uic, eventId: null, status, message: null, files: [] },
      });
    const statusesOf = (uploadId: string) =>
      page.messages.flatMap((m) =>
        m.name === 'upload.status' && m.payload.uploadId === uploadId ? [m.payload.status] : [],
      );
    const arrived = (uploadId: string, status: UploadStatus) =>
      page.next(
        (m) =>
          m.name === 'upload.status' &&
          m.payload.uploadId === uploadId &&
          m.payload.status === status,
      );

    // The outcome, and the "queued" held back meanwhile, arriving together.
    const first = randomUUID();
    notice(first, 'published');
    notice(first, 'queued');
    await arrived(first, 'published');
    // "Parsing" arriving late, once the outcome is out.
    notice(first, 'parsing');
    // A later upload's notices, on the same road: once they are in, the late ones were not sent.
    const second = randomUUID();
    notice(second, 'queued');
    notice(second, 'parsing');
    await arrived(second, 'parsing');
    notice(second, 'failed');
    await arrived(second, 'failed');

    expect(statusesOf(first)).toEqual(['published']);
    expect(statusesOf(second)).toEqual(['parsing', 'failed']);
    page.close();
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { clubWithAdmin, loggedIn } from '../support/admin.ts';
import { createCompetition, createEvent } from '../support/factory.ts';
import { accepted, fixture, sendUpload, settled } from '../support/uploads.ts';
import { insertFile } from '../../server/files/queries.ts';
import { uploadJob } from '../../server/uploads/job.ts';
import { STALE_REASON } from '../../server/uploads/stale.ts';
import { parseUpload } from '../../shared/parsers/upload.ts';
import type { PublicEvent } from '../../shared/schemas/event.ts';

// Issue 13, point 10: an upload held back (its enqueue lost to a crash, queued again by the
// sweep after an outage) is applied in the order it was received: it never overwrites
// what a newer upload of the same event already published.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const bibsOf = (text: Uint8Array) =>
  Buffer.from(text)
    .toString('latin1')
    .split(/\r?\n/)
    .slice(1)
    .filter(Boolean)
    .map((row) => row.split(',')[1])
    .sort();

describe('a stranded upload run after a newer one of its event', () => {
  it('is refused with the reason, and the event keeps the newer results', async () => {
    const { club, admin } = await clubWithAdmin(t.runtime.db);
    const client = await loggedIn(t.url, admin.email);
    const competition = await createCompetition(t.runtime.db, club.uic);
    const event = await createEvent(t.runtime.db, competition.uic);
    const older = fixture('finishlynx', '001-1-01.lif');
    const newer = fixture('finishlynx', '005-1-01.lif');

    // Received a minute ago and committed, then its process died before queuing the job.
    const stranded = await t.runtime.db.transaction().execute(async (trx) => {
      const file = await insertFile(trx, {
        fileName: '001-1-01.lif',
        contentType: 'text/plain',
        data: older,
      });
      return trx
        .insertInto('uploads')
        .values({
          clubUic: club.uic,
          competitionUic: competition.uic,
          eventId: event.id,
          kind: 'results',
          fileType: 'LYNX_MEET_MANAGMENT',
          fileIds: [file.id],
          createdBy: null,
          message: null,
          report: '[]',
          createdAt: sql`now() - interval '1 minute'`,
          updatedAt: sql`now() - interval '1 minute'`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    });

    // The timing room sends the corrected file; it is published.
    const later = await settled(
      client,
      (
        await accepted(
          await sendUpload(
            client,
            `/api/admin/events/${event.id}/upload-results`,
            [{ name: '005-1-01.lif', bytes: newer }],
            { type: 'LYNX_MEET_MANAGMENT' },
          ),
        )
      ).uploadId,
    );
    expect(later.status).toBe('published');

    // Now the held-back job runs, as the sweep would have it.
    await uploadJob(t.runtime, (job) => Promise.resolve(parseUpload(job)))({
      uploadId: stranded.id,
    });
    const outcome = await settled(client, stranded.id);
    expect(outcome.files).toMatchObject([{ outcome: 'refused', reason: STALE_REASON }]);

    const shown = (await (await fetch(`${t.url}/api/events/${event.id}`)).json()) as PublicEvent;
    expect(shown.results.map((r) => r.bib).sort()).toEqual(bibsOf(newer));
    expect(bibsOf(newer)).not.toEqual(bibsOf(older));
  });
});

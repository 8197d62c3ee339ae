import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { clubWithAdmin, loggedIn } from '../support/admin.ts';
import { createCompetition, createEvent } from '../support/factory.ts';
import { accepted, fixture, runUploadJobs, sendUpload, settled } from '../support/uploads.ts';
import { insertFile } from '../../server/files/queries.ts';
import type { PublicEvent } from '../../shared/schemas/event.ts';
import type { UploadKind } from '../../shared/schemas/upload.ts';
import { isSuperseded, SUPERSEDED_REASON } from '../../shared/uploadRules.ts';

// Issue 13, point 10: an upload held back (its enqueue lost to a crash, queued again by the
// sweep after an outage) is applied in the order it was received: it never overwrites
// what a newer upload of the same event already published. Its file is refused as superseded
// (issue 27): the admin is told a newer file came first, not that the upload failed.

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

/**
 * An upload received a minute ago and committed, whose process died before queuing its job.
 */
function strand(
  club: { uic: number },
  target: { competitionUic: number; eventId: string | null; kind: UploadKind },
  files: { name: string; bytes: Uint8Array }[],
) {
  return t.runtime.db.transaction().execute(async (trx) => {
    const fileIds: string[] = [];
    for (const file of files) {
      const stored = await insertFile(trx, {
        fileName: file.name,
        contentType: 'text/plain',
        data: file.bytes,
      });
      fileIds.push(stored.id);
    }
    return trx
      .insertInto('uploads')
      .values({
        clubUic: club.uic,
        ...target,
        fileType: 'LYNX_MEET_MANAGMENT',
        fileIds,
        createdBy: null,
        message: null,
        report: '[]',
        createdAt: sql`now() - interval '1 minute'`,
        updatedAt: sql`now() - interval '1 minute'`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
}

describe('a stranded upload run after a newer one of its event', () => {
  it('is superseded, with the reason, and the event keeps the newer results', async () => {
    const { club, admin } = await clubWithAdmin(t.runtime.db);
    const client = await loggedIn(t.url, admin.email);
    const competition = await createCompetition(t.runtime.db, club.uic);
    const event = await createEvent(t.runtime.db, competition.uic);
    const older = fixture('finishlynx', '001-1-01.lif');
    const newer = fixture('finishlynx', '005-1-01.lif');

    const stranded = await strand(
      club,
      { competitionUic: competition.uic, eventId: event.id, kind: 'results' },
      [{ name: '001-1-01.lif', bytes: older }],
    );

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
    await runUploadJobs(t.runtime, stranded.id);
    const outcome = await settled(client, stranded.id);
    // Still final to every client (`failed`, the file refused), and told apart as superseded.
    expect(outcome).toMatchObject({ status: 'failed', message: SUPERSEDED_REASON });
    expect(outcome.files).toMatchObject([
      { outcome: 'refused', reason: SUPERSEDED_REASON, superseded: true },
    ]);
    expect(isSuperseded(outcome.status, outcome.files)).toBe(true);

    const shown = (await (await fetch(`${t.url}/api/events/${event.id}`)).json()) as PublicEvent;
    expect(shown.results.map((r) => r.bib).sort()).toEqual(bibsOf(newer));
    expect(bibsOf(newer)).not.toEqual(bibsOf(older));
  });
});

describe('a stranded FinishLynx batch run after newer files of some of its heats', () => {
  it('publishes the others, and counts the superseded file apart from refusals', async () => {
    const { club, admin } = await clubWithAdmin(t.runtime.db);
    const client = await loggedIn(t.url, admin.email);
    const competition = await createCompetition(t.runtime.db, club.uic);
    const heat = (name: string) => ({ name, bytes: fixture('finishlynx', name) });

    const stranded = await strand(
      club,
      { competitionUic: competition.uic, eventId: null, kind: 'lynx_batch' },
      [heat('001-1-01.lif'), heat('005-1-01.lif')],
    );
    const later = await settled(
      client,
      (
        await accepted(
          await sendUpload(
            client,
            `/api/admin/competitions/${competition.uic}/upload-lynx`,
            [heat('001-1-01.lif')],
            { field: 'files' },
          ),
        )
      ).uploadId,
    );
    expect(later.status).toBe('published');

    await runUploadJobs(t.runtime, stranded.id);
    const outcome = await settled(client, stranded.id);
    expect(outcome.status).toBe('published');
    expect(isSuperseded(outcome.status, outcome.files)).toBe(false);
    expect(outcome.files.map((f) => [f.fileName, f.outcome, f.superseded ?? false])).toEqual([
      ['001-1-01.lif', 'refused', true],
      ['005-1-01.lif', 'applied', false],
    ]);
    // A superseded file is not one that "could not be used".
    expect(outcome.message).toBe(later.message);
  });
});

import type { Db } from '../db/connect.ts';
import type { UploadFileReport } from '../../shared/schemas/upload.ts';
import { SUPERSEDED_REASON } from '../../shared/uploadRules.ts';
import type { UploadRow } from './queries.ts';

/*
 * An upload is applied in the order it was received, not in the order its job happened to
 * run: one held back (queued again by the sweep after an outage, or overtaken by a faster
 * job) never overwrites what a newer upload already published on the same event.
 */

/** Thrown inside a file's savepoint (apply.ts) to undo it and refuse it as superseded. */
export class StaleFile extends Error {
  constructor() {
    super(SUPERSEDED_REASON);
  }
}

type Wrote = Pick<UploadFileReport['events'][number], 'eventId' | 'wrote'>;
const keyOf = (w: Wrote) => `${w.eventId}:${w.wrote}`;

/**
 * What the competition's uploads received after this one and already published wrote:
 * `eventId:results` or `eventId:start_list`. Read under the competition's lock, which every
 * apply holds, so no newer upload commits meanwhile. Timetables write neither.
 */
export async function newerWrites(trx: Db, upload: UploadRow): Promise<Set<string>> {
  if (upload.competitionUic === null || upload.kind === 'timetable') return new Set();
  const rows = await trx
    .selectFrom('uploads')
    .select('report')
    .where('competitionUic', '=', upload.competitionUic)
    .where('status', '=', 'published')
    .where('kind', '!=', 'timetable')
    .where('createdAt', '>', upload.createdAt)
    .execute();
  return new Set(
    rows.flatMap((r) =>
      r.report.flatMap((file) => (file.outcome === 'applied' ? file.events.map(keyOf) : [])),
    ),
  );
}

/** Whether any of these writes would overwrite a newer upload's. */
export const overwritesNewer = (newer: Set<string>, writes: readonly Wrote[]) =>
  writes.some((w) => newer.has(keyOf(w)));

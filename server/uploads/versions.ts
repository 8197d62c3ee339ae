import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { lynxFileKey as keyOf } from '../../shared/lynxFiles.ts';
import type { UploadFileReport, UploadStatus } from '../../shared/schemas/upload.ts';

/** The advisory lock class of a competition's file contents (its second key is the uic). */
const CONTENT_LOCK = 4012;

/** A file Rith already has as sent: where it came with, and how that upload stands. */
export interface KnownFile {
  uploadId: string;
  status: UploadStatus;
}

/**
 * The files of a batch whose exact content the competition already received under the same
 * name, in an upload that is on its way or used them: sending them again changes nothing. A
 * file of a failed upload, or one its upload refused, is not known: it may be sent again.
 */
export async function knownFiles(
  trx: Db,
  competitionUic: number,
  files: readonly { name: string; sha256: string }[],
): Promise<Map<string, KnownFile>> {
  if (files.length === 0) return new Map();
  // Two sends of one file at once (a retry racing the first) must not both find it new:
  // the competition's batches check and record their contents one at a time, until commit.
  await sql`select pg_advisory_xact_lock(${CONTENT_LOCK}, ${competitionUic})`.execute(trx);
  const rows = await trx
    .selectFrom('lynxFiles')
    .innerJoin('uploads', 'uploads.id', 'lynxFiles.uploadId')
    .select([
      'lynxFiles.nameKey',
      'lynxFiles.sha256',
      'uploads.id',
      'uploads.status',
      'uploads.report',
    ])
    .where('lynxFiles.competitionUic', '=', competitionUic)
    .where(
      'lynxFiles.nameKey',
      'in',
      files.map((f) => keyOf(f.name)),
    )
    .execute();
  const known = new Map<string, KnownFile>();
  for (const file of files) {
    const row = rows.find((r) => r.nameKey === keyOf(file.name));
    if (!row || row.sha256 !== file.sha256 || row.status === 'failed') continue;
    const refused = row.report.some(
      (r: UploadFileReport) => keyOf(r.fileName) === keyOf(file.name) && r.outcome === 'refused',
    );
    if (!refused) known.set(file.name, { uploadId: row.id, status: row.status });
  }
  return known;
}

/** Records the content each file of an upload arrived with: the newest upload of a name wins. */
export async function recordFiles(
  trx: Db,
  competitionUic: number,
  uploadId: string,
  files: readonly { name: string; sha256: string }[],
): Promise<void> {
  if (files.length === 0) return;
  const latest = new Map(files.map((f) => [keyOf(f.name), f.sha256]));
  await trx
    .insertInto('lynxFiles')
    .values(
      [...latest].map(([nameKey, hash]) => ({ competitionUic, nameKey, sha256: hash, uploadId })),
    )
    .onConflict((oc) =>
      oc.columns(['competitionUic', 'nameKey']).doUpdateSet((eb) => ({
        sha256: eb.ref('excluded.sha256'),
        uploadId: eb.ref('excluded.uploadId'),
        receivedAt: new Date(),
      })),
    )
    .execute();
}

/** What a batch says of a file it did not store: Rith has this very content already. */
export function unchangedFile(fileName: string): UploadFileReport {
  return {
    fileName,
    outcome: 'unchanged',
    contents: null,
    events: [],
    warnings: [],
    reason: 'Rith already has this version of the file: nothing changed.',
  };
}

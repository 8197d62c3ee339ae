import { sql, type Selectable } from 'kysely';
import { UNFINISHED } from './states.ts';
import type { Db } from '../db/connect.ts';
import type { UploadsTable } from '../db/types.ts';
import { millis } from '../outbox/policy.ts';
import type { LiveMessage } from '../../shared/live/messages.ts';
import type { UploadFileReport, UploadStatus, UploadView } from '../../shared/schemas/upload.ts';

export type UploadRow = Selectable<UploadsTable>;

export function statusMessage(
  upload: Pick<UploadRow, 'id' | 'clubUic' | 'eventId'>,
  status: UploadStatus,
  message: string | null,
  files: UploadFileReport[] = [],
): LiveMessage {
  return {
    name: 'upload.status',
    payload: {
      uploadId: upload.id,
      clubUic: upload.clubUic,
      eventId: upload.eventId,
      status,
      message,
      files,
    },
  };
}

/** A file of an upload that could not be used, and why. */
export function refusedFile(fileName: string, reason: string): UploadFileReport {
  return { fileName, outcome: 'refused', contents: null, events: [], warnings: [], reason };
}

export function findUpload(db: Db, id: string): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The uploaded files' names and bytes, in the order they were sent. */
export async function uploadFiles(db: Db, upload: UploadRow) {
  if (upload.fileIds.length === 0) return [];
  const rows = await db
    .selectFrom('files')
    .select(['id', 'fileName', 'data'])
    .where('id', 'in', upload.fileIds)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return upload.fileIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

export async function findUploadView(
  db: Db,
  clubUics: number[],
  id: string,
): Promise<UploadView | undefined> {
  const upload = await db
    .selectFrom('uploads')
    .selectAll()
    .where('id', '=', id)
    .where('clubUic', 'in', clubUics)
    .executeTakeFirst();
  if (!upload) return undefined;
  const names = await uploadFiles(db, upload);
  return {
    id: upload.id,
    kind: upload.kind,
    status: upload.status,
    message: upload.message,
    eventId: upload.eventId,
    competitionUic: upload.competitionUic,
    fileNames: [
      ...names.map((f) => f.fileName),
      // Files refused on arrival were never stored, but they were sent.
      ...upload.report
        .filter((r) => !names.some((f) => f.fileName === r.fileName))
        .map((r) => r.fileName),
    ],
    files: upload.report,
    createdAt: upload.createdAt.toISOString(),
    updatedAt: upload.updatedAt.toISOString(),
  };
}

/** Uploads a restart left unfinished: queued, or cut off while parsing (queued at start). */
export async function unfinishedUploads(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('uploads')
    .select('id')
    .where('status', 'in', UNFINISHED)
    .orderBy('createdAt')
    .execute();
  return rows.map((r) => r.id);
}

const STRANDED_BATCH = 100;

/**
 * Uploads queued or parsing that have not moved for their lease, oldest first, taken for
 * another lease (their `updated_at` is set to now) so that one sweep, not every node's,
 * queues each of them. An upload being applied (its row locked) is skipped.
 */
export async function claimStrandedUploads(
  db: Db,
  lease: { queuedMs: number; parsingMs: number },
): Promise<string[]> {
  const rows = await db
    .updateTable('uploads')
    .set({ updatedAt: sql`now()` })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('uploads')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([
              eb('status', '=', 'queued'),
              sql<boolean>`updated_at <= now() - ${millis(lease.queuedMs)}::interval`,
            ]),
            eb.and([
              eb('status', '=', 'parsing'),
              sql<boolean>`updated_at <= now() - ${millis(lease.parsingMs)}::interval`,
            ]),
          ]),
        )
        .orderBy('createdAt')
        .limit(STRANDED_BATCH)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'createdAt'])
    .execute();
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((r) => r.id);
}

/** Whether the file is one an upload holds (raw data a club sent), not a public file. */
export async function isUploadFile(db: Db, fileId: string): Promise<boolean> {
  const row = await db
    .selectFrom('uploads')
    .select('id')
    .where(sql<boolean>`file_ids @> array[${fileId}]::uuid[]`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

const RETENTION_BATCH = 100;

/**
 * Takes the file ids of uploads that failed before `cutoffMs` ago and forgets them on the
 * upload (its report stays, for the admin's history); the caller deletes the files in the
 * same transaction. Rows another sweep holds are skipped.
 */
export async function releaseFailedUploadFiles(db: Db, retentionMs: number): Promise<string[]> {
  const rows = await db
    .updateTable('uploads as u')
    .set({ fileIds: sql`'{}'` })
    .from((eb) =>
      eb
        .selectFrom('uploads')
        .select(['id', 'fileIds'])
        .where('status', '=', 'failed')
        .where(sql<boolean>`cardinality(file_ids) > 0`)
        .where(sql<boolean>`updated_at <= now() - ${millis(retentionMs)}::interval`)
        .limit(RETENTION_BATCH)
        .forUpdate()
        .skipLocked()
        .as('old'),
    )
    .whereRef('u.id', '=', 'old.id')
    .returning('old.fileIds')
    .execute();
  return rows.flatMap((r) => r.fileIds);
}

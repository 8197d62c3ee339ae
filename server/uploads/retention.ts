import type { Db } from '../db/connect.ts';
import { deleteFiles } from '../files/queries.ts';
import { releaseFailedUploadFiles } from './queries.ts';

/**
 * The sweep's part that keeps the files table from growing with refused data: the raw files
 * of an upload that failed `retentionMs` ago (UPLOAD_FAILED_RETENTION_DAYS, README) are
 * deleted; the upload's row and its report stay. A published upload keeps its files: they
 * are what its events were built from.
 */
export async function dropExpiredFailedUploads(db: Db, retentionMs: number): Promise<void> {
  for (;;) {
    const dropped = await db.transaction().execute(async (trx) => {
      const fileIds = await releaseFailedUploadFiles(trx, retentionMs);
      await deleteFiles(trx, fileIds);
      return fileIds.length;
    });
    if (dropped === 0) return;
  }
}

import { sql } from 'kysely';
import { movesInto, UNFINISHED } from './states.ts';
import type { Runtime } from '../runtime.ts';
import type { JobPayload } from '../infra/queues.ts';
import { describeFailure } from '../parsers/types.ts';
import type { ParseJob, ParseOutput } from '../parsers/upload.ts';
import type { UploadFileReport } from '../../shared/schemas/upload.ts';
import { failureMessage, formatOfName } from '../../shared/uploadRules.ts';
import { isTransientDatabaseError } from '../db/transient.ts';
import { JOB_ATTEMPTS } from '../infra/queue.ts';
import { eventTypeOf } from '../events/imports.ts';
import { commitThenPublish } from '../live/commit.ts';
import { applyUpload } from './apply.ts';
import { findUpload, refusedFile, statusMessage, uploadFiles, type UploadRow } from './queries.ts';

type Deps = Pick<Runtime, 'db' | 'bus'>;

/** Parses an upload's files somewhere safe: the worker's sandboxed thread. */
export type Parse = (job: ParseJob) => Promise<ParseOutput>;

/** What the admin reads when an upload could not be processed for reasons not in the file. */
export const PROCESSING_FAILED = 'The upload could not be processed. Please upload the file again.';

async function markFailed(
  deps: Deps,
  upload: UploadRow,
  message: string,
  refused: UploadFileReport[] = [],
): Promise<void> {
  const files = [...upload.report, ...refused];
  // The admin's notice goes through the outbox with the status: a crash cannot lose it.
  await commitThenPublish(deps, async (trx) => {
    const failed = await trx
      .updateTable('uploads')
      .set({ status: 'failed', message, report: JSON.stringify(files), updatedAt: sql`now()` })
      .where('id', '=', upload.id)
      .where('status', 'in', movesInto('failed'))
      .returning('id')
      .executeTakeFirst();
    return {
      result: undefined,
      message: failed ? statusMessage(upload, 'failed', message, files) : null,
    };
  });
}

/** Parses the upload and applies it; a file that does not parse fails it. */
async function process(
  deps: Deps,
  parse: Parse,
  upload: UploadRow,
  attempt: { counted: boolean },
): Promise<void> {
  const { db, bus } = deps;
  await db
    .updateTable('uploads')
    .set({ status: 'parsing', attempts: sql`attempts + 1`, updatedAt: sql`now()` })
    .where('id', '=', upload.id)
    .where('status', 'in', movesInto('parsing'))
    .execute();
  attempt.counted = true;
  // Not kept in the outbox: a lost "parsing" is overtaken by the outcome, which is.
  bus.publish(statusMessage(upload, 'parsing', null, upload.report));

  const files = await uploadFiles(db, upload);
  const output = await parse({
    target: upload.kind,
    eventType: upload.eventId ? await eventTypeOf(db, upload.eventId) : null,
    files: files.map((f) => ({
      name: f.fileName,
      format: formatOfName(f.fileName) ?? 'xlsx',
      bytes: f.data,
    })),
  });
  if (!output.ok) {
    const message = `${failureMessage(output.format)} ${describeFailure(output.error)}`;
    // The file's report names the file already: its reason says only where and why.
    return markFailed(deps, upload, message, [
      refusedFile(output.error.file, describeFailure(output.error, { file: false })),
    ]);
  }
  await applyUpload(
    deps,
    upload.id,
    output,
    files.map((f) => f.fileName),
  );
}

/**
 * Takes back the try a job counted when the database, not the upload, made it fail. Best
 * effort: with the database still away it is not taken back, and the upload has one try less.
 */
async function uncount(deps: Deps, uploadId: string): Promise<void> {
  await deps.db
    .updateTable('uploads')
    .set({ attempts: sql`greatest(attempts - 1, 0)` })
    .where('id', '=', uploadId)
    .where('status', 'in', UNFINISHED)
    .execute()
    .catch(() => {});
}

/**
 * One upload job: parse, then apply in one transaction. A job delivered twice (BullMQ
 * delivers at least once) or after its upload finished does nothing. A file that does not
 * parse fails at once with 'Failed to parse … file.' and the precise reason. Anything else throws,
 * and the queue retries with backoff:
 * - the database out of reach or the connection lost (a restart, a failover,
 *   pg_terminate_backend) says nothing about the upload, which can still be applied once it
 *   is back: such a try is not counted against the upload, which is never failed for it. When
 *   the queue gives up, the upload is left queued or parsing, and the sweep (./sweep.ts)
 *   queues it again once it has not moved for UPLOAD_LEASE_MS, on any node or worker;
 * - any other error (or a try that crashed the process) counts, and the upload's last try
 *   marks it failed rather than leave it "parsing" for good.
 */
export function uploadJob(deps: Deps, parse: Parse) {
  return async ({ uploadId }: JobPayload<'uploads'>): Promise<void> => {
    const upload = await findUpload(deps.db, uploadId);
    if (!upload || upload.status === 'published' || upload.status === 'failed') return;
    // Already tried as often as the queue retries (or it crashed the process each time).
    if (upload.attempts >= JOB_ATTEMPTS) return markFailed(deps, upload, PROCESSING_FAILED);
    const attempt = { counted: false };
    try {
      await process(deps, parse, upload, attempt);
    } catch (err) {
      if (isTransientDatabaseError(err)) {
        if (attempt.counted) await uncount(deps, upload.id);
        throw err;
      }
      if (upload.attempts + 1 < JOB_ATTEMPTS) throw err;
      await markFailed(deps, upload, PROCESSING_FAILED);
    }
  };
}

import { sql } from 'kysely';
import type { Runtime } from '../runtime.ts';
import type { JobPayload } from '../../shared/queues.ts';
import { describeFailure } from '../../shared/parsers/types.ts';
import type { ParseJob, ParseOutput } from '../../shared/parsers/upload.ts';
import type { UploadFileReport } from '../../shared/schemas/upload.ts';
import { failureMessage, formatOfName } from '../../shared/uploadRules.ts';
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
      .where('status', 'in', ['queued', 'parsing'])
      .returning('id')
      .executeTakeFirst();
    return {
      result: undefined,
      message: failed ? statusMessage(upload, 'failed', message, files) : null,
    };
  });
}

/** Parses the upload and applies it; a file that does not parse fails it. */
async function process(deps: Deps, parse: Parse, upload: UploadRow): Promise<void> {
  const { db, bus } = deps;
  await db
    .updateTable('uploads')
    .set({ status: 'parsing', attempts: sql`attempts + 1`, updatedAt: sql`now()` })
    .where('id', '=', upload.id)
    .where('status', 'in', ['queued', 'parsing'])
    .execute();
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
 * One upload job: parse, then apply in one transaction. A job delivered twice (BullMQ
 * delivers at least once) or after its upload finished does nothing. A file that does not
 * parse fails at once with the spec's message and the precise reason; anything else (the
 * database away, say) throws, and the queue retries with backoff, until the last attempt,
 * which marks the upload failed rather than leave it "parsing" for good. A job that could not
 * even reach the database leaves the upload as it was: the sweep (./sweep.ts) queues it
 * again once it has not moved for UPLOAD_LEASE_MS, on any node or worker.
 */
export function uploadJob(deps: Deps, parse: Parse) {
  return async ({ uploadId }: JobPayload<'uploads'>): Promise<void> => {
    const upload = await findUpload(deps.db, uploadId);
    if (!upload || upload.status === 'published' || upload.status === 'failed') return;
    // Already tried as often as the queue retries (or it crashed the process each time).
    if (upload.attempts >= JOB_ATTEMPTS) return markFailed(deps, upload, PROCESSING_FAILED);
    try {
      await process(deps, parse, upload);
    } catch (err) {
      if (upload.attempts + 1 < JOB_ATTEMPTS) throw err;
      await markFailed(deps, upload, PROCESSING_FAILED);
    }
  };
}

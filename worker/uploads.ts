import { sql } from 'kysely';
import type { Runtime } from '../server/runtime.ts';
import type { JobPayload } from '../shared/queues.ts';
import { describeFailure } from '../shared/parsers/types.ts';
import { failureMessage, formatOfName } from '../shared/uploadRules.ts';
import { applyUpload } from '../server/uploads/apply.ts';
import {
  findUpload,
  statusMessage,
  uploadFiles,
  type UploadRow,
} from '../server/uploads/queries.ts';
import { JOB_ATTEMPTS } from '../server/infra/queue.ts';
import type { ParseSandbox } from './parseSandbox.ts';

type Deps = Pick<Runtime, 'db' | 'bus'>;

/** What the admin reads when an upload could not be processed for reasons not in the file. */
export const PROCESSING_FAILED = 'The upload could not be processed. Please upload the file again.';

async function markFailed(deps: Deps, upload: UploadRow, message: string): Promise<void> {
  const failed = await deps.db
    .updateTable('uploads')
    .set({ status: 'failed', message, updatedAt: sql`now()` })
    .where('id', '=', upload.id)
    .where('status', 'in', ['queued', 'parsing'])
    .returning('id')
    .executeTakeFirst();
  if (failed) deps.bus.publish(statusMessage(upload, 'failed', message));
}

/** Parses the upload in the sandbox and applies it; a file that does not parse fails it. */
async function process(deps: Deps, sandbox: ParseSandbox, upload: UploadRow): Promise<void> {
  const { db, bus } = deps;
  await db
    .updateTable('uploads')
    .set({ status: 'parsing', attempts: sql`attempts + 1`, updatedAt: sql`now()` })
    .where('id', '=', upload.id)
    .where('status', 'in', ['queued', 'parsing'])
    .execute();
  bus.publish(statusMessage(upload, 'parsing', null));

  const files = await uploadFiles(db, upload);
  const event = upload.eventId
    ? await db
        .selectFrom('events')
        .select('eventType')
        .where('id', '=', upload.eventId)
        .executeTakeFirst()
    : undefined;
  const output = await sandbox.parse({
    target: upload.kind,
    eventType: event?.eventType ?? null,
    files: files.map((f) => ({
      name: f.fileName,
      format: formatOfName(f.fileName) ?? 'xlsx',
      bytes: f.data,
    })),
  });
  if (!output.ok) {
    return markFailed(
      deps,
      upload,
      `${failureMessage(output.format)} ${describeFailure(output.error)}`,
    );
  }
  const refusal = await applyUpload(
    deps,
    upload.id,
    output,
    files.map((f) => f.fileName),
  );
  if (refusal) await markFailed(deps, upload, refusal);
}

/**
 * One upload job: parse in the sandbox, then apply in one transaction. A job delivered twice
 * (BullMQ delivers at least once) or after its upload finished does nothing. A file that
 * does not parse fails at once with the spec's message and the precise reason; anything
 * else (the database away, say) throws, and the queue retries with backoff, until the last
 * attempt, which marks the upload failed rather than leave it "parsing" for good.
 */
export function uploadProcessor(deps: Deps, sandbox: ParseSandbox) {
  return async ({ uploadId }: JobPayload<'uploads'>): Promise<void> => {
    const upload = await findUpload(deps.db, uploadId);
    if (!upload || upload.status === 'published' || upload.status === 'failed') return;
    // Already tried as often as the queue retries (or it crashed the process each time).
    if (upload.attempts >= JOB_ATTEMPTS) return markFailed(deps, upload, PROCESSING_FAILED);
    try {
      await process(deps, sandbox, upload);
    } catch (err) {
      if (upload.attempts + 1 < JOB_ATTEMPTS) throw err;
      await markFailed(deps, upload, PROCESSING_FAILED);
    }
  };
}

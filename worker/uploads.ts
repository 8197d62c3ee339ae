import { sql } from 'kysely';
import type { Runtime } from '../server/runtime.ts';
import type { JobPayload } from '../shared/queues.ts';
import { describeFailure } from '../shared/parsers/types.ts';
import { failureMessage, formatOfName } from '../shared/uploadRules.ts';
import { applyUpload } from '../server/uploads/apply.ts';
import { findUpload, statusMessage, uploadFiles } from '../server/uploads/queries.ts';
import type { ParseSandbox } from './parseSandbox.ts';

type Deps = Pick<Runtime, 'db' | 'bus'>;

/**
 * One upload job: parse in the sandbox, then apply in one transaction. A job delivered twice
 * (BullMQ delivers at least once) or after its upload finished does nothing. A file that
 * does not parse fails at once with the spec's message and the precise reason; anything
 * else (the database away, say) throws, and the queue retries with backoff.
 */
export function uploadProcessor(deps: Deps, sandbox: ParseSandbox) {
  return async ({ uploadId }: JobPayload<'uploads'>): Promise<void> => {
    const { db, bus } = deps;
    const upload = await findUpload(db, uploadId);
    if (!upload || upload.status === 'published' || upload.status === 'failed') return;

    await db
      .updateTable('uploads')
      .set({ status: 'parsing', attempts: sql`attempts + 1`, updatedAt: sql`now()` })
      .where('id', '=', uploadId)
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
      const message = `${failureMessage(output.format)} ${describeFailure(output.error)}`;
      const failed = await db
        .updateTable('uploads')
        .set({ status: 'failed', message, updatedAt: sql`now()` })
        .where('id', '=', uploadId)
        .where('status', '=', 'parsing')
        .returning('id')
        .executeTakeFirst();
      if (failed) bus.publish(statusMessage(upload, 'failed', message));
      return;
    }
    await applyUpload(
      deps,
      uploadId,
      output,
      files.map((f) => f.fileName),
    );
  };
}

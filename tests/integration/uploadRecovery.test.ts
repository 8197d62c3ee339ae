import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig, testDbKind, quietLogger } from '../support/app.ts';
import { createRuntime, type Runtime } from '../../server/runtime.ts';
import { buildApp } from '../../server/app.ts';
import { ensurePricePlans } from '../../server/pricing/plans.ts';
import { registerProcessors } from '../../worker/processors.ts';
import { clubWithAdmin, loggedIn } from '../support/admin.ts';
import { createCompetition, createEvent } from '../support/factory.ts';
import { accepted, fixture, sendUpload, settled } from '../support/uploads.ts';
import { holdCompetition } from '../support/locks.ts';
import { JOB_ATTEMPTS } from '../../server/infra/queue.ts';
import { uploadJob } from '../../server/uploads/job.ts';
import { parseUpload } from '../../server/parsers/upload.ts';

// An upload accepted just before the server stopped is not lost: the next start finds it
// still queued and publishes it. One whose job loses its database connection on its last
// try is not failed for it: it is published once the database answers.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rith-recovery-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const config = () =>
  testDbKind() === 'pglite' ? testConfig({ database: { kind: 'pglite', dataDir } }) : testConfig();

async function serve(runtime: Runtime) {
  const app = await buildApp(runtime, { serveClient: false, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { app, url: `http://127.0.0.1:${address.port}` };
}

describe('an upload queued when the server stops', () => {
  it('is processed after the next start', async () => {
    // A server that stops before its jobs run: no processors are registered.
    const first = await createRuntime(config(), quietLogger);
    await ensurePricePlans(first.db);
    const { app, url } = await serve(first);
    const { club, admin } = await clubWithAdmin(first.db);
    const competition = await createCompetition(first.db, club.uic);
    const event = await createEvent(first.db, competition.uic);
    const client = await loggedIn(url, admin.email);
    const { uploadId } = await accepted(
      await sendUpload(
        client,
        `/api/admin/events/${event.id}/upload-results`,
        [{ name: '003-1-01.lif', bytes: fixture('finishlynx', '003-1-01.lif') }],
        { type: 'LYNX_MEET_MANAGMENT' },
      ),
    );
    await app.close();
    await first.close();

    const second = await createRuntime(config(), quietLogger);
    const processors = await registerProcessors(second);
    const again = await serve(second);
    try {
      const relogged = await loggedIn(again.url, admin.email);
      const done = await settled(relogged, uploadId);
      expect(done).toMatchObject({ status: 'published', message: 'Results parsed successfully!' });
      const saved = await second.db
        .selectFrom('events')
        .select(['results', 'status'])
        .where('id', '=', event.id)
        .executeTakeFirstOrThrow();
      expect(saved.status).toBe('official');
      expect(saved.results.map((r) => r.name)).toEqual([
        'Lafayette B',
        'Lock Haven B',
        'Bucknell B',
      ]);
    } finally {
      await again.app.close();
      await second.close();
      await processors.close();
    }
  });
});

describe('an upload whose job loses its database connection on its last try', () => {
  // Only PostgreSQL has connections to lose; the embedded database lives in the process.
  it.runIf(testDbKind() === 'postgres')(
    'is published once the database answers, not failed',
    async () => {
      const runtime = await createRuntime(config(), quietLogger);
      const { app, url } = await serve(runtime);
      try {
        const { club, admin } = await clubWithAdmin(runtime.db);
        const competition = await createCompetition(runtime.db, club.uic);
        const event = await createEvent(runtime.db, competition.uic);
        const client = await loggedIn(url, admin.email);
        // Stored and not yet run (no processors yet), with every try but one used up by
        // earlier runs that crashed.
        const { uploadId } = await accepted(
          await sendUpload(
            client,
            `/api/admin/events/${event.id}/upload-results`,
            [{ name: '003-1-01.lif', bytes: fixture('finishlynx', '003-1-01.lif') }],
            { type: 'LYNX_MEET_MANAGMENT' },
          ),
        );
        await runtime.db
          .updateTable('uploads')
          .set({ attempts: JOB_ATTEMPTS - 1 })
          .where('id', '=', uploadId)
          .execute();

        // The last try loses its connection in the middle of its apply, as it would to a
        // PostgreSQL restart or failover.
        const lock = await holdCompetition(runtime.db, competition.uic);
        try {
          runtime.queue.work(
            'uploads',
            uploadJob(runtime, (job) => Promise.resolve(parseUpload(job))),
          );
          await runtime.queue.enqueue('uploads', { uploadId }, { jobId: uploadId });
          await lock.untilBlocking();
          expect(await lock.terminateWaiting()).toBe(1);
        } finally {
          lock.release();
        }

        const done = await settled(client, uploadId);
        expect(done).toMatchObject({
          status: 'published',
          message: 'Results parsed successfully!',
        });
        const saved = await runtime.db
          .selectFrom('events')
          .select('results')
          .where('id', '=', event.id)
          .executeTakeFirstOrThrow();
        expect(saved.results.map((r) => r.name)).toEqual([
          'Lafayette B',
          'Lock Haven B',
          'Bucknell B',
        ]);
      } finally {
        await app.close();
        await runtime.close();
      }
    },
  );
});

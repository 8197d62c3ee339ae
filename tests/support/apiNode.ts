// A Rith API node in a process of its own, for tests and benchmarks that need several nodes
// or a server apart from the load generator. It reads its configuration from the
// environment as `npm start` does, listens on PORT (0: any free port), tells its parent the
// port over IPC, and runs the change services when the parent asks: a change committed
// "through this node" is committed and published by this process.
import { loadConfig } from '../../server/config.ts';
import { createRuntime } from '../../server/runtime.ts';
import { buildApp } from '../../server/app.ts';
import { updateEvent, type EventFields } from '../../server/events/service.ts';
import { updateCompetition, type CompetitionFields } from '../../server/competitions/service.ts';
import { ensurePricePlans } from '../../server/pricing/plans.ts';
import { athlete, createClub, createCompetition, createEvent } from './factory.ts';

const quietLogger = { info() {}, warn() {}, error() {} };

export type NodeRequest =
  | { op: 'updateEvent'; eventId: string; fields: EventFields }
  | { op: 'updateCompetition'; uic: number; fields: CompetitionFields }
  /** A club, a competition and one event with a start list of `rows` athletes. */
  | { op: 'fixture'; rows: number }
  /**
   * Memory use after a full garbage collection (needs --expose-gc): this process's, then each
   * live fan-out process's.
   */
  | { op: 'memory' };

export type NodeMessage =
  | { type: 'ready'; port: number }
  | { type: 'reply'; id: number; ok: true; value: unknown; at: number }
  | { type: 'reply'; id: number; ok: false; error: string };

/** A wall-clock time in milliseconds, comparable between processes on one machine. */
export const now = () => performance.timeOrigin + performance.now();

const send = (message: NodeMessage) => process.send?.(message);

async function main() {
  const config = loadConfig();
  const runtime = await createRuntime(config, quietLogger);
  await ensurePricePlans(runtime.db);
  const app = await buildApp(runtime, { serveClient: false, logger: false });
  await app.listen({ port: config.port, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');

  const run = async (request: NodeRequest): Promise<unknown> => {
    switch (request.op) {
      case 'updateEvent':
        return updateEvent(runtime, request.eventId, request.fields);
      case 'updateCompetition':
        return updateCompetition(runtime, request.uic, request.fields);
      case 'fixture': {
        const club = await createClub(runtime.db);
        const competition = await createCompetition(runtime.db, club.uic, { liveNow: true });
        const rows = Array.from({ length: request.rows }, (_, i) =>
          athlete({ name: `Athlete ${i + 1}`, bib: String(100 + i), lane: String(i + 1) }),
        );
        const event = await createEvent(runtime.db, competition.uic, { startListFile: rows });
        return { competitionUic: competition.uic, eventId: event.id };
      }
      case 'memory': {
        (globalThis as { gc?: () => void }).gc?.();
        const own = process.memoryUsage();
        return [own, ...((await app.liveFanout?.memory()) ?? [])];
      }
    }
  };

  process.on('message', (message: { id: number } & NodeRequest) => {
    run(message).then(
      (value) => send({ type: 'reply', id: message.id, ok: true, value, at: now() }),
      (err: unknown) =>
        send({ type: 'reply', id: message.id, ok: false, error: String((err as Error).message) }),
    );
  });
  process.on('disconnect', () => {
    void app
      .close()
      .then(() => runtime.close())
      .finally(() => process.exit(0));
  });
  send({ type: 'ready', port: address.port });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

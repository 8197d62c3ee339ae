import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { InProcessBus, RedisStreamBus, type Bus } from '../../server/infra/bus.ts';
import { BullMqQueue, InProcessQueue, type JobQueue } from '../../server/infra/queue.ts';
import type { LiveMessage } from '../../shared/live/messages.ts';
import { quietLogger, testDbKind } from '../support/app.ts';

const redisUrl = process.env.REDIS_URL;
// Scaled mode is exercised by the PostgreSQL project, which CI runs with Redis.
const scaled = Boolean(redisUrl) && testDbKind() === 'postgres';

const removed = (eventId: string): LiveMessage => ({
  name: 'event.removed',
  payload: { eventId, competitionUic: 7, version: 2 },
});

function until<T>(check: () => T | undefined, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      const value = check();
      if (value !== undefined) return resolve(value);
      if (Date.now() - started > ms) return reject(new Error('timed out'));
      setTimeout(tick, 20);
    };
    tick();
  });
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

// `acrossInstances`: whether two instances (two API nodes) share messages.
const buses: [string, () => Bus, boolean][] = [['in-process', () => new InProcessBus(), false]];
if (scaled) buses.push(['Redis stream', () => new RedisStreamBus(redisUrl!, quietLogger), true]);

describe.each(buses)('%s change bus', (_, make, acrossInstances) => {
  it('delivers a published change to every subscriber, in order', async () => {
    const [a, b] = [make(), make()];
    closers.push(
      () => a.close(),
      () => b.close(),
    );
    const got: string[][] = [[], []];
    a.subscribe((m) => m.name === 'event.removed' && got[0]!.push(m.payload.eventId));
    b.subscribe((m) => m.name === 'event.removed' && got[1]!.push(m.payload.eventId));
    // Let a Redis reader take its starting position before publishing.
    await new Promise((r) => setTimeout(r, 200));
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) a.publish(removed(id));
    const expected = acrossInstances ? [ids, ids] : [ids, []];
    await until(() => (got[0]!.length === 3 ? true : undefined));
    await until(() => (got[1]!.length === expected[1]!.length ? true : undefined));
    expect(got).toEqual(expected);
  });

  it('refuses a message that does not match its schema', async () => {
    const bus = make();
    closers.push(() => bus.close());
    expect(() =>
      bus.publish({ name: 'event.removed', payload: { eventId: 'nope' } } as never),
    ).toThrow();
  });
});

const queues: [string, () => JobQueue][] = [['in-process', () => new InProcessQueue(quietLogger)]];
if (scaled) queues.push(['BullMQ', () => new BullMqQueue(redisUrl!, quietLogger)]);

describe.each(queues)('%s job queue', (_, make) => {
  it('runs a job once per id, retrying a failure', async () => {
    const queue = make();
    closers.push(() => queue.close());
    const uploadId = randomUUID();
    // Queued after the rest, failing once like it: once its retry has run, a second job of
    // the doubled id, and its retry, would have run too.
    const sentinel = randomUUID();
    const runs: string[] = [];
    const sentinelRuns: string[] = [];
    queue.work('uploads', async ({ uploadId: id }) => {
      const ran = id === uploadId ? runs : id === sentinel ? sentinelRuns : null;
      if (!ran) return;
      ran.push(id);
      if (ran.length === 1) throw new Error('transient');
    });
    await queue.enqueue('uploads', { uploadId }, { jobId: uploadId });
    await queue.enqueue('uploads', { uploadId }, { jobId: uploadId });
    await until(() => (runs.length >= 2 ? true : undefined), 10_000);
    await queue.enqueue('uploads', { uploadId: sentinel }, { jobId: sentinel });
    await until(() => (sentinelRuns.length >= 2 ? true : undefined), 10_000);
    expect(runs).toEqual([uploadId, uploadId]);
  });

  it('refuses a payload that does not match the queue schema', async () => {
    const queue = make();
    closers.push(() => queue.close());
    await expect(queue.enqueue('uploads', { uploadId: 'x' }, { jobId: 'x' })).rejects.toThrow();
  });
});

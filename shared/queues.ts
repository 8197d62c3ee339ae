import { z } from 'zod';

/**
 * Every background queue with its job payload schema. Producers and the worker import this;
 * the worker validates each payload again before running it.
 */
export const queues = {
  uploads: z.object({ uploadId: z.uuid() }),
} as const;

export type QueueName = keyof typeof queues;
export type JobPayload<N extends QueueName> = z.infer<(typeof queues)[N]>;

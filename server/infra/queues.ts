import { z } from 'zod';

/**
 * Every background queue with its job payload schema. Producers and the worker import this;
 * the worker validates each payload again before running it.
 */
export const queues = {
  uploads: z.object({ uploadId: z.uuid() }),
  /** Push alerts due to the devices following athletes or clubs of a competition. */
  pushAlerts: z.object({ competitionUic: z.number().int().positive() }),
} as const;

export type QueueName = keyof typeof queues;
export type JobPayload<N extends QueueName> = z.infer<(typeof queues)[N]>;

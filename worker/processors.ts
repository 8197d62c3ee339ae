import type { QueueName } from '../shared/queues.ts';
import type { Runtime } from '../server/runtime.ts';

/**
 * Registers every job processor on the runtime's queue and returns the queue names it
 * serves. Upload parsing (the `uploads` queue) is added with the upload pipeline.
 */
export function registerProcessors(_runtime: Runtime): QueueName[] {
  return [];
}

import { z } from 'zod';
import { Competition } from '../schemas/competition.ts';
import { PublicEvent } from '../schemas/event.ts';

/**
 * Every message the change bus carries and Socket.IO pushes, with its payload schema.
 * Nothing is published that is not named here.
 */
export const liveMessages = {
  'event.changed': z.object({ event: PublicEvent, version: z.number().int() }),
  'event.removed': z.object({ eventId: z.uuid(), competitionUic: z.number().int() }),
  'competition.changed': z.object({ competition: Competition, version: z.number().int() }),
  'upload.status': z.object({
    uploadId: z.uuid(),
    clubUic: z.number().int(),
    eventId: z.uuid().nullable(),
    status: z.enum(['queued', 'parsing', 'published', 'failed']),
    message: z.string().nullable(),
  }),
} as const;

export type LiveMessageName = keyof typeof liveMessages;
export type LiveMessage = {
  [N in LiveMessageName]: { name: N; payload: z.infer<(typeof liveMessages)[N]> };
}[LiveMessageName];

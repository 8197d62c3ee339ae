import { z } from 'zod';
import type { ErrorCode } from '../../shared/errorCodes.ts';
import type { Competition } from '../../shared/schemas/competition.ts';
import type { PublicEvent } from '../../shared/schemas/event.ts';
import type { TeamScores } from '../../shared/schemas/teamScores.ts';

/*
 * The open live feed (README "The open live feed"): a plain WebSocket for scoreboards,
 * commentators' tools and third parties that do not speak Socket.IO.
 */
export const FEED_PATH = '/feed';

/** GET /feed: one competition, or one event (with its competition's changes). */
export const FeedQuery = z
  .object({
    competitionUic: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    eventId: z.uuid().optional(),
  })
  .refine((query) => (query.competitionUic === undefined) !== (query.eventId === undefined), {
    message: 'Give exactly one of competitionUic and eventId',
  });

/**
 * What the feed sends, one JSON message per text frame. Events are whole, as
 * GET /api/events/{id} answers them; competitions as GET /api/competitions/{uic}.
 * `versions` is keyed `competition:{uic}` and `event:{id}`, as the Socket.IO ack is.
 */
export type FeedMessage =
  | {
      type: 'snapshot';
      competition: Competition;
      events: PublicEvent[];
      versions: Record<string, number>;
    }
  | { type: 'event.changed'; version: number; event: PublicEvent }
  | { type: 'event.removed'; eventId: string; version: number }
  | { type: 'competition.changed'; version: number; competition: Competition }
  | { type: 'event.clock'; eventId: string; state: 'running' | 'stopped'; elapsedMs: number }
  /** A competition feed's team tables (GET /api/competitions/{uic}/team-scores), as they change. */
  | { type: 'team-scores'; competitionUic: number; tables: TeamScores['tables'] }
  | { type: 'error'; code: ErrorCode; message: string };

/** How the server closes a feed, beside the standard codes (1001 stopping, 1008 flooding). */
export const FEED_CLOSE = {
  /** The competition or event is no longer public (found at a fresh snapshot). */
  notFound: 4404,
  /** The address holds as many live sockets as it may. */
  tooManyConnections: 4429,
  /** The competition's snapshot is too large to send whole: follow its events one by one. */
  tooLarge: 4413,
} as const;

import { z } from 'zod';
import { Competition } from '../schemas/competition.ts';
import { AthleteRow } from '../schemas/athlete.ts';
import { LiveResults, PublicEvent } from '../schemas/event.ts';
import { NULLABLE_ROW_FIELDS } from './pushedEvent.ts';
import { UploadFileReport } from '../schemas/upload.ts';
import { AgentStatus } from '../schemas/timingRoom.ts';

const PushedRows = z.array(AthleteRow.partial(NULLABLE_ROW_FIELDS));
/** An event in its pushed form (pushedEvent.ts): no competition or club, no empty row fields. */
const PushedEvent = PublicEvent.omit({ competition: true, club: true }).extend({
  results: PushedRows,
  startListFile: PushedRows,
  overall: PushedRows,
  live: LiveResults.extend({ rows: PushedRows }).nullable(),
});
/** The event as pushed when its scoreboard lines alone changed (pushedEvent.ts). */
const PushedLinesEvent = PushedEvent.omit({ results: true, startListFile: true, overall: true });

/**
 * Every message the change bus carries and Socket.IO pushes, with its payload schema.
 * Nothing is published that is not named here.
 */
export const liveMessages = {
  /**
   * The public event at `version`, in its compact form: the page puts it together with the
   * competition and club it holds (`competitionVersion` says which version of the
   * competition the event was published under, for the page's hidden-competition rule).
   */
  'event.changed': z.object({
    event: PushedEvent,
    competitionVersion: z.number().int(),
    version: z.number().int(),
  }),
  /**
   * The event changed to `version`, but its payload is larger than a message may be
   * (MAX_LIVE_MESSAGE_BYTES): sent instead of `event.changed` (or `event.live`), and the
   * pages holding the event or its competition's list ask the API for it again.
   */
  'event.outdated': z.object({
    eventId: z.uuid(),
    competitionUic: z.number().int(),
    version: z.number().int(),
  }),
  /**
   * The event changed to `version` by its scoreboard lines alone (server/events/live.ts), so
   * it comes without the rows the lines never change: its start list (hundreds of rows
   * sometimes, pushed many times a second during a race otherwise), results and overall.
   * Over the event a page holds at any version from `since` to `version - 1`, it is the
   * event at `version` (shared/live/liveLines.ts); a page holding another version asks for
   * the event again, as for `event.outdated`. `since` is `version - 1`, or older once a
   * burst has been coalesced.
   */
  'event.live': z.object({
    event: PushedLinesEvent,
    competitionVersion: z.number().int(),
    since: z.number().int(),
    version: z.number().int(),
  }),
  /**
   * The event left the public site (hidden, deleted, or its competition hidden). `version` is
   * the version of that change, so a client can tell it from an older or a later state.
   */
  'event.removed': z.object({
    eventId: z.uuid(),
    competitionUic: z.number().int(),
    version: z.number().int(),
  }),
  /** A competition the public sees, or one that was just hidden (`visible: false`). */
  'competition.changed': z.object({ competition: Competition, version: z.number().int() }),
  'upload.status': z.object({
    uploadId: z.uuid(),
    clubUic: z.number().int(),
    eventId: z.uuid().nullable(),
    status: z.enum(['queued', 'parsing', 'published', 'failed']),
    message: z.string().nullable(),
    /** Per file: what it wrote, its warnings or why it was refused (empty until known). */
    files: z.array(UploadFileReport).max(200),
    /**
     * The reports were too large for a message (MAX_LIVE_MESSAGE_BYTES) and were left out:
     * the page reads them from GET /api/admin/uploads/{id}.
     */
    filesOmitted: z.boolean().optional(),
  }),
  /**
   * A heat's race clock from the finish camera: running (spectators' pages tick it on from
   * `elapsedMs`) or stopped. Not kept: a page that missed it waits for the next one.
   */
  'event.clock': z.object({
    eventId: z.uuid(),
    competitionUic: z.number().int(),
    state: z.enum(['running', 'stopped']),
    elapsedMs: z.number().int().min(0),
  }),
  /** What a competition's timing room agent last reported, for the club's admins. */
  'agent.status': z.object({
    clubUic: z.number().int(),
    competitionUic: z.number().int(),
    tokenId: z.uuid(),
    agent: AgentStatus,
  }),
  /**
   * Sessions that ended (logout, password reset): every node drops their sockets from the
   * club-admin rooms. Never sent to a browser.
   */
  'session.ended': z.object({ sessionHashes: z.array(z.string()).max(10_000) }),
} as const;

/**
 * The largest message, JSON-encoded, that the bus carries (and so the Redis stream keeps and
 * every spectator is pushed): an event with a few hundred result rows fits easily. A larger
 * one is never sent as it is; server/infra/bus.ts sends a small notice in its place
 * (`event.outdated` for an event or its lines, an `upload.status` without its reports) and
 * the page fetches the rest.
 */
export const MAX_LIVE_MESSAGE_BYTES = 256 * 1024;

export type LiveMessageName = keyof typeof liveMessages;
export type LiveMessage = {
  [N in LiveMessageName]: { name: N; payload: z.infer<(typeof liveMessages)[N]> };
}[LiveMessageName];
export type LivePayload<N extends LiveMessageName> = z.infer<(typeof liveMessages)[N]>;

/** What a client may subscribe to (`subscribe` and `unsubscribe` take the same shapes). */
export const LiveTarget = z.union([
  z.strictObject({ competitionUic: z.number().int().positive().max(2_147_483_647) }),
  z.strictObject({ eventId: z.uuid() }),
  z.strictObject({ clubAdminUic: z.number().int().positive().max(2_147_483_647) }),
]);
export type LiveTarget = z.infer<typeof LiveTarget>;

/**
 * The answer to `subscribe`: the current version of everything the room covers, read after
 * the socket joined it, keyed `competition:{uic}` and `event:{id}`. A client holding an older
 * version (or an entry the snapshot lacks) refetches; later changes arrive as messages.
 */
export const SubscribeAck = z.union([
  z.object({ ok: z.literal(true), versions: z.record(z.string(), z.number().int()) }),
  /** `retry`: refused for now (too many requests, a failure), worth asking again later. */
  z.object({ ok: z.literal(false), error: z.string(), retry: z.boolean().optional() }),
]);
export type SubscribeAck = z.infer<typeof SubscribeAck>;

import type { IncomingHttpHeaders } from 'node:http';
import type { Config } from '../../config.ts';
import type { LiveMessage } from '../../../shared/live/messages.ts';

/*
 * The IPC messages between the API process and its fan-out processes (pool.ts, child.ts).
 * Both ends are this code at the same version, started together: the messages are typed,
 * not validated.
 */

/** What a fan-out process needs of the configuration, sent once as it starts. */
export type FanoutConfig = Pick<Config, 'publicUrl' | 'trustProxyHops' | 'logLevel'>;

/** What a fan-out process asks of the API process's data (backend.ts). */
export type Question =
  | { op: 'eventCompetition'; eventId: string }
  | { op: 'versions'; of: { competitionUic: number; eventId?: string } }
  | { op: 'sessionClubs'; sessionId: string | undefined };

/** A websocket upgrade, sent with its TCP socket: the request as parsed, and what followed. */
export interface SocketHandover {
  type: 'socket';
  url: string;
  headers: IncomingHttpHeaders;
  /** Bytes after the request's headers (base64): usually none. */
  head: string;
  /**
   * The client's address as the API process counted it (connections.ts): released when
   * the socket closes, or at once when it arrives without its handle (reset on the way).
   */
  address: string;
}

export type ToFanout =
  | { type: 'init'; config: FanoutConfig }
  | SocketHandover
  | { type: 'bus'; message: LiveMessage; committedAt: number }
  /** The API process's bus may have missed messages: pages should resync. */
  | { type: 'gap' }
  | { type: 'answer'; id: number; ok: true; value: unknown }
  | { type: 'answer'; id: number; ok: false; error: string }
  | { type: 'memory' }
  /** Whether the process still answers (member.ts kills one that does not). */
  | { type: 'ping' }
  | { type: 'close' };

export type FromFanout =
  | { type: 'ready' }
  | { type: 'ask'; id: number; question: Question }
  /** A socket handed over has closed: its address holds one fewer. */
  | { type: 'released'; address: string }
  | { type: 'spectators'; delta: number }
  | { type: 'pushed'; message: LiveMessage['name']; seconds: number }
  | { type: 'memory'; usage: NodeJS.MemoryUsage }
  | { type: 'pong' };

import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import type {
  LiveMessage,
  LivePayload,
  LiveTarget,
  SubscribeAck,
} from '../../shared/live/messages.ts';

const NAMES = [
  'event.changed',
  'event.live',
  'event.outdated',
  'event.removed',
  'competition.changed',
  'upload.status',
  'event.clock',
  'agent.status',
] as const;

/**
 * A Socket.IO client as a spectator's page holds one, recording every message it is
 * pushed, for tests that assert what reaches (and what never reaches) a page.
 */
export class Spectator {
  readonly messages: LiveMessage[] = [];
  private readonly waiters = new Set<() => void>();

  private constructor(readonly socket: Socket) {
    for (const name of NAMES) {
      socket.on(name, (payload: unknown) => {
        this.messages.push({ name, payload } as LiveMessage);
        for (const wake of this.waiters) wake();
      });
    }
  }

  static async connect(url: string, headers: Record<string, string> = {}): Promise<Spectator> {
    const socket = io(url, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      extraHeaders: headers,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return new Spectator(socket);
  }

  subscribe(target: LiveTarget | Record<string, unknown>): Promise<SubscribeAck> {
    return this.socket.timeout(5_000).emitWithAck('subscribe', target) as Promise<SubscribeAck>;
  }

  unsubscribe(target: LiveTarget): Promise<SubscribeAck> {
    return this.socket.timeout(5_000).emitWithAck('unsubscribe', target) as Promise<SubscribeAck>;
  }

  /** The first message (already received or still to come) that `match` accepts. */
  next<M extends LiveMessage>(match: (m: LiveMessage) => m is M, ms?: number): Promise<M>;
  next(match: (m: LiveMessage) => boolean, ms?: number): Promise<LiveMessage>;
  next(match: (m: LiveMessage) => boolean, ms = 5_000): Promise<LiveMessage> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.messages.find(match);
        if (!found) return false;
        this.waiters.delete(wake);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const wake = () => void check();
      const timer = setTimeout(() => {
        this.waiters.delete(wake);
        reject(new Error(`no matching live message within ${ms} ms`));
      }, ms);
      this.waiters.add(wake);
      check();
    });
  }

  close(): void {
    this.socket.close();
  }
}

/** Waits a little and returns what arrived meanwhile: for asserting that nothing did. */
export async function quietFor(ms = 300): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
}

/** An upload's status as the club's admins are told it: published, of no event. */
export function publishedUpload(clubUic: number): LivePayload<'upload.status'> {
  return {
    uploadId: randomUUID(),
    clubUic,
    eventId: null,
    status: 'published',
    message: null,
    files: [],
  };
}

import type { io as connectSocket, Socket } from 'socket.io-client';
import type { QueryClient } from '@tanstack/react-query';
import type { LivePayload, LiveTarget, SubscribeAck } from '../../shared/live/messages.ts';
import type { UploadView } from '../../shared/schemas/upload.ts';
import { RESYNC, roomOf } from '../../shared/live/protocol.ts';
import { LiveCache } from './liveCache.ts';
import { request } from './http.ts';

/**
 * Messages a component may listen to itself. The others only ever update the data cache;
 * an upload's progress belongs to the dialog that started it, an agent's status to the
 * timing room panel, a race clock to the heat's page: none is a cached query.
 */
const listenedMessages = ['upload.status', 'agent.status', 'event.clock'] as const;
export type ListenedMessage = (typeof listenedMessages)[number];
type MessageListener<N extends ListenedMessage> = (payload: LivePayload<N>) => void;
type Listeners = { [N in ListenedMessage]: Set<MessageListener<N>> };

/** 'connecting' until the first connection; 'reconnecting' whenever it is lost after that. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

const ACK_TIMEOUT_MS = 10_000;
/** When the Socket.IO client could not be loaded (a network hiccup), try again after this. */
const LOAD_RETRY_MS = 5_000;
/** A subscription the server asked to renew later: after 2 s, 4 s, … at most 30 s. */
const RETRY_BASE_MS = 2_000;
const RETRY_MAX_MS = 30_000;
/** Spread re-subscriptions after a server-side resync, so spectators do not all ask at once. */
const RESYNC_SPREAD_MS = 2_000;
/**
 * Spread the refetches of an event pushed by its version alone the same way: too large to
 * push (`event.outdated`), or lines a page cannot put together (`event.live`).
 */
const REFETCH_SPREAD_MS = 1_000;

export interface LiveOptions {
  /** The server to connect to; the page's own origin when absent. */
  url?: string;
}

/**
 * The page's one Socket.IO connection. Pages subscribe to what they show; pushed changes
 * are written into the data cache, and on every (re)connect each subscription is renewed
 * and whatever fell behind meanwhile is refetched.
 */
export class LiveConnection {
  private socket: Socket | null = null;
  private loading = false;
  private closed = false;
  private readonly subscriptions = new Map<string, { target: LiveTarget; count: number }>();
  /** Rooms asked for on this connection and not answered yet: the page is not live until none. */
  private readonly awaiting = new Set<string>();
  private readonly cache: LiveCache;
  private status: LiveStatus = 'connecting';
  private readonly statusListeners = new Set<() => void>();
  private readonly messageListeners: Listeners = {
    'upload.status': new Set(),
    'agent.status': new Set(),
    'event.clock': new Set(),
  };

  constructor(
    queryClient: QueryClient,
    private readonly options: LiveOptions = {},
  ) {
    this.cache = new LiveCache(queryClient, (refetch) => {
      setTimeout(refetch, Math.random() * REFETCH_SPREAD_MS);
    });
  }

  /** Subscribes (counting repeats, so two components can share a room); returns the undo. */
  subscribe(target: LiveTarget): () => void {
    const room = roomOf(target);
    const held = this.subscriptions.get(room);
    if (held) {
      held.count += 1;
    } else {
      this.subscriptions.set(room, { target, count: 1 });
      if (this.socket?.connected) this.send(this.socket, target);
      else this.connect();
    }
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const entry = this.subscriptions.get(room);
      if (!entry || --entry.count > 0) return;
      this.subscriptions.delete(room);
      this.answered(room);
      if (this.socket?.connected) this.socket.emit('unsubscribe', target);
    };
  }

  getStatus = (): LiveStatus => this.status;

  onStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  /** Calls `listener` with every `name` message this page receives; returns the undo. */
  onMessage = <N extends ListenedMessage>(name: N, listener: MessageListener<N>): (() => void) => {
    const listeners = this.messageListeners[name] as Set<MessageListener<N>>;
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  close(): void {
    this.closed = true;
    this.socket?.disconnect();
    this.socket = null;
  }

  private setStatus(status: LiveStatus): void {
    if (status === this.status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener();
  }

  /**
   * The Socket.IO client is loaded after the page's first render: what the page fetched is
   * on screen without waiting for it. Once connected, every subscription is sent.
   */
  private connect(): void {
    if (this.socket || this.loading || this.closed) return;
    this.loading = true;
    import('socket.io-client').then(
      ({ io }) => {
        this.loading = false;
        if (!this.closed) this.open(io);
      },
      () => {
        this.loading = false;
        this.setStatus('reconnecting');
        setTimeout(() => this.connect(), LOAD_RETRY_MS);
      },
    );
  }

  private open(io: typeof connectSocket): void {
    const options = {
      path: '/socket.io',
      // Websocket first: no sticky sessions needed behind a load balancer. Polling is the
      // fallback for networks that block websockets.
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      withCredentials: true,
    };
    const socket = this.options.url ? io(this.options.url, options) : io(options);
    this.socket = socket;

    socket.on('connect', () => {
      this.awaiting.clear();
      for (const { target } of this.subscriptions.values()) this.send(socket, target);
      this.answered(null);
    });
    socket.on('disconnect', (reason) => {
      this.setStatus('reconnecting');
      // The client gives up after a server-side disconnect; a spectator's page should not.
      if (reason === 'io server disconnect') socket.connect();
    });
    socket.on('connect_error', () => this.setStatus('reconnecting'));

    socket.on('event.changed', (payload: LivePayload<'event.changed'>) =>
      this.cache.eventChanged(payload),
    );
    socket.on('event.removed', (payload: LivePayload<'event.removed'>) =>
      this.cache.eventRemoved(payload),
    );
    socket.on('event.live', (payload: LivePayload<'event.live'>) => this.cache.eventLive(payload));
    socket.on('event.outdated', (payload: LivePayload<'event.outdated'>) =>
      this.cache.eventOutdated(payload),
    );
    socket.on('competition.changed', (payload: LivePayload<'competition.changed'>) =>
      this.cache.competitionChanged(payload),
    );
    for (const name of listenedMessages) {
      socket.on(name, (payload: LivePayload<typeof name>) => {
        const upload = name === 'upload.status' ? (payload as LivePayload<typeof name>) : null;
        if (upload?.filesOmitted) {
          // The API's view is at least as new as the message: delivered late, it is no older.
          void this.withReports(upload).then((full) => this.deliver('upload.status', full));
          return;
        }
        this.deliver(name, payload);
      });
    }
    socket.on(RESYNC, () => {
      setTimeout(() => {
        if (!socket.connected) return;
        for (const { target } of this.subscriptions.values()) this.send(socket, target);
      }, Math.random() * RESYNC_SPREAD_MS);
    });
  }

  private deliver<N extends ListenedMessage>(name: N, payload: LivePayload<N>): void {
    const listeners = this.messageListeners[name] as Set<MessageListener<N>>;
    for (const listener of listeners) listener(payload);
  }

  /**
   * An upload's status whose reports were too large for a message comes without them: they
   * are read from the API (the admin's session cookie goes with the request). Should that
   * fail, the status goes on as it came; the upload's own polling finds the reports later.
   */
  private async withReports(
    payload: LivePayload<'upload.status'>,
  ): Promise<LivePayload<'upload.status'>> {
    try {
      const url = `${this.options.url ?? ''}/api/admin/uploads/${payload.uploadId}`;
      const view = await request<UploadView>(url, { credentials: 'include' });
      return {
        ...payload,
        status: view.status,
        message: view.message,
        files: view.files,
        filesOmitted: false,
      };
    } catch {
      return payload;
    }
  }

  /** A room's request is settled (or `null`: none); live once nothing is awaited. */
  private answered(room: string | null): void {
    if (room !== null) this.awaiting.delete(room);
    if (this.socket?.connected && this.awaiting.size === 0) this.setStatus('live');
  }

  private send(socket: Socket, target: LiveTarget, attempt = 1): void {
    const room = roomOf(target);
    this.awaiting.add(room);
    socket
      .timeout(ACK_TIMEOUT_MS)
      .emit('subscribe', target, (err: Error | null, ack?: SubscribeAck) => {
        if (!this.subscriptions.has(room)) return;
        // Lost with the connection: the next connect asks again.
        if (!socket.connected) return;
        if (err || (ack && !ack.ok && ack.retry)) {
          // Nothing reaches this page until the server takes the subscription.
          this.setStatus('reconnecting');
          const wait = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (attempt - 1));
          setTimeout(() => {
            if (socket.connected && this.subscriptions.has(room)) {
              this.send(socket, target, attempt + 1);
            }
          }, wait);
          return;
        }
        // A refusal for good ('Event not found') leaves the page to what it fetched.
        if (ack?.ok) this.cache.reconcile(target, ack.versions);
        this.answered(room);
      });
  }
}

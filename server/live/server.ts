import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { Db } from '../db/connect.ts';
import type { Bus } from '../infra/bus.ts';
import {
  liveProcesses,
  livePublications,
  livePushLatency,
  liveSpectators,
} from '../infra/metrics.ts';
import type { Config } from '../config.ts';
import { localBackend } from './backend.ts';
import { ConnectionCounts } from './connections.ts';
import { SharedCounts } from './sharedCounts.ts';
import { clientAddress, createLiveHub, LIVE_SERVER_OPTIONS, type LiveMetrics } from './hub.ts';
import { FanoutPool } from './fanout/pool.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Socket.IO server spectators' pages are connected to. */
    io: Server;
    /** The fan-out processes beside this one (null when this process holds every socket). */
    liveFanout: FanoutPool | null;
  }
}

export type UpgradeListener = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

/** What other live paths (the open feed, server/feed/) share with Socket.IO. */
export interface LiveServer {
  io: Server;
  /** Live sockets per client address: Socket.IO's and the feed's count against one limit. */
  connections: ConnectionCounts;
  /** Upgrades to this exact path go to `listener`; Engine.IO and the fan-out never see them. */
  routeUpgrades(pathname: string, listener: UpgradeListener): void;
}

const metrics: LiveMetrics = {
  spectators: (delta) => liveSpectators.inc(delta),
  pushed(message, seconds) {
    livePublications.inc({ message });
    livePushLatency.observe({ message }, seconds);
  },
};
/** A fan-out process's pushes: the same publications again, so only their latency counts. */
const fanoutMetrics: LiveMetrics = {
  spectators: metrics.spectators,
  pushed: (message, seconds) => livePushLatency.observe({ message }, seconds),
};

/**
 * Socket.IO on the API's own port (path /socket.io). Pages subscribe to rooms; every change
 * the bus carries is pushed to them, encoded once per broadcast per process. With
 * LIVE_PROCESSES above 1, fresh websockets are spread over fan-out processes (fanout/) so
 * one publication is written by every core at once.
 */
export function attachLiveServer(
  app: FastifyInstance,
  deps: { db: Db; bus: Bus; config: Config },
): LiveServer {
  const { db, bus, config } = deps;
  const connections = new ConnectionCounts(config.liveMaxConnectionsPerAddress);
  const shared = config.redisUrl
    ? new SharedCounts(
        config.redisUrl,
        config.rateLimitPrefix,
        () => connections.entries(),
        app.log,
      )
    : null;
  if (shared) {
    connections.share(shared);
    // A node takes sockets once it hears the others' counts, not before.
    app.addHook('onReady', () => shared.joined);
  }
  const addressOf = (request: IncomingMessage) => clientAddress(request, config.trustProxyHops);
  const io = new Server(app.server, {
    ...LIVE_SERVER_OPTIONS,
    // One address may hold only so many sockets (each costs tens of kilobytes).
    allowRequest: (request, callback) => {
      if (connections.allows(addressOf(request))) callback(null, true);
      else callback('Too many connections from this address', false);
    },
  });
  const backend = localBackend({ db, reads: app.publicReads });
  const hub = createLiveHub(io, { backend, bus, config, log: app.log, metrics, connections });

  const fanout =
    config.liveProcesses > 1
      ? new FanoutPool({
          size: config.liveProcesses - 1,
          config,
          log: app.log,
          backend,
          bus,
          connections,
          metrics: fanoutMetrics,
          onProcesses: (count) => liveProcesses.set(count),
          localLoad: () => io.engine.clientsCount,
        })
      : null;
  liveProcesses.set(1);
  // Engine.IO listens for upgrades on the HTTP server (and ends any to another path after a
  // second); one listener in front of it sends the routed paths elsewhere, and the pool sees
  // each of Engine.IO's first and takes the sockets that are another process's turn.
  const routed = new Map<string, UpgradeListener>();
  const local = app.server.listeners('upgrade') as UpgradeListener[];
  app.server.removeAllListeners('upgrade');
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const other = routed.get((request.url ?? '/').split('?', 1)[0]!);
    if (other) return other(request, socket, head);
    if (fanout?.take(request, socket, head, addressOf(request))) return;
    for (const listener of local) listener.call(app.server, request, socket, head);
  });

  app.decorate('io', io);
  app.decorate('liveFanout', fanout);
  if (fanout) app.addHook('onReady', () => fanout.started());
  app.addHook('preClose', async () => {
    hub.close();
    // Closing the transports (not disconnecting the sockets) lets pages reconnect by
    // themselves to this node when it is back, or to another one.
    io.engine.close();
    await fanout?.close();
    await shared?.close();
  });
  return {
    io,
    connections,
    routeUpgrades: (pathname, listener) => routed.set(pathname, listener),
  };
}

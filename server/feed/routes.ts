import { createServer } from 'node:http';
import type { FastifyRequest } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Bus } from '../infra/bus.ts';
import type { Config } from '../config.ts';
import { NotFound, sendError, TooManyRequests } from '../errors.ts';
import { clientAddress } from '../live/hub.ts';
import type { LiveServer } from '../live/server.ts';
import { FEED_CLOSE, FEED_PATH, FeedQuery } from './schemas.ts';
import { FeedHub, refuse } from './hub.ts';
import { resolveScope, type FeedScope } from './snapshot.ts';

/** Clients only ever send a keep-alive, if anything: a larger message is closed with 1009. */
const MAX_CLIENT_MESSAGE_BYTES = 1024;
/** What a refused connection is told to wait before trying again. */
const RETRY_AFTER_S = 10;

/**
 * GET /feed?competitionUic= or ?eventId=: the open live feed (README "The open live feed"), a
 * plain WebSocket for scoreboards, commentators' tools and third parties. Served beside
 * Socket.IO, counted against the same per-address limit.
 */
export const feedRoutes: FastifyPluginAsyncZod<{
  bus: Pick<Bus, 'subscribe'>;
  config: Pick<Config, 'trustProxyHops'>;
  live: LiveServer;
}> = async (app, { bus, config, live }) => {
  const hub = new FeedHub({ reads: app.publicReads, bus, log: app.log });
  // @fastify/websocket routes every upgrade of the server it listens on through Fastify, and
  // answers a path it has no route for itself: it listens on one that never listens, and the
  // live server hands it the feed's upgrades only (Socket.IO's never reach it).
  const upgrades = createServer();
  live.routeUpgrades(FEED_PATH, (request, socket, head) => {
    // Nobody listens once the node is closing: the client reconnects, to another node.
    if (!upgrades.emit('upgrade', request, socket, head)) socket.destroy();
  });
  await app.register(fastifyWebsocket, {
    options: { server: upgrades, maxPayload: MAX_CLIENT_MESSAGE_BYTES, clientTracking: false },
    preClose: (done) => {
      hub.close();
      done();
    },
  });

  const addressOf = (request: FastifyRequest) => clientAddress(request.raw, config.trustProxyHops);
  // What the checks before the upgrade found, for the socket it opens.
  const scopes = new WeakMap<FastifyRequest, FeedScope>();

  app.route({
    method: 'GET',
    url: FEED_PATH,
    schema: { querystring: FeedQuery, hide: true },
    // Refused before the upgrade, with the API's error body and status.
    preHandler: async (request) => {
      const scope = await resolveScope(app.publicReads, request.query);
      if (!scope) {
        throw new NotFound(request.query.eventId ? 'Event not found' : 'Competition not found');
      }
      if (request.ws && !live.connections.allows(addressOf(request))) {
        throw new TooManyRequests('Too many live connections from this address.', RETRY_AFTER_S);
      }
      scopes.set(request, scope);
    },
    handler: (_request, reply) =>
      sendError(
        reply.header('upgrade', 'websocket'),
        426,
        'invalid_request',
        'The feed is a WebSocket: open it with new WebSocket(url).',
      ),
    wsHandler: (socket, request) => {
      const address = addressOf(request);
      // Others may have taken the last places since the check.
      if (!live.connections.admit(address)) {
        refuse(
          socket,
          FEED_CLOSE.tooManyConnections,
          'too_many_requests',
          'Too many live connections from this address.',
        );
        return;
      }
      socket.once('close', () => live.connections.release(address));
      hub.add(socket, scopes.get(request)!, address);
    },
  });
};

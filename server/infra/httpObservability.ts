import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { sendError } from '../errors.ts';
import { httpRequestDuration, registry } from './metrics.ts';
import { mayReadMetrics } from './metricsAccess.ts';

/** What a client is asked to wait while this node shuts down (another one will answer). */
const DRAINING_RETRY_AFTER_S = 5;

/**
 * Per request: its id back in X-Request-Id, its latency in the HTTP histogram, and once the
 * node is closing a 503 that says to try again (in-flight requests still finish), which
 * /readyz answers too, so a load balancer stops sending here. And GET /metrics, for the
 * private network or a bearer of METRICS_TOKEN.
 */
export function registerObservability(
  app: FastifyInstance,
  config: Pick<Config, 'metricsToken'>,
): void {
  let draining = false;
  // app.close() runs this before it stops accepting connections and waits for requests.
  app.addHook('preClose', async () => {
    draining = true;
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (draining) {
      reply.header('connection', 'close').header('retry-after', DRAINING_RETRY_AFTER_S);
      return sendError(reply, 503, 'unavailable', 'Rith is restarting. Please try again.');
    }
  });

  app.addHook('onResponse', async (request, reply) => {
    httpRequestDuration.observe(
      {
        method: request.method,
        // The pattern (/api/events/:id), never the address: one series per route.
        route: request.routeOptions.url ?? 'unmatched',
        status: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', async (request, reply) => {
    if (!mayReadMetrics(request.ip, request.headers.authorization, config.metricsToken)) {
      return sendError(
        reply,
        403,
        'forbidden',
        'Metrics are for the private network, or with Authorization: Bearer <METRICS_TOKEN>.',
      );
    }
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
}

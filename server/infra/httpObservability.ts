import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { sendError } from '../errors.ts';
import { httpRequestDuration, registry } from './metrics.ts';
import { mayReadMetrics } from './metricsAccess.ts';

/** What a client is asked to wait while this node shuts down (another one will answer). */
const DRAINING_RETRY_AFTER_S = 5;

/** A request slower than this is logged whatever the sample says. */
export const SLOW_REQUEST_MS = 1_000;
/** One request in this many is logged as a sample of the traffic; /metrics counts them all. */
export const REQUEST_LOG_SAMPLE = 1_000;

/**
 * Per request: its id back in X-Request-Id, its latency in the HTTP histogram, one log line
 * when it was slow or falls in the sample (every line at debug level), and once the
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
    request.log.debug({ method: request.method, url: request.url }, 'incoming request');
    if (draining) {
      reply.header('connection', 'close').header('retry-after', DRAINING_RETRY_AFTER_S);
      return sendError(reply, 503, 'unavailable', 'Rith is restarting. Please try again.');
    }
  });

  // Fastify's own two lines per request (disableRequestLogging in app.ts) cost a third of a
  // public read's throughput; operators keep what they use: failures, slow requests, a sample.
  let served = 0;
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const ms = reply.elapsedTime;
    httpRequestDuration.observe(
      {
        method: request.method,
        // The pattern (/api/events/:id), never the address: one series per route.
        route,
        status: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      ms / 1000,
    );
    served += 1;
    const line = {
      method: request.method,
      url: request.url,
      route,
      status: reply.statusCode,
      ms: Math.round(ms),
    };
    // Failures are logged where they happen (server/errors.ts), with their error.
    if (ms >= SLOW_REQUEST_MS) request.log.warn(line, 'slow request');
    else if (served % REQUEST_LOG_SAMPLE === 0) {
      request.log.info({ ...line, sample: `1/${REQUEST_LOG_SAMPLE}` }, 'request completed');
    } else request.log.debug(line, 'request completed');
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

import http from 'node:http';
import type { Config } from '../server/config.ts';
import { registry } from '../server/infra/metrics.ts';
import { mayReadMetrics } from '../server/infra/metricsAccess.ts';

/**
 * The worker's /metrics (upload jobs, queue depth, the process) on METRICS_PORT, with the
 * API's rule for who may read them. A plain server: the worker has no HTTP app.
 */
export async function serveWorkerMetrics(
  config: Pick<Config, 'host' | 'metricsToken'>,
  port: number,
): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const send = (status: number, type: string, body: string) =>
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      return send(404, 'text/plain', 'Not found');
    }
    // No proxy stands in front of a worker: the connection's address is the client's.
    const address = request.socket.remoteAddress;
    if (!mayReadMetrics(address, request.headers.authorization, config.metricsToken)) {
      return send(403, 'text/plain', 'Forbidden');
    }
    registry.metrics().then(
      (text) => send(200, registry.contentType, text),
      () => send(500, 'text/plain', 'Metrics failed'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, config.host, resolve);
  });
  return server;
}

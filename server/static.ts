import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

export const clientDist = fileURLToPath(new URL('../client/dist', import.meta.url));

/** Paths the single-page app answers itself; anything deeper is a 404 page. */
const appPaths = [
  /^\/$/,
  /^\/(competitions|pricing|privacy|terms|login|admin|reset-password)\/?$/,
  /^\/event\/[^/]+\/?$/,
  /^\/verify\/[^/]+\/?$/,
  /^\/register\/(competition|package)\/[^/]+\/?$/,
  /^\/[^/.]+(\/[^/.]+)?\/?$/,
];

/**
 * Serves the built client: hashed assets cached for a year, index.html never cached, and
 * index.html for every app path (with a 404 status for paths no page answers).
 */
export async function registerClient(app: FastifyInstance): Promise<void> {
  const indexFile = path.join(clientDist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`No built client at ${clientDist}: run "npm run build". The API still works.`);
  }
  await app.register(fastifyStatic, {
    root: clientDist,
    // Look files up per request, so a rebuilt client is served without a restart.
    wildcard: true,
    index: false,
    setHeaders(res, filePath) {
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=300',
      );
    },
  });
  const sendIndex = (reply: FastifyReply, status: number) => {
    if (!fs.existsSync(indexFile)) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The client is not built: run npm run build.');
    }
    return reply
      .status(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(fs.createReadStream(indexFile));
  };
  // The static wildcard would answer / as a directory listing it refuses.
  app.get('/', (_request, reply) => sendIndex(reply, 200));
  // A path with no file falls through to here: the app's index.html, never cached.
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api' || request.method !== 'GET') {
      return reply.status(404).send({ error: 'Not found' });
    }
    return sendIndex(reply, appPaths.some((re) => re.test(url)) ? 200 : 404);
  });
}

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Db } from './db/connect.ts';
import { previewFor, withPreview } from './linkPreview.ts';

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
export async function registerClient(
  app: FastifyInstance,
  deps: { db: Db; publicUrl: string | undefined },
): Promise<void> {
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
  // A path with no file falls through to here: the app's index.html, never cached, with the
  // event's or competition's link preview written in where the path names one.
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api' || request.method !== 'GET') {
      return reply.status(404).send({ error: 'Not found' });
    }
    const known = appPaths.some((re) => re.test(url));
    const preview = known && fs.existsSync(indexFile) ? await previewFor(deps.db, url) : null;
    if (!preview) return sendIndex(reply, known ? 200 : 404);
    const origin = deps.publicUrl ?? `${request.protocol}://${request.host}`;
    const html = withPreview(await fs.promises.readFile(indexFile, 'utf8'), preview, origin + url);
    return reply
      .status(200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  });
}

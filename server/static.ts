import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Db } from './db/connect.ts';
import { rootUrl } from './ownFiles.ts';
import { asNotFoundPage, lookUpPage, withPreview } from './linkPreview.ts';
import { matchPagePath, type PagePath } from './pagePaths.ts';
import { readPageData, withPageData, type PageData } from './pageData.ts';
import { pageRenderer, withMarkup } from './pageRender.ts';
import { paintFirst } from './paintFirst.ts';
import { visitorOf } from '../shared/visitor.ts';
import { SESSION_COOKIE } from './auth/sessions.ts';
import { sendError } from './errors.ts';
import { allowFraming } from './securityHeaders.ts';

const clientRoot = fileURLToPath(new URL('client', rootUrl));
export const clientDist = path.join(clientRoot, 'dist');
const indexFile = path.join(clientDist, 'index.html');

/**
 * The HTML a page loads: the site's, or for the stadium board, the widget and the field card
 * their own entry (client/board.html, client/embed.html, client/field.html), which carries
 * only their code.
 */
function htmlOf(match: PagePath): string {
  if (match.page === 'field') return path.join(clientDist, 'field.html');
  if (match.page === 'competition' && match.view) {
    return path.join(clientDist, `${match.view}.html`);
  }
  return indexFile;
}

/**
 * A built file's address (/assets/index-3f2a.js, /favicon.svg, /templates/x.xlsx): plain
 * segments and a name with an extension. Anything else is a page, so an odd or over-long
 * path reaches the not-found page rather than the file server's refusals.
 */
const FILE_PATH = /^(?:\/[\w-][\w.-]{0,99}){0,3}\/[\w-][\w.-]{0,99}\.\w{1,12}$/;

const isApi = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');
const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '/';
/** A browser asking for a page (or a file), not the API: answered with HTML. */
const wantsPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && !isApi(pathOf(request));

function sendHtml(reply: FastifyReply, status: number, html: string | fs.ReadStream) {
  return reply
    .status(status)
    .header('cache-control', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(html);
}

function clientMissing(reply: FastifyReply) {
  return reply.status(503).type('text/plain').send('The client is not built: run npm run build.');
}

/** The app's index.html with a 404 status: it shows its not-found page; crawlers drop it. */
async function sendNotFoundPage(reply: FastifyReply) {
  if (!fs.existsSync(indexFile)) return clientMissing(reply);
  const html = asNotFoundPage(await fs.promises.readFile(indexFile, 'utf8'));
  return sendHtml(reply.header('x-robots-tag', 'noindex'), 404, html);
}

/**
 * Fastify's own answer to an address it cannot decode (a broken %-escape): the not-found
 * page for a browser's page request, a JSON error for the API and for other methods.
 */
export function answerBadUrl(serveClient: boolean) {
  return (_error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (serveClient && wantsPage(request)) {
      // Fastify does not wait on this handler: a failed read still gets an answer.
      sendNotFoundPage(reply).catch((err: unknown) => {
        request.log.error({ err }, 'not-found page failed');
        if (!reply.sent) sendError(reply, 400, 'bad_url', 'The address is not valid.');
      });
      return;
    }
    sendError(reply, 400, 'bad_url', 'The address is not valid.');
  };
}

/**
 * Serves the built client: hashed assets cached for a year, index.html never cached, and
 * index.html for every page: 200 where the page exists (with the link preview of the event
 * or competition it names, and the data of a results page's first screen), 404 with noindex
 * where it does not.
 */
export async function registerClient(
  app: FastifyInstance,
  deps: { db: Db; publicUrl: string | undefined },
): Promise<void> {
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`No built client at ${clientDist}: run "npm run build". The API still works.`);
  }
  await app.register(fastifyStatic, {
    root: clientDist,
    // Only reply.sendFile: the route below decides what is a file. Files are looked up per
    // request, so a rebuilt client is served without a restart.
    serve: false,
    index: false,
    // The build wrote .br and .gz beside each asset (client/vite.config.ts): sent as the
    // browser accepts, with Vary: Accept-Encoding.
    preCompressed: true,
    setHeaders(res, filePath) {
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : // The worker and the manifest are checked on every visit: a new release reaches
            // every phone at its next page view.
            /(?:sw\.js|\.webmanifest)(?:\.br|\.gz)?$/.test(filePath)
            ? 'no-cache'
            : 'public, max-age=300',
      );
    },
  });

  const renderer = pageRenderer(clientRoot, app.log);
  const forFirstPaint = paintFirst(clientDist);
  // Loaded once the server listens, off the start-up's path, and before a visitor asks.
  app.addHook('onListen', async () => renderer.warmUp());

  /** The data of the page's first screen; a page without it still paints, a little later. */
  const pageData = (request: FastifyRequest, match: PagePath): Promise<PageData | null> =>
    readPageData(app.publicReads, {
      pathname: pathOf(request),
      match,
      search: new URLSearchParams(request.url.slice(pathOf(request).length)),
      signedIn: request.cookies[SESSION_COOKIE] !== undefined,
    }).catch((err: unknown) => {
      request.log.error({ err }, 'page data failed: the page is served without it');
      return null;
    });

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = pathOf(request);
    if (!fs.existsSync(indexFile)) return clientMissing(reply);
    const match = matchPagePath(url);
    // The widget's frame says so itself when its meet is not there: framed, found or not.
    if (match?.page === 'competition' && match.view === 'embed') allowFraming(reply);
    const page = match ? await lookUpPage({ db: deps.db, reads: app.publicReads }, match) : null;
    if (!match || !page?.found) return sendNotFoundPage(reply);
    const data = await pageData(request, match);
    const file = htmlOf(match);
    if (!page.preview && !data) return sendHtml(reply, 200, fs.createReadStream(file));
    let html = await fs.promises.readFile(file, 'utf8');
    const origin = deps.publicUrl ?? `${request.protocol}://${request.host}`;
    if (page.preview) html = withPreview(html, page.preview, origin + url);
    if (data) {
      const visitor = visitorOf(request.cookies);
      const markup = await renderer.render({ url: request.url, origin, visitor }, data);
      if (markup !== null) {
        html = withMarkup(html, markup, request.url);
        // The file cannot be read (a build under way): the links stay, and the page works.
        html = await forFirstPaint(html).catch(() => html);
      }
      html = withPageData(html, data);
    }
    return sendHtml(reply, 200, html);
  };

  app.get('/*', async (request, reply) => {
    const url = pathOf(request);
    if (isApi(url)) return sendError(reply, 404, 'not_found', 'Not found');
    // A missing file falls through to the not-found handler below.
    if (FILE_PATH.test(url)) return reply.sendFile(url.slice(1));
    return sendPage(request, reply);
  });
  app.setNotFoundHandler(async (request, reply) => {
    if (wantsPage(request)) return sendNotFoundPage(reply);
    return sendError(reply, 404, 'not_found', 'Not found');
  });
}

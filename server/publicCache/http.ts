import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotFound } from '../errors.ts';
import { COMPRESS_MIN_BYTES, type Cached, type Encoding } from './cache.ts';

/**
 * Shared caches (a CDN, nginx) may keep a public payload for a second and serve it a little
 * longer while they ask again, so a crowd opening one shared link costs one request a second.
 * Browsers revalidate every read (client/lib/api.ts): a page never shows an older version
 * than a live message has announced.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=1, stale-while-revalidate=5';

/** Whether If-None-Match names this (weak) tag; weak comparison, as RFC 9110 asks for it. */
export function isNotModified(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header === etag) return true;
  const opaque = etag.slice(2);
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || (value.startsWith('W/') ? value.slice(2) : value) === opaque;
  });
}

/**
 * The compressed form to send: brotli or gzip when Accept-Encoding allows, else none. The
 * negotiator @fastify/static and @fastify/compress use, so every answer of a node agrees;
 * brotli first on a tie (smaller for the same work).
 */
const encodings = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'] });

export function acceptedEncoding(header: string | undefined): Encoding | null {
  return header ? encodings.negotiate(header) : null;
}

/**
 * Answers with a cached payload: 304 when the client holds it, else its bytes as they are
 * (never through the route's serializer: they were made by the same schema when filled),
 * compressed when the client accepts it. A payload the public may not see is a 404.
 */
export async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: Cached<unknown>,
  missing = 'Not found',
  /** A payload that is not JSON (a PDF, a CSV): its type; a PDF is compressed already. */
  as: { type: string; compress: boolean } = {
    type: 'application/json; charset=utf-8',
    compress: true,
  },
): Promise<FastifyReply> {
  if (!cached.json) throw new NotFound(missing);
  reply
    .header('cache-control', PUBLIC_CACHE_CONTROL)
    .header('etag', cached.etag)
    .header('vary', 'accept-encoding');
  if (isNotModified(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  reply.type(as.type);
  const encoding =
    as.compress && cached.json.length >= COMPRESS_MIN_BYTES
      ? acceptedEncoding(request.headers['accept-encoding'])
      : null;
  if (encoding === null) return reply.send(cached.json);
  return reply.header('content-encoding', encoding).send(await cached.encoded(encoding));
}

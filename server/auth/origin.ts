import type { IncomingMessage } from 'node:http';

/**
 * The origin (scheme, host and port) the site's own pages are served from: the configured
 * public URL, or without one the request's own scheme and Host (the scheme as a trusted
 * proxy saw it, as Fastify's request.protocol does).
 */
export function siteOrigin(
  publicUrl: string | undefined,
  request: Pick<IncomingMessage, 'headers' | 'socket'>,
  trustProxyHops: number,
): string | undefined {
  if (publicUrl !== undefined) return new URL(publicUrl).origin;
  const host = request.headers.host;
  if (host === undefined) return undefined;
  const forwarded = request.headers['x-forwarded-proto'];
  const proto =
    trustProxyHops > 0 && typeof forwarded === 'string'
      ? forwarded.split(',').pop()!.trim()
      : 'encrypted' in request.socket && request.socket.encrypted
        ? 'https'
        : 'http';
  return `${proto}://${host}`;
}

/**
 * Whether a request comes from the site's own pages. Browsers send Origin with every
 * cross-site state-changing request and every websocket handshake, so a missing Origin is
 * not a browser acting for another site. The scheme counts: a page of http://site (which
 * anyone on the network can write into) is not https://site.
 */
export function isSameOrigin(
  request: Pick<IncomingMessage, 'headers' | 'socket'>,
  publicUrl: string | undefined,
  trustProxyHops: number,
): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const site = siteOrigin(publicUrl, request, trustProxyHops);
  if (site === undefined) return false;
  try {
    return new URL(origin).origin === new URL(site).origin;
  } catch {
    // "null" (a sandboxed frame, a privacy-minded redirect) or garbage: not the site.
    return false;
  }
}

import type { IncomingHttpHeaders } from 'node:http';

/**
 * Whether a request comes from the site's own pages. Browsers send Origin with every
 * cross-site state-changing request and every websocket handshake, so a missing Origin is
 * not a browser acting for another site. Same origin means the Origin's host is the
 * request's Host (true behind a proxy that keeps Host) or the configured public URL.
 */
export function isSameOrigin(headers: IncomingHttpHeaders, publicUrl: string | undefined): boolean {
  const origin = headers.origin;
  if (origin === undefined) return true;
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    return false;
  }
  if (publicUrl !== undefined && originUrl.origin === new URL(publicUrl).origin) return true;
  return headers.host !== undefined && originUrl.host === headers.host;
}

import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance } from 'fastify';
import type { ApiError } from '../shared/schemas/error.ts';
import { codeOfStatus } from './errors.ts';

/**
 * What Node answers itself, before any route runs: a request whose headers or request line
 * pass Node's 16 KB limit, a body not received in time, bytes that are not HTTP. A page
 * address that long names nothing, so a browser gets a plain not-found page (404, noindex,
 * nothing to run), never raw JSON; anything else gets the usual JSON error body, with a
 * request id of its own (there was no request) that the debug log line carries too.
 */
const NOT_FOUND_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Page Not Found | Rith</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;text-align:center">
<h1>Oops! Page Not Found</h1><p>The address is too long to be a page of Rith.</p>
<p><a href="/">Return to Homepage</a></p></body></html>`;

const PAGE_HEADERS = [
  'Content-Type: text/html; charset=utf-8',
  'X-Robots-Tag: noindex',
  "Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'X-Content-Type-Options: nosniff',
  'X-Frame-Options: DENY',
];

/** The request line (`GET /… HTTP/1.1`) was what overflowed, for a page (GET or HEAD). */
function pageAddressTooLong(err: ConnectionError): boolean {
  // A Buffer at run time; Fastify's types give its JSON form.
  const packet: unknown = err.rawPacket;
  const raw = Buffer.isBuffer(packet) ? packet.toString('latin1') : '';
  return /^(GET|HEAD) \//.test(raw) && !/\r?\n/.test(raw.slice(0, 8192));
}

export function clientErrorHandler(
  this: FastifyInstance,
  err: ConnectionError,
  socket: Socket,
): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const requestId = randomUUID();
    // Mostly scanners and dropped connections: a line only when asked for.
    this.log.debug({ err, requestId }, 'refused before routing');
    if (err.code === 'HPE_HEADER_OVERFLOW' && pageAddressTooLong(err)) {
      const body = Buffer.from(NOT_FOUND_PAGE);
      socket.write(
        `HTTP/1.1 404 Not Found\r\n${PAGE_HEADERS.join('\r\n')}\r\nX-Request-Id: ${requestId}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      );
      socket.write(body);
    } else {
      const status =
        err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 408
          : err.code === 'HPE_HEADER_OVERFLOW'
            ? 431
            : 400;
      const answer: ApiError = {
        error: http.STATUS_CODES[status]!,
        code: codeOfStatus(status),
        requestId,
      };
      const body = JSON.stringify(answer);
      socket.write(
        `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json\r\nX-Request-Id: ${requestId}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
  }
  socket.destroy();
}

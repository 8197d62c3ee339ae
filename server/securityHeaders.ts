import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from './config.ts';

/** What the optional analytics provider's script loads from and reports to. */
const ANALYTICS_SOURCES = {
  none: { script: [], connect: [], img: [] },
  plausible: { script: ['https://plausible.io'], connect: ['https://plausible.io'], img: [] },
  ga4: {
    script: ['https://www.googletagmanager.com'],
    connect: [
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://*.googletagmanager.com',
    ],
    img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  },
} as const;

/**
 * The headers of every response, as helmet makes them. The page runs only the site's own
 * script files: no inline script, no handler attributes, no eval, so markup that slipped
 * into a page runs nothing. No other site may frame a page (the admin console included).
 */
export function securityHeaders(config: Config): HelmetOptions {
  const analytics = ANALYTICS_SOURCES[config.analytics.provider];
  const https = config.publicUrl?.startsWith('https:') === true;
  // 'self' covers the site's own websocket in current browsers; older ones need it named.
  const live = config.publicUrl ? [new URL(config.publicUrl).origin.replace(/^http/, 'ws')] : [];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...analytics.script],
        scriptSrcAttr: ["'none'"],
        // React sets styles through the DOM, which CSP allows; the dialog library adds a
        // <style> element. Styles cannot run script.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: previews the image an admin is about to upload.
        imgSrc: ["'self'", 'data:', 'blob:', ...analytics.img],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...live, ...analytics.connect],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Only a site served over https may ask for it: on http it would break every file.
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    xFrameOptions: { action: 'deny' },
    // Browsers send the site its own origin on its requests (the Origin check needs it);
    // other sites learn only the origin, never the page.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // A browser that once saw the site over https keeps to https; production only, so a
    // developer's localhost is never pinned. Subdomains may be other people's sites.
    strictTransportSecurity:
      config.env === 'production'
        ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false }
        : false,
  };
}

/**
 * The headers helmet sets for these options, worked out once: they are the same for every
 * response (no nonces), and @fastify/helmet rebuilt helmet's middleware, CSP parsing
 * included, on every request, a sixth of a public read's time.
 */
export function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err) => {
    if (err) throw err;
  });
  return headers;
}

/** Every response carries the security headers, set in one call. */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = headersOf(securityHeaders(config));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * The one page any site may frame: the live widget clubs paste into their own websites
 * (/embed/{club}/{competition}). It shows public results only and takes no action.
 */
export function allowFraming(reply: FastifyReply): void {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string') {
    reply.header(
      'content-security-policy',
      policy.replace("frame-ancestors 'none'", 'frame-ancestors *'),
    );
  }
  reply.removeHeader('x-frame-options');
}

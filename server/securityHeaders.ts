import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyReply } from 'fastify';
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
 * The headers of every response (@fastify/helmet). The page runs only the site's own
 * script files: no inline script, no handler attributes, no eval, so markup that slipped
 * into a page runs nothing. No other site may frame a page (the admin console included).
 */
export function securityHeaders(config: Config): FastifyHelmetOptions {
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

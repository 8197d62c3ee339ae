import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';

const apps: TestApp[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ serveClient: true });
  apps.push(t);
});
afterAll(async () => {
  for (const app of apps) await app.close();
});

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | null): Map<string, string[]> {
  return new Map(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  it.each([
    ['the page', '/', /text\/html/],
    ['a page the app answers itself', '/pricing', /text\/html/],
    ['an API answer', '/api/clubs', /application\/json/],
    ['a static file', '/favicon.svg', /image\/svg\+xml/],
    ['a not-found answer', '/api/nothing-here', /application\/json/],
  ])('are on %s', async (_what, path, type) => {
    const res = await fetch(`${t.url}${path}`);
    expect(res.headers.get('content-type')).toMatch(type);
    const csp = directives(res.headers.get('content-security-policy'));
    // Only the site's own script files run: no inline script, no eval, no handler attributes.
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toContain("'self'");
    // Nobody may frame a page, the admin console included.
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // The Origin check needs the browser to send the site its own origin.
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // Not in development: a developer's localhost is never pinned to https.
    expect(res.headers.get('strict-transport-security')).toBeNull();
    await res.arrayBuffer();
  });

  it('pin https in production, and let the site reach its own websocket by its public address', async () => {
    const prod = await startTestApp({
      config: { env: 'production', publicUrl: 'https://results.example' },
    });
    apps.push(prod);
    const res = await fetch(`${prod.url}/api/clubs`);
    expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=31536000/);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('connect-src')).toEqual(["'self'", 'wss://results.example']);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
  });

  it("allow the analytics provider's script only when one is configured", async () => {
    const withAnalytics = await startTestApp({
      config: { analytics: { provider: 'plausible', id: 'rith.test' } },
    });
    apps.push(withAnalytics);
    const csp = directives(
      (await fetch(`${withAnalytics.url}/api/clubs`)).headers.get('content-security-policy'),
    );
    expect(csp.get('script-src')).toEqual(["'self'", 'https://plausible.io']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://plausible.io']);
  });
});

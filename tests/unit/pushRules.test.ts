import { parse } from 'node:url';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { pushEndpoint } from '../../server/push/endpoints.ts';
import { addressGroup } from '../../server/infra/addressGroup.ts';

const HOSTS = ['fcm.googleapis.com', '*.push.apple.com', '127.0.0.1:8443'];
const check = (endpoint: string) => pushEndpoint(endpoint, HOSTS);

describe('push endpoints, checked as web-push dials them', () => {
  it.each([
    // Legacy url.parse (web-push) leaves the host encoded and dials "rithssrf".
    ['a percent-encoded host', 'https://rithssrf%2epush%2eapple%2ecom/x'],
    ['a user before an allowed host', 'https://web.push.apple.com@evil.example/x'],
    ['a user on an allowed host', 'https://user:pw@web.push.apple.com/x'],
    ['a backslash in the authority', 'https://evil.example\\@web.push.apple.com/x'],
    ['plain http', 'http://fcm.googleapis.com/fcm/send/x'],
    ['a port', 'https://web.push.apple.com:8443/x'],
    ['the default port spelled out', 'https://fcm.googleapis.com:443/fcm/send/x'],
    ['an IP address', 'https://17.1.2.3/x'],
    ['an IP address in another notation', 'https://0x7f.0.0.1:8443/push/1'],
    ['an IPv6 address', 'https://[::1]/x'],
    ['a name that is no DNS name', 'https://evil.example!.push.apple.com/x'],
    ['a trailing dot', 'https://fcm.googleapis.com./fcm/send/x'],
    ['a tab WHATWG would drop', 'https://fcm.google\tapis.com/fcm/send/x'],
    ['another host', 'https://evil.example/x'],
    ['the port the entry does not name', 'https://127.0.0.1:8444/push/1'],
    ['no URL at all', 'not a url'],
  ])('refuses %s', (_, endpoint) => {
    expect(check(endpoint)).toBeNull();
  });

  it('keeps an endpoint as the WHATWG URL writes it', () => {
    expect(check('https://fcm.googleapis.com/fcm/send/abc:APA91b')).toBe(
      'https://fcm.googleapis.com/fcm/send/abc:APA91b',
    );
    expect(check('https://Web.Push.Apple.com/3/device/a b')).toBe(
      'https://web.push.apple.com/3/device/a%20b',
    );
    // A port or an IP address only as an entry names them (a test's own push service).
    expect(check('https://127.0.0.1:8443/push/1')).toBe('https://127.0.0.1:8443/push/1');
  });

  it('never lets the host web-push dials differ from the one checked', () => {
    const piece = fc.constantFrom(
      ...['a', 'Z', '0', '-', '.', '%2e', '%', '@', ':', ':443', '\\', '/', '!', '$', '[', ']'],
      ...['_', '#', '?', ' ', '\t', 'xn--', 'push.apple.com', 'evil.example'],
    );
    const authority = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(authority, fc.constantFrom('', '.push.apple.com'), (head, tail) => {
        const stored = check(`https://${head}${tail}/path`);
        if (stored === null) return;
        const dialled = parse(stored);
        const checked = new URL(stored);
        expect(dialled.hostname).toBe(checked.hostname);
        expect(dialled.port ?? '').toBe(checked.port);
        expect(checked.hostname).toMatch(/^fcm\.googleapis\.com$|\.push\.apple\.com$/);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('the address a subscription counts against', () => {
  it('is an IPv4 address, or the /64 of an IPv6 one however it is written', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:DB8:1:2:ffff:0:0:b')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

/**
 * The server posts to a subscription's endpoint: only push services' hosts are allowed
 * (PUSH_ENDPOINT_HOSTS), over https, so nobody can make it call an address of their choosing.
 * An entry "*.example.com" allows its subdomains; an entry with a port ("127.0.0.1:8443", a
 * test's own push service) names that exact host and port, and is the only way to allow a
 * port or an IP address.
 *
 * The check is on the host that will be dialled. web-push reads the endpoint with Node's
 * legacy url.parse, which reads some hosts otherwise than the WHATWG URL does: it leaves
 * "rithssrf%2epush%2eapple%2ecom" encoded and dials "rithssrf". So the endpoint is kept as
 * WHATWG serialises it, and only when its host is written as it is read (nothing encoded, no
 * user, no port spelled out) and is a plain DNS name (lower-case letters, digits, hyphens),
 * which both parsers read alike. Every browser's push service gives such an endpoint.
 */

/** Dot-separated labels of letters, digits and inner hyphens; the last starts with a letter. */
const DNS_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The authority as the endpoint writes it, up to where every parser ends it. */
const writtenHost = (endpoint: string) =>
  /^https:\/\/([^/?#]*)/i.exec(endpoint)?.[1]?.toLowerCase();

/** The endpoint as it is stored and dialled, or null when Rith may not post to it. */
export function pushEndpoint(endpoint: string, hosts: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || writtenHost(endpoint) !== url.host) return null;
  const allowed = hosts.some((entry) => {
    if (entry.includes(':')) return url.host === entry;
    if (url.port !== '' || !DNS_NAME.test(url.hostname)) return false;
    return entry.startsWith('*.') ? url.hostname.endsWith(entry.slice(1)) : url.hostname === entry;
  });
  return allowed ? url.href : null;
}

import { timingSafeEqual } from 'node:crypto';
import net from 'node:net';

/** Loopback and the private ranges: where a Prometheus next to the nodes scrapes from. */
const PRIVATE = new net.BlockList();
PRIVATE.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE.addAddress('::1', 'ipv6');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  // BlockList matches an IPv4-mapped IPv6 address (::ffff:10.0.0.5) against the IPv4 ranges.
  return family !== 0 && PRIVATE.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * Who may read /metrics, which tells how busy the service is and what it runs on: the
 * private network (the client's address as the trusted proxies report it, so the public
 * behind nginx is not), or anyone sending `Authorization: Bearer <METRICS_TOKEN>`.
 */
export function mayReadMetrics(
  address: string | undefined,
  authorization: string | undefined,
  token: string | undefined,
): boolean {
  if (token !== undefined && authorization !== undefined) {
    const given = Buffer.from(authorization);
    const expected = Buffer.from(`Bearer ${token}`);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
  }
  return address !== undefined && isPrivateAddress(address);
}

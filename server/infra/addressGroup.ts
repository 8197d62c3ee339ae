import { isIPv6 } from 'node:net';

/**
 * What the per-address cap on subscriptions counts by: an IPv4 address, or an IPv6
 * address's /64. A home or a phone is given a whole /64 and may use any address in it, so
 * counting IPv6 addresses one by one would cap nobody.
 */
export function addressGroup(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped !== undefined) return mapped;
  if (!isIPv6(ip)) return ip;
  // WHATWG writes it canonical: lower-case hex, no zone, an embedded IPv4 as hex groups.
  const canonical = new URL(`http://[${ip.split('%')[0]}]`).hostname.slice(1, -1);
  const [head = '', tail] = canonical.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups.slice(0, 4).join(':')}::/64`;
}

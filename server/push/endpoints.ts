/**
 * The server posts to a subscription's endpoint: only push services' hosts are allowed
 * (PUSH_ENDPOINT_HOSTS), over https, so nobody can make it call an address of their choosing.
 * An entry "*.example.com" allows its subdomains; an entry with a port names that port only.
 */
export function isAllowedEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((allowed) => {
    if (allowed.includes(':')) return url.host.toLowerCase() === allowed;
    if (url.port !== '') return false;
    return allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed;
  });
}

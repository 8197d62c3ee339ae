import type { QueryClient } from '@tanstack/react-query';
import { PAGE_DATA_ELEMENT_ID } from '../../shared/queryKeys.ts';

type Entry = [key: unknown[], payload: unknown];

/**
 * The server's bytes, as trusted as an API answer (client/lib/http.ts), but an island that
 * is not the list of [query key, payload] pairs the server writes (a proxy that rewrote the
 * page, an old server) is ignored: the page then asks the API, as it would without one.
 */
function isEntries(value: unknown): value is Entry[] {
  return (
    Array.isArray(value) &&
    value.every(
      (entry) =>
        Array.isArray(entry) &&
        entry.length === 2 &&
        Array.isArray(entry[0]) &&
        typeof entry[0][0] === 'string' &&
        typeof entry[1] === 'object',
    )
  );
}

/**
 * Puts the data the server wrote into the page into the query cache, before the first
 * render: the first screen paints from it without a request, and live updates and the usual
 * refetches keep it current from there as they keep any query. Read once, then removed, so
 * nothing later reads a page's data that has gone stale.
 */
export function seedFromPage(queryClient: QueryClient): void {
  const island = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!island) return;
  island.remove();
  let entries: unknown;
  try {
    entries = JSON.parse(island.textContent ?? '');
  } catch {
    return;
  }
  if (!isEntries(entries)) return;
  for (const [key, payload] of entries) queryClient.setQueryData(key, payload);
}

import { QueryClient } from '@tanstack/react-query';

/** The page's data cache, the same in the browser and for the server's first render. */
export function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Live push (not polling) keeps pages fresh; a refetch on focus is a cheap safety net.
      // A device without signal still runs each query once: the service worker answers with
      // what it kept (client/sw/offline.ts). It retries only online, so a query fails at once
      // offline instead of waiting for a network that is not there.
      queries: {
        staleTime: 30_000,
        networkMode: 'offlineFirst',
        retry: (failures) => failures < 1 && navigator.onLine,
      },
    },
  });
}

import { useEffect } from 'react';

/** What client/index.html says of every page that exists. */
const INDEXABLE = 'index, follow';

/**
 * Asks search engines not to index the page while it is mounted: a not-found screen the app
 * reached without the server's 404 (a competition hidden while open, a link followed inside
 * the app). Leaving it restores the app's own value, not the one found on arrival: the
 * server writes noindex into the 404 pages it serves, and the page the visitor goes on to
 * (Return to Homepage) exists.
 */
export function useNoIndex(): void {
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="robots"]');
    if (!meta) return;
    meta.content = 'noindex';
    return () => {
      meta.content = INDEXABLE;
    };
  }, []);
}

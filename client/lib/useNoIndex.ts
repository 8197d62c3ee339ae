import { useEffect } from 'react';

/**
 * Asks search engines not to index the page while it is mounted: a not-found screen the app
 * reached without the server's 404 (a competition hidden while open, a link followed inside
 * the app). The server writes noindex into the 404 pages it serves itself.
 */
export function useNoIndex(): void {
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="robots"]');
    if (!meta) return;
    const before = meta.content;
    meta.content = 'noindex';
    return () => {
      meta.content = before;
    };
  }, []);
}

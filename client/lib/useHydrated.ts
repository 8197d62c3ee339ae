import { useSyncExternalStore } from 'react';

const unchanging = () => () => undefined;

/**
 * False while a page the server rendered (client/ssr/render.tsx) hydrates, true from then on,
 * and at once in a page drawn in the browser: what depends on the browser's own memory, which
 * the server did not know, waits for it.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );

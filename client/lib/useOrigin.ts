import { createContext, createElement, useContext, type ReactNode } from 'react';

/**
 * The site's origin (https://rith.ie), for links a visitor takes elsewhere (a share link):
 * the browser's own, or, rendering on the server, the one the visitor asked.
 */
const OriginContext = createContext<string | null>(null);

export function OriginProvider({ origin, children }: { origin: string; children: ReactNode }) {
  return createElement(OriginContext.Provider, { value: origin }, children);
}

export function useOrigin(): string {
  const origin = useContext(OriginContext);
  if (origin === null) throw new Error('useOrigin needs an <OriginProvider> above it');
  return origin;
}

import { StrictMode, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { LiveProvider, type LiveSource } from './lib/useLive.ts';
import { ConnectivityProvider, type ConnectivitySource } from './lib/useConnectivity.ts';
import { OriginProvider } from './lib/useOrigin.ts';
import { VisitorProvider } from './lib/visitor.ts';
import type { Visitor } from '../shared/visitor.ts';

/**
 * An entry's pages (the app, the board, the widget) with what they read from above, under the
 * router it is given: the browser's (client/main.tsx) or the server's, for one address
 * (client/ssr/render.tsx). One tree for both, so that the page the browser hydrates is the
 * page the server wrote.
 */
export function Root({
  queryClient,
  live,
  connectivity,
  origin,
  visitor,
  router: Router,
  children,
}: {
  queryClient: QueryClient;
  live: LiveSource;
  connectivity: ConnectivitySource;
  origin: string;
  visitor: () => Visitor;
  router: (props: { children: ReactNode }) => ReactNode;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <LiveProvider connection={live}>
          <ConnectivityProvider monitor={connectivity}>
            <OriginProvider origin={origin}>
              <VisitorProvider read={visitor}>
                <Router>{children}</Router>
              </VisitorProvider>
            </OriginProvider>
          </ConnectivityProvider>
        </LiveProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}

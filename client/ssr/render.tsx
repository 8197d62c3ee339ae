import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { Root } from '../Root.tsx';
import { App } from '../App.tsx';
import { newQueryClient } from '../lib/queryClient.ts';
import type { LiveSource } from '../lib/useLive.ts';
import { FIRST_VIEW, type ConnectivitySource } from '../lib/useConnectivity.ts';
import type { PageRender } from '../../shared/pageRender.ts';

const noop = () => undefined;
const unsubscribe = () => noop;

/** The server renders once and never connects: the browser's page goes live on its own. */
const notConnected: LiveSource = {
  subscribe: unsubscribe,
  getStatus: () => 'connecting',
  onStatus: unsubscribe,
  onMessage: unsubscribe,
};
const firstView: ConnectivitySource = { get: () => FIRST_VIEW, subscribe: unsubscribe };

/**
 * The markup of a page's first screen for `url` (path and query), from the data the server
 * also writes into the page, which the browser seeds its cache with before it hydrates: both
 * render from the same payloads, so the page is taken over without a difference. What the
 * browser alone knows (its storage, its connection) is rendered as a first visit's page, and
 * changed after hydration.
 */
export const render: PageRender = ({ url, origin, visitor, entries }) => {
  const queryClient = newQueryClient();
  for (const [key, payload] of entries) queryClient.setQueryData(key, payload);
  const router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={url}>{children}</StaticRouter>
  );
  return renderToString(
    <Root
      queryClient={queryClient}
      live={notConnected}
      connectivity={firstView}
      origin={origin}
      visitor={() => visitor}
      router={router}
    >
      <App />
    </Root>,
  );
};

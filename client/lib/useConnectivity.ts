import { createContext, createElement, useContext, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { ConnectivityMonitor, ConnectivityView } from './connectivity.ts';

/** What the hooks need of the monitor; the server renders with FIRST_VIEW alone. */
export type ConnectivitySource = Pick<ConnectivityMonitor, 'subscribe' | 'get'>;

/** A page's connectivity as the server renders it, and so as it hydrates: nothing to say yet. */
export const FIRST_VIEW: ConnectivityView = { state: 'connecting', resultsFrom: null };
const firstView = () => FIRST_VIEW;

const ConnectivityContext = createContext<ConnectivitySource | null>(null);

export function ConnectivityProvider({
  monitor,
  children,
}: {
  monitor: ConnectivitySource;
  children: ReactNode;
}) {
  return createElement(ConnectivityContext.Provider, { value: monitor }, children);
}

/** Whether the page's results are live, and if not, why not and since when. */
export function useConnectivity(): ConnectivityView {
  const monitor = useContext(ConnectivityContext);
  if (!monitor) throw new Error('useConnectivity needs a <ConnectivityProvider> above it');
  return useSyncExternalStore(monitor.subscribe, monitor.get, firstView);
}

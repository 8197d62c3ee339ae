import { createContext, createElement, useContext, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { ConnectivityMonitor, ConnectivityView } from './connectivity.ts';

const ConnectivityContext = createContext<ConnectivityMonitor | null>(null);

export function ConnectivityProvider({
  monitor,
  children,
}: {
  monitor: ConnectivityMonitor;
  children: ReactNode;
}) {
  return createElement(ConnectivityContext.Provider, { value: monitor }, children);
}

/** Whether the page's results are live, and if not, why not and since when. */
export function useConnectivity(): ConnectivityView {
  const monitor = useContext(ConnectivityContext);
  if (!monitor) throw new Error('useConnectivity needs a <ConnectivityProvider> above it');
  return useSyncExternalStore(monitor.subscribe, monitor.get);
}

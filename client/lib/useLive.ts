import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useRef,
  useSyncExternalStore,
} from 'react';
import type { ReactNode } from 'react';
import type { LivePayload, LiveTarget } from '../../shared/live/messages.ts';
import type { ListenedMessage, LiveConnection, LiveStatus } from './live.ts';

/**
 * What the hooks need of the page's live connection: in the browser a LiveConnection; on the
 * server, which renders a page's first screen once (client/entry-server.tsx), a connection
 * that never connects.
 */
export type LiveSource = Pick<LiveConnection, 'subscribe' | 'getStatus' | 'onStatus' | 'onMessage'>;

/** A page's status as the server renders it, and so as it hydrates: not connected yet. */
const FIRST_STATUS = (): LiveStatus => 'connecting';

const LiveContext = createContext<LiveSource | null>(null);

export function LiveProvider({
  connection,
  children,
}: {
  connection: LiveSource;
  children: ReactNode;
}) {
  return createElement(LiveContext.Provider, { value: connection }, children);
}

function useConnection(): LiveSource {
  const connection = useContext(LiveContext);
  if (!connection) throw new Error('useLive… needs a <LiveProvider> above it');
  return connection;
}

/**
 * Keeps what the page shows up to date: while mounted, pushed changes for `target` land in
 * the data cache the page's queries read. `null` subscribes to nothing (yet).
 */
export function useLiveSubscription(target: LiveTarget | null): void {
  const connection = useConnection();
  // Targets are small literals built during render; compare them by value.
  const key = target ? JSON.stringify(target) : null;
  useEffect(() => {
    if (key === null) return;
    return connection.subscribe(JSON.parse(key) as LiveTarget);
  }, [connection, key]);
}

export function useLiveStatus(): LiveStatus {
  const connection = useConnection();
  return useSyncExternalStore(connection.onStatus, connection.getStatus, FIRST_STATUS);
}

/**
 * Calls `handler` with each `name` message that reaches the page (only those of rooms it
 * subscribed to). The latest handler is used, so callers need not memoise it.
 */
export function useLiveMessage<N extends ListenedMessage>(
  name: N,
  handler: (payload: LivePayload<N>) => void,
): void {
  const connection = useConnection();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(
    () => connection.onMessage(name, (payload) => latest.current(payload)),
    [connection, name],
  );
}

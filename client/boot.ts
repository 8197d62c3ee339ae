import type { QueryClient } from '@tanstack/react-query';
import { LiveConnection } from './lib/live.ts';
import { newQueryClient } from './lib/queryClient.ts';
import { seedFromPage } from './lib/pageData.ts';
import { ConnectivityMonitor } from './lib/connectivity.ts';
import { observeAnswers } from './lib/http.ts';
import { registerOfflineWorker } from './lib/offline.ts';
import './styles/base.css';

export interface Started {
  queryClient: QueryClient;
  live: LiveConnection;
  connectivity: ConnectivityMonitor;
  /** The element the page is drawn in. */
  root: HTMLElement;
}

/**
 * What every entry (the site, client/main.tsx; the board and the widget, client/board.tsx
 * and client/embed.tsx) starts with: the data cache seeded from the page, the one live
 * connection, what the page knows of its network, the offline worker.
 */
export function startPage(): Started {
  const queryClient = newQueryClient();
  // What the server wrote into the page: its first screen paints without asking the API.
  seedFromPage(queryClient);
  const live = new LiveConnection(queryClient);
  const connectivity = new ConnectivityMonitor(live);
  observeAnswers(connectivity.noteAnswer);
  registerOfflineWorker();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from the page');
  return { queryClient, live, connectivity, root };
}

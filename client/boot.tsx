import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { Root } from './Root.tsx';
import { readVisitor } from './lib/visitor.ts';
import { LiveConnection } from './lib/live.ts';
import { newQueryClient } from './lib/queryClient.ts';
import { seedFromPage } from './lib/pageData.ts';
import { ConnectivityMonitor } from './lib/connectivity.ts';
import { observeAnswers } from './lib/http.ts';
import { registerOfflineWorker } from './lib/offline.ts';
import './styles/base.css';

export interface Started {
  /** The element the page is drawn in. */
  root: HTMLElement;
  /** The entry's pages with what they read from above, under the browser's router. */
  app: (pages: ReactNode) => ReactNode;
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
  const app = (pages: ReactNode) => (
    <Root
      queryClient={queryClient}
      live={live}
      connectivity={connectivity}
      origin={window.location.origin}
      visitor={readVisitor}
      router={BrowserRouter}
    >
      {pages}
    </Root>
  );
  return { root, app };
}

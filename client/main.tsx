import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App.tsx';
import { LiveConnection } from './lib/live.ts';
import { seedFromPage } from './lib/pageData.ts';
import { LiveProvider } from './lib/useLive.ts';
import { ConnectivityMonitor } from './lib/connectivity.ts';
import { ConnectivityProvider } from './lib/useConnectivity.ts';
import { observeAnswers } from './lib/http.ts';
import { registerOfflineWorker } from './lib/offline.ts';
import './styles/base.css';

const queryClient = new QueryClient({
  defaultOptions: {
    // Live push (not polling) keeps pages fresh; a refetch on focus is a cheap safety net.
    // A device without signal still runs each query once: the service worker answers with
    // what it kept (client/sw/offline.ts). It retries only online, so a query fails at once
    // offline instead of waiting for a network that is not there.
    queries: {
      staleTime: 30_000,
      networkMode: 'offlineFirst',
      retry: (failures) => failures < 1 && navigator.onLine,
    },
  },
});
// What the server wrote into the page: its first screen paints without asking the API.
seedFromPage(queryClient);
const live = new LiveConnection(queryClient);
const connectivity = new ConnectivityMonitor(live);
observeAnswers(connectivity.noteAnswer);
registerOfflineWorker();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <LiveProvider connection={live}>
        <ConnectivityProvider monitor={connectivity}>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </ConnectivityProvider>
      </LiveProvider>
    </QueryClientProvider>
  </StrictMode>,
);

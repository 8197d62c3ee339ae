import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App.tsx';
import { LiveConnection } from './lib/live.ts';
import { seedFromPage } from './lib/pageData.ts';
import { LiveProvider } from './lib/useLive.ts';
import './styles/base.css';

const queryClient = new QueryClient({
  defaultOptions: {
    // Live push (not polling) keeps pages fresh; a refetch on focus is a cheap safety net.
    queries: { staleTime: 30_000, retry: 1 },
  },
});
// What the server wrote into the page: its first screen paints without asking the API.
seedFromPage(queryClient);
const live = new LiveConnection(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <LiveProvider connection={live}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </LiveProvider>
    </QueryClientProvider>
  </StrictMode>,
);

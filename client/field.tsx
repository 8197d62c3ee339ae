import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { registerOfflineWorker } from './lib/offline.ts';
import { FieldApp } from './field/FieldApp.tsx';
import './styles/base.css';
import './field/field.css';

// /field: the officials' card on a judge's phone, an entry of its own (server/static.ts
// serves field.html): it carries the card's code, not the site's pages.
registerOfflineWorker();
// The card reads its kept copy when the network fails (useFieldCard.ts): its reads always
// run, signal or not, and fall back at once rather than after retries.
const queryClient = new QueryClient({
  defaultOptions: { queries: { networkMode: 'always', retry: false, staleTime: 0 } },
});
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from the page');
createRoot(root).render(
  <QueryClientProvider client={queryClient}>
    <FieldApp />
  </QueryClientProvider>,
);

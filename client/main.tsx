import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Root } from './Root.tsx';
import { LiveConnection } from './lib/live.ts';
import { newQueryClient } from './lib/queryClient.ts';
import { seedFromPage } from './lib/pageData.ts';
import { ConnectivityMonitor } from './lib/connectivity.ts';
import { observeAnswers } from './lib/http.ts';
import { registerOfflineWorker } from './lib/offline.ts';
import { readVisitor } from './lib/visitor.ts';
import './styles/base.css';

const queryClient = newQueryClient();
// What the server wrote into the page: its first screen paints without asking the API.
seedFromPage(queryClient);
const live = new LiveConnection(queryClient);
const connectivity = new ConnectivityMonitor(live);
observeAnswers(connectivity.noteAnswer);
registerOfflineWorker();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const app = (
  <Root
    queryClient={queryClient}
    live={live}
    connectivity={connectivity}
    origin={window.location.origin}
    visitor={readVisitor}
    router={BrowserRouter}
  />
);
// A page the server rendered (server/pageRender.ts) is taken over where it stands, from the
// same data; any other page is drawn here.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);

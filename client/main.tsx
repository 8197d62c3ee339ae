import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { startPage } from './boot.tsx';

const { root, app } = startPage();
const page = app(<App />);
// A page the server rendered for this address (server/pageRender.ts) is taken over where it
// stands, from the same data. Any other is drawn here: one without markup, or the home page
// the offline worker serves as the shell of an address it kept nothing for.
if (root.dataset.rendered === window.location.pathname + window.location.search) {
  hydrateRoot(root, page);
} else {
  createRoot(root).render(page);
}

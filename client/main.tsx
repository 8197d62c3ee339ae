import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Root } from './Root.tsx';
import { App } from './App.tsx';
import { startPage } from './boot.ts';
import { readVisitor } from './lib/visitor.ts';

const { queryClient, live, connectivity, root } = startPage();
const app = (
  <Root
    queryClient={queryClient}
    live={live}
    connectivity={connectivity}
    origin={window.location.origin}
    visitor={readVisitor}
    router={BrowserRouter}
  >
    <App />
  </Root>
);
// A page the server rendered for this address (server/pageRender.ts) is taken over where it
// stands, from the same data. Any other is drawn here: one without markup, or the home page
// the offline worker serves as the shell of an address it kept nothing for.
if (root.dataset.rendered === window.location.pathname + window.location.search) {
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}

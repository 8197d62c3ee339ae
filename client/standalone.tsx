import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Root } from './Root.tsx';
import { startPage } from './boot.ts';
import { readVisitor } from './lib/visitor.ts';

/**
 * A page that is an entry of its own (the stadium board, the clubs' widget): its HTML loads
 * this page's code and what it reads, not the site's pages, header and forms.
 */
export function startStandalone(path: string, Page: ComponentType): void {
  const { queryClient, live, connectivity, root } = startPage();
  createRoot(root).render(
    <Root
      queryClient={queryClient}
      live={live}
      connectivity={connectivity}
      origin={window.location.origin}
      visitor={readVisitor}
      router={BrowserRouter}
    >
      <Routes>
        <Route path={path} element={<Page />} />
      </Routes>
    </Root>,
  );
}

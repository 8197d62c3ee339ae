import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { Route, Routes } from 'react-router-dom';
import { startPage } from './boot.tsx';

/**
 * A page that is an entry of its own (the stadium board, the clubs' widget): its HTML loads
 * this page's code and what it reads, not the site's pages, header and forms.
 */
export function startStandalone(path: string, Page: ComponentType): void {
  const { root, app } = startPage();
  createRoot(root).render(
    app(
      <Routes>
        <Route path={path} element={<Page />} />
      </Routes>,
    ),
  );
}

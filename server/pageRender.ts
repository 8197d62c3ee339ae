import { pathToFileURL } from 'node:url';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { PageData } from './pageData.ts';
import type { PageRender, PageToRender } from '../shared/pageRender.ts';

/**
 * Renders a page's first screen into its HTML (React's server rendering, client/ssr/
 * render.tsx), so that results paint as soon as the HTML arrives; the browser hydrates it
 * from the data written beside it. Without the built renderer (an old build), or if a render
 * fails, the page is served as before and the browser draws it.
 */
export function pageRenderer(clientRoot: string, log: FastifyBaseLogger) {
  const file = path.join(clientRoot, 'dist-ssr', 'render.js');
  let loading: Promise<PageRender | null> | null = null;
  const load = () =>
    (loading ??= import(pathToFileURL(file).href).then(
      (module: { render: PageRender }) => module.render,
      (err: unknown) => {
        log.warn({ err }, `No server renderer at ${file}: pages are drawn by the browser`);
        return null;
      },
    ));

  return {
    /** Starts loading the renderer (React's server build and the app) ahead of the first page. */
    warmUp: () => void load(),
    /** The page's markup, or null when it cannot be rendered here. */
    async render(page: Omit<PageToRender, 'entries'>, data: PageData): Promise<string | null> {
      const render = await load();
      if (!render) return null;
      try {
        const entries = data.map(([key, json]) => [key, JSON.parse(json) as unknown] as const);
        return render({ ...page, entries });
      } catch (err) {
        log.error({ err, url: page.url }, 'server rendering failed: the browser draws the page');
        return null;
      }
    },
  };
}

const attribute = (value: string) => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * index.html with the page's markup inside its root element, which names the address it was
 * rendered for: the browser hydrates it there only (client/main.tsx), not where the offline
 * worker serves this page as the shell of another.
 */
export function withMarkup(html: string, markup: string, url: string): string {
  // A replacer function: markup holding $' or $& must not splice the page into itself.
  return html.replace(
    '<div id="root"></div>',
    () => `<div id="root" data-rendered="${attribute(url)}">${markup}</div>`,
  );
}

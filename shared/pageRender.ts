import type { Visitor } from './visitor.ts';

/** A [query key, payload] pair of a page's first screen, as the server read it. */
export type PageEntry = readonly [key: readonly unknown[], payload: unknown];

export interface PageToRender {
  /** The address's path and query. */
  url: string;
  /** The origin the visitor asked (https://rith.ie), for the page's absolute links. */
  origin: string;
  /** What the visitor's cookies say (shared/visitor.ts). */
  visitor: Visitor;
  /** The data the server writes into the page too, for the browser to hydrate from. */
  entries: readonly PageEntry[];
}

/**
 * The client's server renderer (client/ssr/render.tsx, built to client/dist-ssr/render.js):
 * the markup of a page's first screen.
 */
export type PageRender = (page: PageToRender) => string;

import { createContext, createElement, useContext, type ReactNode } from 'react';
import {
  VISITOR_COOKIES,
  visitorOf,
  type Visitor,
  type VisitorFlag,
} from '../../shared/visitor.ts';

const YEAR_S = 365 * 24 * 60 * 60;

function cookies(): Record<string, string> {
  const found: Record<string, string> = {};
  for (const pair of document.cookie.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0) found[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return found;
}

/** What this browser remembers now (shared/visitor.ts). */
export const readVisitor = (): Visitor => visitorOf(cookies());

/**
 * Remembers a flag: for a year, or with `forSession` until the browser closes. Cookies may
 * be off: the flag is then not remembered, and the page works the same.
 */
export function rememberVisitor(flag: VisitorFlag, { forSession = false } = {}): void {
  const lifetime = forSession ? '' : `; Max-Age=${YEAR_S}`;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${VISITOR_COOKIES[flag]}=1; Path=/; SameSite=Lax${lifetime}${secure}`;
}

/**
 * Where a render reads the visitor's flags: the browser's cookies (readVisitor, client/
 * main.tsx) or, on the server, the request's (client/ssr/render.tsx): the same cookies, so a
 * page hydrates as it was drawn.
 */
const VisitorContext = createContext<(() => Visitor) | null>(null);

export function VisitorProvider({ read, children }: { read: () => Visitor; children: ReactNode }) {
  return createElement(VisitorContext.Provider, { value: read }, children);
}

/** The visitor's flags as they are now; a component keeps what it changes in its state. */
export function useVisitor(): Visitor {
  const read = useContext(VisitorContext);
  if (!read) throw new Error('useVisitor needs a <VisitorProvider> above it');
  return read();
}

import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { track } from '../../lib/analytics.ts';
import { Header } from './Header.tsx';
import { Footer } from './Footer.tsx';
import { CookieConsentBar } from './CookieConsentBar.tsx';
import { ConnectionMark } from '../live/ConnectionStatus.tsx';
import { NetworkBanner } from '../live/NetworkBanner.tsx';
import './layout.css';

/** The public app shell: header, the page, footer, and the cookie bar until consent. */
export function Layout({ isAdmin }: { isAdmin: boolean }) {
  const { pathname } = useLocation();
  useEffect(() => {
    void track('page_view', { path: pathname });
  }, [pathname]);
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header isAdmin={isAdmin} />
      <NetworkBanner />
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <CookieConsentBar />
      <ConnectionMark />
    </div>
  );
}

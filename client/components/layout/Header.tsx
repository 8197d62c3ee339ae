import { useId, useState, type KeyboardEvent } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useResultsPath } from './useResultsPath.ts';
import { request } from '../../lib/http.ts';

async function logout(): Promise<void> {
  try {
    await request<unknown>('/api/admin/logout', { method: 'POST' });
  } catch {
    // The response is not read; the reload below re-checks the session.
  }
  // Go to / and reload, so every cached admin state is dropped.
  window.location.assign('/');
}

const navClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'site-nav-link is-active' : 'site-nav-link';

export function Header({ isAdmin }: { isAdmin: boolean }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  const resultsPath = useResultsPath();
  const close = () => setMenuOpen(false);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && menuOpen) {
      setMenuOpen(false);
      document.getElementById(`${navId}-toggle`)?.focus();
    }
  };

  return (
    <header className="site-header" onKeyDown={onKeyDown}>
      <div className="container site-header-inner">
        <Link to={resultsPath} className="site-brand" onClick={close}>
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span className="site-brand-title">Rith</span>
        </Link>
        <button
          type="button"
          id={`${navId}-toggle`}
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={navId}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="menu-toggle-bars" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
        </button>
        <nav
          id={navId}
          className={menuOpen ? 'site-nav is-open' : 'site-nav'}
          aria-label="Main"
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('a')) close();
          }}
        >
          <NavLink to="/pricing" className={navClass}>
            Pricing
          </NavLink>
          <NavLink to={resultsPath} className={navClass} end>
            Results
          </NavLink>
          {isAdmin ? (
            <>
              <NavLink to="/admin" className={navClass}>
                Admin
              </NavLink>
              <button
                type="button"
                className="site-nav-link site-nav-button"
                onClick={() => void logout()}
              >
                Logout
              </button>
            </>
          ) : (
            <NavLink to="/login" className={navClass}>
              Login
            </NavLink>
          )}
        </nav>
      </div>
    </header>
  );
}

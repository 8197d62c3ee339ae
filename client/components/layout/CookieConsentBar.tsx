import { useState } from 'react';
import { Link } from 'react-router-dom';
import { COOKIE_BAR_CLOSED_KEY, readFlag, storageKeys, writeFlag } from '../../lib/storage.ts';
import { track } from '../../lib/analytics.ts';

/**
 * Shows until the visitor accepts (stored for good in localStorage) or closes it (hidden
 * for this browser session only, in sessionStorage). Analytics read the consent through
 * hasCookieConsent() in client/lib/storage.ts.
 */
export function CookieConsentBar() {
  const [visible, setVisible] = useState(
    () => !readFlag(storageKeys.cookieConsent) && !readFlag(COOKIE_BAR_CLOSED_KEY, 'session'),
  );
  if (!visible) return null;

  const accept = () => {
    writeFlag(storageKeys.cookieConsent);
    setVisible(false);
    // The page the visitor consented on counts too.
    void track('page_view', { path: window.location.pathname });
  };
  const close = () => {
    writeFlag(COOKIE_BAR_CLOSED_KEY, 'session');
    setVisible(false);
  };

  return (
    <section className="cookie-bar" aria-label="Cookie consent">
      <div className="container cookie-bar-inner">
        <p className="cookie-bar-text">
          We use analytics cookies to understand how visitors use our results pages, so we can
          improve them. Read our <Link to="/privacy">privacy policy</Link>.
        </p>
        <div className="cookie-bar-actions">
          <button type="button" className="btn cookie-bar-accept" onClick={accept}>
            Accept
          </button>
          <button
            type="button"
            className="cookie-bar-close"
            aria-label="Close cookie notice"
            onClick={close}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                d="M6 6l12 12M18 6L6 18"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
              />
            </svg>
          </button>
        </div>
      </div>
    </section>
  );
}

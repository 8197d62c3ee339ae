import { useState } from 'react';
import { Link } from 'react-router-dom';
import { track } from '../../lib/analytics.ts';
import { rememberVisitor, useVisitor } from '../../lib/visitor.ts';

/**
 * Shows until the visitor accepts (remembered for a year) or closes it (hidden until the
 * browser closes): both in cookies (client/lib/visitor.ts), which analytics read too, so the
 * server draws the page with or without the bar as the browser will.
 */
export function CookieConsentBar() {
  const visitor = useVisitor();
  const [visible, setVisible] = useState(!visitor.cookieConsent && !visitor.cookieBarClosed);
  if (!visible) return null;

  const accept = () => {
    rememberVisitor('cookieConsent');
    setVisible(false);
    // The page the visitor consented on counts too.
    void track('page_view', { path: window.location.pathname });
  };
  const close = () => {
    rememberVisitor('cookieBarClosed', { forSession: true });
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

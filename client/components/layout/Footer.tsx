import { Link } from 'react-router-dom';
import { track } from '../../lib/analytics.ts';

const clicked = (link: string) => () => void track('footer_link_click', { link });

export const CONTACT_EMAIL = 'hello@rith.ie';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer-inner">
        <p className="site-footer-contact">
          Contact us:{' '}
          <a href={`mailto:${CONTACT_EMAIL}`} onClick={clicked('contact')}>
            {CONTACT_EMAIL}
          </a>
        </p>
        <p className="site-footer-irish">Proudly Irish</p>
        <nav aria-label="Legal" className="site-footer-links">
          <Link to="/privacy" onClick={clicked('privacy')}>
            Privacy Policy
          </Link>
          <Link to="/terms" onClick={clicked('terms')}>
            Terms of Service
          </Link>
        </nav>
        <p className="site-footer-copy">© {new Date().getFullYear()} Rith</p>
      </div>
    </footer>
  );
}

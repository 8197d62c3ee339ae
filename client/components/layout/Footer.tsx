import { Link } from 'react-router-dom';

export const CONTACT_EMAIL = 'hello@rith.ie';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer-inner">
        <p className="site-footer-contact">
          Contact us: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
        </p>
        <p className="site-footer-irish">Proudly Irish</p>
        <nav aria-label="Legal" className="site-footer-links">
          <Link to="/privacy">Privacy Policy</Link>
          <Link to="/terms">Terms of Service</Link>
        </nav>
        <p className="site-footer-copy">© {new Date().getFullYear()} Rith</p>
      </div>
    </footer>
  );
}

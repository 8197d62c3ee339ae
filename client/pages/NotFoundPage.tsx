import { Link } from 'react-router-dom';
import { usePageTitle } from '../lib/usePageTitle.ts';
import { useNoIndex } from '../lib/useNoIndex.ts';
import '../components/legal/message-page.css';

/** Any unknown path (and, from the home page, an unknown club url). */
export function NotFoundPage() {
  usePageTitle('Page Not Found');
  useNoIndex();
  return (
    <div className="container msg-page">
      <div className="card msg-card">
        <p className="msg-code" aria-hidden="true">
          404
        </p>
        <h1>Oops! Page Not Found</h1>
        <p>The page you are looking for does not exist or has been moved.</p>
        <Link className="btn" to="/">
          Return to Homepage
        </Link>
      </div>
    </div>
  );
}

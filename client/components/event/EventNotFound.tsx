import { Link } from 'react-router-dom';
import { useNoIndex } from '../../lib/useNoIndex.ts';
import '../legal/message-page.css';

/** An event id the server does not know (404): says so, and offers the way home. */
export function EventNotFound() {
  useNoIndex();
  return (
    <div className="container msg-page">
      <div className="card msg-card">
        <h1>Event Not Found</h1>
        <p>Sorry, the event you are looking for does not exist or has been removed.</p>
        <Link className="btn" to="/">
          Return to Homepage
        </Link>
      </div>
    </div>
  );
}

import { Link } from 'react-router-dom';
import { ENTRIES_CLOSED, ENTRIES_CLOSED_MESSAGE } from '../../../shared/entries.ts';

/** In place of the sign-up steps once entries have closed (shared/entries.ts says when). */
export function EntriesClosed({ resultsPath }: { resultsPath: string }) {
  return (
    <div className="rg-unavailable">
      <h2 className="rg-step-title">{ENTRIES_CLOSED}</h2>
      <p>{ENTRIES_CLOSED_MESSAGE}</p>
      <div className="rg-actions">
        <Link className="btn" to={resultsPath}>
          Start lists and results
        </Link>
        <Link className="btn btn-secondary" to="/competitions">
          Other competitions
        </Link>
      </div>
    </div>
  );
}

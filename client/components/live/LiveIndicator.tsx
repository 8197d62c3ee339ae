import { useLiveStatus } from '../../lib/useLive.ts';
import './live.css';

/**
 * 'Live' while changes are pushed to this page, 'Reconnecting…' while they cannot be. The
 * status region is always there, so screen readers announce the change.
 */
export function LiveIndicator() {
  const status = useLiveStatus();
  return (
    <span className="live-indicator-region" role="status" aria-live="polite">
      {status === 'live' && (
        <span className="live-indicator is-live" title="Results appear here as they are published">
          <span className="live-indicator-dot" aria-hidden="true" />
          Live
        </span>
      )}
      {status === 'reconnecting' && (
        <span
          className="live-indicator is-reconnecting"
          title="Updates resume when the connection is back"
        >
          <span className="live-indicator-dot" aria-hidden="true" />
          Reconnecting…
        </span>
      )}
    </span>
  );
}

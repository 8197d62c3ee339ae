import { useEffect } from 'react';
import { useLiveStatus } from '../../lib/useLive.ts';
import { useConnectivity } from '../../lib/useConnectivity.ts';
import { resultsFromText } from '../../lib/connectivity.ts';
import './live.css';

/**
 * Whether this page is receiving updates, for the pages where that matters (a competition
 * happening now, an event with live data, an upload in progress). Its words and grey never
 * read as "this meet is live": that is the red LIVE NOW badge's job alone. A device that is
 * offline, or cannot reach Rith, is told by the NetworkBanner on every page instead. The
 * status region is always there, so screen readers announce the change.
 */
export function ConnectionStatus() {
  const { state, resultsFrom } = useConnectivity();
  let shown: { text: string; tone: string; title: string } | null = null;
  if (state === 'reconnecting') {
    shown = {
      text: 'Reconnecting…',
      tone: 'is-paused',
      title:
        'Live updates are reconnecting' +
        (resultsFrom !== null
          ? `; the results shown are from ${resultsFromText(resultsFrom)}`
          : ''),
    };
  } else if (state === 'live') {
    shown = {
      text: 'Updates on',
      tone: 'is-on',
      title: 'Changes appear on this page as they are published, without reloading',
    };
  }
  return (
    <span className="connection-status-region" role="status" aria-live="polite">
      {shown && (
        <span className={`connection-status ${shown.tone}`} title={shown.title}>
          <span className="connection-status-dot" aria-hidden="true" />
          {shown.text}
        </span>
      )}
    </span>
  );
}

/**
 * Writes the connection's state on the page's root element (data-updates="live"), on every
 * page, shown or not: what runs outside React (the browser tests) can tell when the page has
 * its subscriptions without a label on pages where it would mislead.
 */
export function ConnectionMark() {
  const status = useLiveStatus();
  useEffect(() => {
    document.documentElement.dataset.updates = status;
  }, [status]);
  return null;
}

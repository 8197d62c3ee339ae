import { useConnectivity } from '../../lib/useConnectivity.ts';
import { resultsFromText } from '../../lib/connectivity.ts';
import './live.css';

/**
 * Says, on every page, when what it shows is not live because this device is offline or Rith
 * cannot be reached, and since when its results are: the page keeps showing them (the
 * service worker kept the page and its data) and catches up by itself once the network is
 * back. Grey and worded plainly, never mistaken for the LIVE NOW badge.
 */
export function NetworkBanner() {
  const { state, resultsFrom } = useConnectivity();
  const from = resultsFrom !== null ? ` · results from ${resultsFromText(resultsFrom)}` : '';
  let shown: { title: string; detail: string } | null = null;
  if (state === 'offline') {
    shown = {
      title: `Offline${from}`,
      detail: 'This device is offline. The results update by themselves when it is back online.',
    };
  } else if (state === 'unreachable') {
    shown = {
      title: `Rith cannot be reached${from}`,
      detail:
        'This device is online, but Rith is not answering. The results update by themselves when it is back.',
    };
  }
  return (
    <div className="network-banner-region" role="status" aria-live="polite">
      {shown && (
        <div className={`network-banner is-${state}`}>
          <span className="network-banner-dot" aria-hidden="true" />
          <p>
            <strong>{shown.title}</strong> <span>{shown.detail}</span>
          </p>
        </div>
      )}
    </div>
  );
}

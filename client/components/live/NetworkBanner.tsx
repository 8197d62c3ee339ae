import { useConnectivity } from '../../lib/useConnectivity.ts';
import { connectivityText } from '../../lib/connectivity.ts';
import './live.css';

/**
 * Says, on every page, when what it shows is not live because this device is offline or Rith
 * cannot be reached, and since when its results are: the page keeps showing them (the
 * service worker kept the page and its data) and catches up by itself once the network is
 * back. Grey and worded plainly, never mistaken for the LIVE NOW badge.
 */
export function NetworkBanner() {
  const view = useConnectivity();
  const { state } = view;
  const title = connectivityText(view);
  let shown: { title: string; detail: string } | null = null;
  if (state === 'offline' && title !== null) {
    shown = {
      title,
      detail: 'This device is offline. The results update by themselves when it is back online.',
    };
  } else if (state === 'unreachable' && title !== null) {
    shown = {
      title,
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

import { useState, useSyncExternalStore } from 'react';
import {
  dismissPrompt,
  promptDismissed,
  turnOffAlerts,
  turnOnAlerts,
  useAlertsState,
} from '../../lib/pushAlerts.ts';
import { useFollows } from '../../lib/follows.ts';

// "Not now" is shared by the prompt and My athletes' toggle: alerts are offered by one of
// them at a time, the prompt first, the toggle once the prompt is put aside.
// Remembered in memory too: with storage off (private browsing) "Not now" still holds.
let asideThisVisit = false;
const dismissListeners = new Set<() => void>();
const subscribeDismissed = (listener: () => void) => {
  dismissListeners.add(listener);
  return () => dismissListeners.delete(listener);
};
const usePromptDismissed = (): boolean =>
  useSyncExternalStore(
    subscribeDismissed,
    () => asideThisVisit || promptDismissed(),
    () => false,
  );
function putPromptAside() {
  asideThisVisit = true;
  dismissPrompt();
  for (const listener of dismissListeners) listener();
}

/**
 * Alerts are offered once the visitor follows someone, never before: the words say what
 * will arrive, and the browser's permission question only comes after "Turn on alerts".
 */
export function AlertsPrompt() {
  const follows = useFollows();
  const state = useAlertsState();
  const dismissed = usePromptDismissed();
  const [error, setError] = useState<string | null>(null);
  const following = follows.athletes.length + follows.clubs.length > 0;
  if (!following || state === 'unsupported' || state === 'on' || dismissed) return null;
  if (state === 'denied') {
    return (
      <section className="card alerts-prompt" aria-labelledby="alerts-title">
        <h2 id="alerts-title">Alerts are blocked</h2>
        <p>
          This browser blocks notifications from Rith. To get alerts for the athletes you follow,
          allow notifications for this site in the browser’s settings.
        </p>
      </section>
    );
  }
  return (
    <section className="card alerts-prompt" aria-labelledby="alerts-title">
      <h2 id="alerts-title">Get alerts for the athletes you follow?</h2>
      <p>
        This phone gets a notification when their start list is out, about 15 minutes before they
        are expected to start, and when their result is in (unofficial first, then official). No
        account needed; stop at any time.
      </p>
      {error && (
        <p className="alerts-error" role="alert">
          {error}
        </p>
      )}
      <div className="alerts-prompt-actions">
        <button
          type="button"
          className="btn"
          disabled={state === 'working'}
          onClick={() => {
            setError(null);
            turnOnAlerts().catch(() =>
              setError('Alerts could not be turned on. Check your connection and try again.'),
            );
          }}
        >
          Turn on alerts
        </button>
        <button type="button" className="btn btn-secondary" onClick={putPromptAside}>
          Not now
        </button>
      </div>
    </section>
  );
}

/**
 * On a device with alerts on: says so, and turns them off. Off, it offers them only once
 * the prompt was put aside: while the prompt shows, it is the one offer.
 */
export function AlertsToggle() {
  const state = useAlertsState();
  const dismissed = usePromptDismissed();
  if (state === 'unsupported' || state === 'denied') return null;
  if (state !== 'on') {
    if (!dismissed) return null;
    return (
      <button
        type="button"
        className="btn btn-secondary"
        disabled={state === 'working'}
        onClick={() => void turnOnAlerts().catch(() => undefined)}
      >
        Turn on alerts
      </button>
    );
  }
  return (
    <button
      type="button"
      className="btn btn-secondary"
      onClick={() => void turnOffAlerts().catch(() => undefined)}
    >
      Stop alerts on this device
    </button>
  );
}

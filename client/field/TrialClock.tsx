import { useEffect, useState } from 'react';

/** The time an athlete has for a trial (TR 25.17): one minute in most cases. */
const TRIAL_SECONDS = 60;

/** An optional trial clock: started by the judge, counts down, says when time is up. */
export function TrialClock() {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [endsAt]);
  const left = endsAt === null ? TRIAL_SECONDS : Math.max(0, Math.ceil((endsAt - now) / 1000));
  const shown = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
  return (
    <div className="field-clock">
      <span
        className={`field-clock-time${left === 0 ? ' is-up' : ''}`}
        role="timer"
        aria-live="off"
      >
        {endsAt !== null && left === 0 ? 'Time' : shown}
      </span>
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => {
          setNow(Date.now());
          setEndsAt(endsAt === null ? Date.now() + TRIAL_SECONDS * 1000 : null);
        }}
      >
        {endsAt === null ? 'Start clock' : 'Reset clock'}
      </button>
    </div>
  );
}
